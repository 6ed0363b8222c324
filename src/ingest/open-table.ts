/** Open any supported metrics file as a Table, choosing the reader by the file's content. */
import { InputError, lineAt, type Table } from '../model.js';
import { DEFAULT_STEP_BUFFER, openCsvTable } from './csv/table.js';
import { readHead, readTextFile } from './file.js';
import { hfTrainerStateTable, isHfTrainerState } from './json/hf-trainer-state.js';
import { isMegatronGoldenValues, megatronTable } from './json/megatron.js';
import { parseJsonLimited } from './json/parse-limited.js';

/** JSON metric files are read whole; anything larger is not one of the supported JSON shapes. */
const MAX_JSON_BYTES = 256 << 20;

export interface OpenTableOptions {
  /** Rows per batch, and the least number of recent rows a restart can rewrite (default 65,536). */
  stepBuffer?: number;
}

/** `json` when the first non-blank character (after a BOM) opens a JSON object or array, else `csv`. */
export function sniffFormat(head: Uint8Array): 'json' | 'csv' {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] === 0x7b /* { */ || head[i] === 0x5b /* [ */ ? 'json' : 'csv';
}

async function openJsonTable(source: string, batchSize: number): Promise<Table> {
  const text = (await readTextFile(source, MAX_JSON_BYTES)).replace(/^\uFEFF/, '');
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
  throw new InputError(
    source,
    null,
    'JSON of an unknown shape: expected Megatron golden values {metric: {values: {step: value}}} or a Hugging Face trainer_state.json with log_history',
  );
}

/**
 * Open a metrics file: a per-step CSV (streamed), Megatron golden-values JSON, or a Hugging Face
 * `trainer_state.json`, told apart by content. Problems visible up front throw InputError; problems found
 * while streaming are thrown as InputError from `batches`.
 */
export async function openTable(path: string, options: OpenTableOptions = {}): Promise<Table> {
  const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
  const head = await readHead(path, 4096);
  if (head.length === 0) throw new InputError(path, null, 'empty file');
  if (sniffFormat(head) === 'json' && !head.includes(0)) return openJsonTable(path, stepBuffer);
  return openCsvTable(path, { stepBuffer });
}
