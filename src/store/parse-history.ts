/**
 * Read a history file's text, refusing anything it cannot trust: a syntax error, a record of the wrong
 * shape (a hand edit gone wrong), or a format written by a newer version. Every refusal is an InputError
 * naming the line, and the caller never overwrites a file it could not read.
 */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { isMap, isSeq, type Node } from 'yaml';
import { parseJsonLimited } from '../ingest/json/parse-limited.js';
import { jsonSyntaxError } from '../ingest/json/syntax-error.js';
import { InputError, lineAt, type HistoryRecord } from '../model.js';
import { linedDocument, type LinedDocument } from '../config/yaml-lines.js';
import { emptyHistory, HISTORY_FORMAT, type HistoryFile } from './history.js';
import { recordProblem } from './record-problem.js';

export function parseHistory(text: string, source: string): HistoryFile {
  if (text.trim() === '') return emptyHistory();
  let data: unknown;
  try {
    data = parseJsonLimited(text, source);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const { line, what } = whereJsonFails(text, e as Error);
    throw new InputError(
      source,
      line,
      `history is not valid JSON (${what}); fix or restore the file, it is left as it is`,
    );
  }
  const where = locator(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputError(source, 1, 'history must be an object {"format": 1, "runs": [...]}');
  }
  const obj = data as Record<string, unknown>;
  const format = obj.format;
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
    throw new InputError(source, where(['format']), 'history has no valid "format" number');
  }
  if (format > HISTORY_FORMAT) {
    throw new InputError(
      source,
      where(['format']),
      `history was written in format ${format} by a newer version of training-metrics-gate; this version reads format ${HISTORY_FORMAT}: upgrade it (the file is left as it is)`,
    );
  }
  if (!Array.isArray(obj.runs)) throw new InputError(source, where(['runs']), 'history has no "runs" list');
  obj.runs.forEach((run, i) => {
    const problem = recordProblem(run);
    if (problem)
      throw new InputError(source, where(['runs', i, ...problem.path]), `run ${i + 1} of the history: ${problem.what}`);
  });
  const extra = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== 'format' && k !== 'runs'));
  return {
    format: HISTORY_FORMAT,
    runs: obj.runs as HistoryRecord[],
    ...(Object.keys(extra).length ? { extra } : {}),
  };
}

/** Line of the deepest node on `path` that exists (JSON is YAML, so the yaml parser gives positions). */
function locator(text: string): (path: (string | number)[]) => number | null {
  let cached: LinedDocument | null = null;
  return (path) => {
    cached ??= linedDocument(text);
    let node: Node | null = cached.doc.contents as Node | null;
    let best = cached.lineOf(node);
    for (const step of path) {
      let next: Node | null = null;
      if (typeof step === 'number' && isSeq(node)) next = (node.items[step] as Node | undefined) ?? null;
      else if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === step);
        next = (pair?.value as Node | undefined) ?? (pair?.key as Node | undefined) ?? null;
      }
      if (!next) break;
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
function whereJsonFails(text: string, e: Error): { line: number | null; what: string } {
  try {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (first)
      return {
        line: lineAt(text, first.offset),
        what: printParseErrorCode(first.error)
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase(),
      };
  } catch {
    // too deep for a recursive parser
  }
  const { offset, what } = jsonSyntaxError(e);
  return { line: offset === null ? null : lineAt(text, offset), what };
}
