/** Open any supported metrics file as a Table, choosing the reader by the file's content. */
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { InputError, lineAt, type Table } from '../model.js';
import { DEFAULT_STEP_BUFFER, openCsvTable } from './csv/table.js';
import { METRICS_EXT, readHead, readHeadAfterBlankLines, readTextFile } from './file.js';
import { hfTrainerStateTable, isHfTrainerState } from './json/hf-trainer-state.js';
import { isMegatronGoldenValues, megatronTable } from './json/megatron.js';
import { jsonLinesStepKey, jsonLinesTable, looksLikeJsonLines, parseJsonLines, STEP_KEYS } from './json/json-lines.js';
import { parseJsonLimited } from './json/parse-limited.js';
import { isStepMajorGoldenValues, stepMajorTable } from './json/step-major.js';
import { type FileKind, sniffKind } from './sniff.js';
import { isTfRecordStart } from './tensorboard/tfrecord.js';
import { eventFilesIn, openEventsTable } from './tensorboard/events-table.js';

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
}

async function openJsonTable(source: string, batchSize: number): Promise<Table> {
  const text = (await readTextFile(source, MAX_JSON_BYTES)).replace(/^\uFEFF/, '');
  if (looksLikeJsonLines(text)) {
    const warnings: string[] = [];
    const parsed = parseJsonLines(source, text, warnings);
    const stepKey = jsonLinesStepKey(parsed.objects);
    if (stepKey) return jsonLinesTable(source, parsed, stepKey, batchSize, warnings);
    throw new InputError(
      source,
      null,
      `JSON lines without a step key (${STEP_KEYS.join(', ')}) on most lines, so not a per-step log: a run manifest of JSON lines is given with --metadata (input metadata)`,
    );
  }
  let json: unknown;
  try {
    json = parseJsonLimited(text, source);
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
  if (isHfTrainerState(json)) return hfTrainerStateTable(source, json, batchSize);
  if (isMegatronGoldenValues(json)) return megatronTable(source, json, batchSize);
  if (isStepMajorGoldenValues(json)) return stepMajorTable(source, json, batchSize);
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
    if ((await eventFilesIn(path)).length) return openEventsTable(path, { batchSize: stepBuffer });
    // A rank's folder (`rank_3/`) or a run's folder holding its one metrics file (by name, else its one file).
    const all = (await readdir(path, { withFileTypes: true }))
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
    const named = all.filter((n) => METRICS_EXT.has(extname(n).toLowerCase()));
    const files = named.length ? named : all;
    if (files.length === 1) return openTable(join(path, files[0]!), options);
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
  if (kind === 'tensorboard') return openEventsTable(path, { batchSize: stepBuffer });
  if (kind === 'json') return openJsonTable(path, stepBuffer);
  return openCsvTable(path, { stepBuffer });
}
