/** Open any supported metrics file as a Table, choosing the reader by the file's content. */
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { InputError, lineAt, type Table } from '../model.js';
import { DEFAULT_STEP_BUFFER, openCsvTable } from './csv/table.js';
import { METRICS_EXT, readHead, readHeadAfterBlankLines, readTextFile } from './file.js';
import { hfTrainerStateTable, isHfTrainerState } from './json/hf-trainer-state.js';
import { isMegatronGoldenValues, megatronTable } from './json/megatron.js';
import { jsonLinesStepKey, jsonLinesTable, looksLikeJsonLines, parseJsonLines, STEP_KEYS } from './json/json-lines.js';
import { openMMLabPhases } from './json/openmmlab.js';
import { type DuplicateKey, parseJsonLimited } from './json/parse-limited.js';
import { isStepMajorGoldenValues, stepMajorTable } from './json/step-major.js';
import { monitorTable } from './rl-monitor.js';
import type { ProgressSink } from '../progress/index.js';
import { type FileKind, sniffKind } from './sniff.js';
import {
  areSplits,
  eventFilesIn,
  isTfRecordStart,
  mergeSplits,
  openEventsTable,
  severalRuns,
  tensorboardRunsIn,
} from './tensorboard/index.js';

/** Whether `path` is a folder; false when it cannot be read (opening it names the problem). */
export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false; // opening it names the problem
  }
}

/** JSON metric files are read whole; anything larger is not one of the supported JSON shapes. */
const MAX_JSON_BYTES = 256 << 20;

export interface OpenTableOptions {
  /** Rows per batch, and the least number of recent rows a restart can rewrite (default 65,536). */
  stepBuffer?: number;
  /** Where reading a file that takes long says how far it is (its bytes). */
  progress?: ProgressSink;
}

