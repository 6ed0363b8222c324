import { b as parse, a as printParseErrorCode, j as jsonSyntaxError } from './syntax-error-CUtXZmYe.js';
import { d as distExports } from './index-D2ITh64m.js';
import { bm as parseJsonLimited, I as InputError, az as lineAt } from './postgres-url-BezLfty4.js';
import { l as linedDocument } from './yaml-lines-DqNqVNb0.js';
import { e as emptyHistory, H as HISTORY_FORMAT } from './history-DzKPUSLO.js';
import { r as recordProblem } from './record-problem-Cb4fC9fR.js';
import 'process';
import 'buffer';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';

/**
 * Read a history file's text, refusing anything it cannot trust: a syntax error, a record of the wrong
 * shape (a hand edit gone wrong), or a format written by a newer version. Every refusal is an InputError
 * naming the line, and the caller never overwrites a file it could not read.
 */
function parseHistory(text, source) {
    if (text.trim() === '')
        return emptyHistory();
    let data;
    try {
        data = parseJsonLimited(text, source);
    }
    catch (e) {
        if (e instanceof InputError)
            throw e;
        const { line, what } = whereJsonFails(text, e);
        throw new InputError(source, line, `history is not valid JSON (${what}); fix or restore the file, it is left as it is`);
    }
    const where = locator(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new InputError(source, 1, 'history must be an object {"format": 1, "runs": [...]}');
    }
    const obj = data;
    const format = obj.format;
    if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
        throw new InputError(source, where(['format']), 'history has no valid "format" number');
    }
    if (format > HISTORY_FORMAT) {
        throw new InputError(source, where(['format']), `history was written in format ${format} by a newer version of training-metrics-gate; this version reads format ${HISTORY_FORMAT}: upgrade it (the file is left as it is)`);
    }
    if (!Array.isArray(obj.runs))
        throw new InputError(source, where(['runs']), 'history has no "runs" list');
    obj.runs.forEach((run, i) => {
        const problem = recordProblem(run);
        if (problem)
            throw new InputError(source, where(['runs', i, ...problem.path]), `run ${i + 1} of the history: ${problem.what}`);
    });
    const extra = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== 'format' && k !== 'runs'));
    return {
        format: HISTORY_FORMAT,
        runs: obj.runs,
        ...(Object.keys(extra).length ? { extra } : {}),
    };
}
/** Line of the deepest node on `path` that exists (JSON is YAML, so the yaml parser gives positions). */
function locator(text) {
    let cached = null;
    return (path) => {
        cached ??= linedDocument(text);
        let node = cached.doc.contents;
        let best = cached.lineOf(node);
        for (const step of path) {
            let next = null;
            if (typeof step === 'number' && distExports.isSeq(node))
                next = node.items[step] ?? null;
            else if (distExports.isMap(node)) {
                const pair = node.items.find((p) => p.key?.value === step);
                next = pair?.value ?? pair?.key ?? null;
            }
            if (!next)
                break;
            node = next;
            best = cached.lineOf(node) ?? best;
        }
        return best;
    };
}
/**
 * Where and why JSON.parse refused the text: jsonc-parser in strict mode names both. It recurses, so on
 * text the depth scan passed over as a string (an unterminated quote before deep nesting) it may run out
 * of stack: then the position JSON.parse gave, if any, is the answer.
 */
function whereJsonFails(text, e) {
    try {
        const errors = [];
        parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
        const first = errors[0];
        if (first)
            return {
                line: lineAt(text, first.offset),
                what: printParseErrorCode(first.error)
                    .replace(/([a-z])([A-Z])/g, '$1 $2')
                    .toLowerCase(),
            };
    }
    catch {
        // too deep for a recursive parser
    }
    const { offset, what } = jsonSyntaxError(e);
    return { line: offset === null ? null : lineAt(text, offset), what };
}

export { parseHistory };
