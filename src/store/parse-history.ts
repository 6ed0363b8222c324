/**
 * Read a history file's text, refusing anything it cannot trust: a syntax error, a record of the wrong
 * shape (a hand edit gone wrong), or a format written by a newer version. Every refusal is an InputError
 * naming the line, and the caller never overwrites a file it could not read.
 */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { isMap, isSeq, type Node } from 'yaml';
import { parseJsonLimited } from '../ingest/json/parse-limited.js';
import { InputError, lineAt, type HistoryRecord } from '../model.js';
import { linedDocument, type LinedDocument } from '../config/yaml-lines.js';
import { emptyHistory, HISTORY_FORMAT, type HistoryFile } from './history.js';

const KINDS = new Set(['loss', 'timer', 'window', 'gauge', 'ignore']);
const DIRECTIONS = new Set(['higher', 'lower', 'none']);

export function parseHistory(text: string, source: string): HistoryFile {
  if (text.trim() === '') return emptyHistory();
  let data: unknown;
  try {
    data = parseJsonLimited(text, source);
  } catch (e) {
    if (e instanceof InputError) throw e;
    // JSON.parse does not always say where; jsonc-parser in strict mode does.
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const line = first ? lineAt(text, first.offset) : null;
    const what = first
      ? printParseErrorCode(first.error)
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase()
      : (e as Error).message;
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

function recordProblem(r: unknown): { path: (string | number)[]; what: string } | null {
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return { path: [], what: 'is not an object' };
  const o = r as Record<string, unknown>;
  for (const key of ['experiment', 'fingerprint', 'run', 'recordedAt', 'ref', 'sha', 'runId']) {
    if (typeof o[key] !== 'string') return { path: [key], what: `"${key}" must be a string` };
  }
  if (o.repository !== undefined && typeof o.repository !== 'string')
    return { path: ['repository'], what: '"repository" must be a string' };
  if (o.attempt !== undefined && !(typeof o.attempt === 'number' && Number.isInteger(o.attempt) && o.attempt >= 1))
    return { path: ['attempt'], what: '"attempt" must be a whole number from 1' };
  if (o.quarantined !== undefined) {
    const q = o.quarantined as Record<string, unknown> | null;
    if (typeof q !== 'object' || q === null || typeof q.at !== 'string' || typeof q.reason !== 'string')
      return { path: ['quarantined'], what: '"quarantined" must be {"at": "…", "reason": "…"}' };
  }
  for (const key of ['baseline', 'complete']) {
    if (typeof o[key] !== 'boolean') return { path: [key], what: `"${key}" must be true or false` };
  }
  if (typeof o.steps !== 'number' || !Number.isFinite(o.steps))
    return { path: ['steps'], what: '"steps" must be a number' };
  if (typeof o.metrics !== 'object' || o.metrics === null || Array.isArray(o.metrics))
    return { path: ['metrics'], what: '"metrics" must be an object' };
  for (const [name, m] of Object.entries(o.metrics as Record<string, unknown>)) {
    const path = ['metrics', name];
    if (typeof m !== 'object' || m === null) return { path, what: `metric "${name}" must be an object` };
    const mm = m as Record<string, unknown>;
    if (!KINDS.has(mm.kind as string))
      return { path: [...path, 'kind'], what: `metric "${name}": unknown kind ${JSON.stringify(mm.kind)}` };
    if (!DIRECTIONS.has(mm.direction as string))
      return {
        path: [...path, 'direction'],
        what: `metric "${name}": unknown direction ${JSON.stringify(mm.direction)}`,
      };
    if (typeof mm.unit !== 'string')
      return { path: [...path, 'unit'], what: `metric "${name}": "unit" must be a string` };
    // null stands for a value JSON cannot hold (NaN): a run whose metric never had a finite value.
    for (const key of ['centre', 'spread', 'n', 'nonFinite']) {
      if (!(typeof mm[key] === 'number' || mm[key] === null))
        return { path: [...path, key], what: `metric "${name}": "${key}" must be a number` };
    }
    if (mm.final !== undefined && !(typeof mm.final === 'number' || mm.final === null))
      return { path: [...path, 'final'], what: `metric "${name}": "final" must be a number` };
    if (mm.samples !== undefined) {
      const ok =
        Array.isArray(mm.samples) &&
        mm.samples.every(
          (p) =>
            Array.isArray(p) &&
            p.length === 2 &&
            typeof p[0] === 'number' &&
            (typeof p[1] === 'number' || p[1] === null),
        );
      if (!ok) return { path: [...path, 'samples'], what: `metric "${name}": "samples" must be [step, value] pairs` };
    }
    if (mm.noise !== undefined && !(typeof mm.noise === 'number' || mm.noise === null))
      return { path: [...path, 'noise'], what: `metric "${name}": "noise" must be a number` };
    if (mm.regressed !== undefined && mm.regressed !== true)
      return { path: [...path, 'regressed'], what: `metric "${name}": "regressed" must be true when present` };
    if (mm.curve !== undefined && !isCurve(mm.curve))
      return {
        path: [...path, 'curve'],
        what: `metric "${name}": "curve" must be {every, start, means, counts} with one mean (or null) per count`,
      };
  }
  return null;
}

/** A StepCurve as the stores write it: a power-of-two width, an integer start, means and counts alike long. */
function isCurve(c: unknown): boolean {
  if (typeof c !== 'object' || c === null) return false;
  const { every, start, means, counts } = c as Record<string, unknown>;
  return (
    typeof every === 'number' &&
    every >= 1 &&
    Number.isInteger(Math.log2(every)) &&
    typeof start === 'number' &&
    Number.isInteger(start) &&
    Array.isArray(means) &&
    Array.isArray(counts) &&
    means.length === counts.length &&
    means.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v))) &&
    counts.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)
  );
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