async function openJsonTable(source: string, batchSize: number, onBytes: (n: number) => void): Promise<Table> {
  const text = (await readTextFile(source, MAX_JSON_BYTES)).replace(/^\uFEFF/, '');
  onBytes(text.length);
  if (looksLikeJsonLines(text)) {
    const warnings: string[] = [];
    const read = parseJsonLines(source, text, warnings);
    // OpenMMLab's logs keep training and validation on axes of their own: one step axis, phases apart.
    const phased = openMMLabPhases(read.objects, read.lines);
    if (phased) warnings.push(phased.note);
    const parsed = phased ? { ...read, objects: phased.objects, lines: phased.lines } : read;
    const stepKey = phased ? 'step' : jsonLinesStepKey(parsed.objects);
    if (stepKey) return jsonLinesTable(source, parsed, stepKey, batchSize, warnings);
    throw new InputError(
      source,
      null,
      `JSON lines without a step key (${STEP_KEYS.join(', ')}) on most lines, so not a per-step log: a run manifest of JSON lines is given with --metadata (input metadata)`,
    );
  }
  let json: unknown;
  const duplicates: DuplicateKey[] = [];
  try {
    json = parseJsonLimited(text, source, { onDuplicateKey: (d) => duplicates.push(d) });
  } catch (e) {
    if (e instanceof InputError) throw e;
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = at ? lineAt(text, Number(at[1])) : null;
    const jsonLines =
      line !== null && line > 1 && /^\s*\{/.test(text) && /\}\s*\r?\n\s*\{/.test(text.slice(0, 1 << 16));
    throw new InputError(
      source,
      line,
      jsonLines
        ? 'JSON lines, not one JSON document (a run manifest of JSON lines is given with --metadata, input metadata)'
        : `invalid JSON: ${message.split('\n')[0]}`,
    );
  }
  // JSON.parse keeps the later of two values of one key without a word: the reader says which it read.
  const twice = (what: (key: string) => string) =>
    duplicates.map(
      ({ key, first, again }) =>
        `${what(key)} "${key}" is given twice (lines ${lineAt(text, first)} and ${lineAt(text, again)}): the later one is read, the first left out`,
    );
  const table = isHfTrainerState(json)
    ? hfTrainerStateTable(source, json, batchSize)
    : isMegatronGoldenValues(json)
      ? megatronTable(source, json, batchSize)
      : isStepMajorGoldenValues(json)
        ? stepMajorTable(source, json, batchSize)
        : null;
  if (table) {
    const golden = isMegatronGoldenValues(json);
    const scalar = (key: string) => typeof (json as Record<string, unknown>)[key] !== 'object';
    table.warnings.unshift(
      ...twice((key) =>
        isHfTrainerState(json) ? 'key' : scalar(key) ? 'run-level value' : golden ? 'metric' : 'step',
      ),
    );
    return table;
  }
  throw new InputError(
    source,
    null,
    'JSON of an unknown shape: expected Megatron golden values {metric: {values: {step: value}}}, step-major golden values {step: {metric: value}}, or a Hugging Face trainer_state.json with log_history',
  );
}

/**
 * Open a metrics file: a per-step CSV (streamed), Megatron golden-values JSON, a Hugging Face
 * `trainer_state.json`, a JSON-lines per-step log, or TensorBoard event files (a file or a run
 * directory), told apart by content (sniff.ts) before any parser runs. Problems visible up front throw InputError; problems found
 * while streaming are thrown as InputError from `batches`.
 */
/**
 * The file's kind from its first bytes; a text file that starts with blank lines (a rank's file split out
 * of a log of many ranks) from its first written line on. Binary starts (a TFRecord's length can begin
 * with a line feed byte) are looked at as they are.
 */
async function kindOf(path: string, head: Buffer): Promise<FileKind> {
  if (isTfRecordStart(head) || !(head[0] === 0x0a || head[0] === 0x0d)) return sniffKind(path, head);
  const after = await readHeadAfterBlankLines(path, head.length);
  return sniffKind(path, after.head.length ? after.head : head, after.head.length ? after.linesBefore : 0);
}

export async function openTable(path: string, options: OpenTableOptions = {}): Promise<Table> {
  const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
  // A run directory of TensorBoard event files (a resumed job writes one per attempt).
  if (await isDirectory(path)) {
    const events = await eventFilesIn(path);
    if (events.length)
      return reading(path, events, options.progress, (onBytes, onMoreBytes) =>
        openEventsTable(path, { batchSize: stepBuffer, onBytes, onMoreBytes }),
      );
    // A rank's folder (`rank_3/`) or a run's folder holding its one metrics file (by name, else its one file).
    const all = (await readdir(path, { withFileTypes: true }))
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
    const named = all.filter((n) => METRICS_EXT.has(extname(n).toLowerCase()));
    const files = named.length ? named : all;
    if (files.length === 1) return openTable(join(path, files[0]!), options);
    // A TensorBoard log directory: runs in subfolders (docs/ingest.md#tensorboard-log-directories).
    const runs = files.length ? [] : await tensorboardRunsIn(path);
    if (runs.length === 1) return openTable(join(path, runs[0]!), options);
    if (runs.length > 1) {
      if (!areSplits(runs)) throw severalRuns(path, runs);
      const tables = [];
      for (const name of runs) tables.push({ name, table: await openTable(join(path, name), options) });
      return mergeSplits(path, tables, stepBuffer);
    }
    throw new InputError(
      path,
      null,
      files.length
        ? `is a directory of ${files.length} metrics files (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}): name the file`
        : 'is a directory, not a metrics file (nor a run directory of TensorBoard event files)',
    );
  }
  const head = await readHead(path, 4096);
  if (head.length === 0) throw new InputError(path, null, 'empty file');
  const kind = head.includes(0) && !isTfRecordStart(head) ? 'csv' : await kindOf(path, head);
  return reading(path, [path], options.progress, (onBytes, onMoreBytes) => {
    if (kind === 'tensorboard') return openEventsTable(path, { batchSize: stepBuffer, onBytes, onMoreBytes });
    if (kind === 'json') return openJsonTable(path, stepBuffer, onBytes);
    if (kind === 'rl-monitor') return monitorTable(path, stepBuffer);
    return openCsvTable(path, { stepBuffer, onBytes });
  });
}

/** A table read with its progress told: the files' bytes, from opening until its batches are drained. */
async function reading(
  path: string,
  files: string[],
  progress: ProgressSink | undefined,
  open: (onBytes: (n: number) => void, onMoreBytes: (n: number) => void) => Promise<Table>,
): Promise<Table> {
  if (!progress)
    return open(
      () => {},
      () => {},
    );
  let size = 0;
  for (const f of files) size += (await stat(f)).size;
  const task = progress.task(`reading ${path}`, size, 'bytes');
  let table: Table;
  try {
    table = await open(
      (n) => task.add(n),
      (n) => task.grow(n),
    );
  } catch (e) {
    task.end();
    throw e;
  }
  const batches = table.batches;
  return {
    ...table,
    batches: (async function* () {
      try {
        yield* batches;
      } finally {
        task.end();
      }
    })(),
  };
}
