/**
 * What a metrics file is, decided from its first bytes before any parser runs, so that a file of another
 * kind is named for what it is instead of getting a parser's internal message:
 *  - a TensorBoard event file: a TFRecord whose first length field checks against its CRC32C (or the
 *    `tfevents` name TensorBoard gives every event file);
 *  - JSON: a document or JSON lines, the first non-blank byte `{`, or `[` opening an array (not
 *    `[2024-01-01 12:00:00,000] [INFO]`, `[rank0]:` or `[1,0]<stdout>`, which start console log lines);
 *  - refused, with what to pass instead (a console log: half its first lines start so, or its first line
 *    and a quarter of them, since build and progress output comes between): an MLPerf result log (`:::SYSJSON` / `:::MLLOG` lines), a GPU
 *    capture (nvidia-smi's table or `dmon` output, or a CSV whose columns are GPU telemetry by name and
 *    that has no step column), a Prometheus scrape (`# HELP` / `# TYPE` lines), a console log whose lines start with a bracketed tag or a timestamp, and a
 *    header-less table of numbers separated by spaces;
 *  - else CSV, whose reader refuses the rest (prose, a per-run summary, a header that is data).
 * Every rule looks at line shapes and names over the first lines, never at one file's text.
 */
import { CSV_COLUMNS, CSV_IDENTITY, findCsvColumn } from '../gpu/capture/fields.js';
import { defaultClass } from '../classify/defaults.js';
import { columnKey } from '../gpu/capture/column-name.js';
import { InputError } from '../model.js';
import { findStepColumn } from './csv/header.js';
import { isMonitorStart } from './rl-monitor.js';
import { isTfRecordStart } from './tensorboard/index.js';

export type FileKind = 'tensorboard' | 'json' | 'csv' | 'rl-monitor';

/** Lines of the file's start that the rules look at: its first non-blank ones. */
const PROBE_LINES = 50;

/** A console log line's start: a bracketed tag (`[2024-…]`, `[INFO]`, `[rank0]:`) or a date-time. */
const LOG_LINE = /^(\[[^\]\n]{1,64}\][\s:<]|\d{4}-\d{2}-\d{2}[ T][\d:.,]+\s+\S|[A-Z]{3,8}[:\s]+\d{4}-\d{2}-\d{2})/;
/** An MLPerf logging line, after a short launcher prefix (`0: `, `[1,0]<stdout>:`). */
const MLPERF_LINE = /^.{0,32}?:::(MLLOG|SYSJSON)\b/;
/** A line of numbers separated by whitespace, two or more. */
const NUMBERS_LINE = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?(\s+[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)+\s*$/;

/**
 * The head's first PROBE_LINES lines that are not blank: a rank's file split out of a log of many ranks has
 * the other ranks' lines as blank lines between its own (split-ranks.ts), so the first 50 lines of one of a
 * 64-rank job's files can hold one row, or none.
 */
function firstLines(head: string): string[] {
  const out: string[] = [];
  const text = head.replace(/^\uFEFF/, '');
  for (let start = 0; start <= text.length && out.length < PROBE_LINES; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') out.push(line);
    start = end + 1;
  }
  return out;
}

/** Share of `lines` for which `test` holds. */
const share = (lines: string[], test: (l: string) => boolean) =>
  lines.length ? lines.filter(test).length / lines.length : 0;

/**
 * The kind of file `head` (its first bytes) starts, or an InputError naming what it is instead.
 * `linesBefore`: blank lines of the file before the head (readHeadAfterBlankLines), for a refusal's line.
 */
export function sniffKind(source: string, head: Uint8Array, linesBefore = 0): FileKind {
  if (isTfRecordStart(head) || /(^|[/\\])events\.out\.tfevents\./.test(source)) return 'tensorboard';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const lines = firstLines(text);
  const first = lines[0] ?? '';
  const refuse = (line: string, what: string) => new InputError(source, linesBefore + lineNumber(text, line), what);

  if (isMonitorStart(first)) return 'rl-monitor';
  const mlperf = lines.find((l) => MLPERF_LINE.test(l));
  if (mlperf)
    throw refuse(
      mlperf,
      'an MLPerf result log (:::MLLOG events), not a per-step metrics table: convert its events to a CSV with one row per step (or eval) first',
    );
  if (isGpuCapture(lines))
    throw refuse(
      first,
      'an nvidia-smi capture (GPU telemetry of nvidia-smi or amd-smi, no step column): pass it with --gpu-csv (input gpu-csv), and the training metrics with --csv',
    );
  if (share(lines, (l) => /^# (HELP|TYPE) [a-zA-Z_:]/.test(l)) >= 0.1 && lines.some((l) => /^# TYPE /.test(l)))
    throw refuse(
      first,
      'a Prometheus scrape (text exposition), not a per-step metrics table: pass a GPU exporter scrape with --gpu-scrape',
    );
  const logLines = share(lines, (l) => LOG_LINE.test(l));
  if ((logLines >= 0.5 || (LOG_LINE.test(first) && logLines >= 0.25)) && !/^\s*[[{]\s*$/.test(first))
    throw refuse(
      first,
      'a DeepSpeed/console text log (its lines start with a bracketed tag or a timestamp), not a per-step metrics table: log the metrics to a CSV with one row per step, or give the file the trainer writes for them',
    );
  // A header line of names (Spinning Up's tab-separated progress.txt) makes it a table like any other.
  if (lines.length >= 2 && NUMBERS_LINE.test(first) && share(lines, (l) => NUMBERS_LINE.test(l)) >= 0.9)
    throw refuse(
      first,
      'a header-less space-separated table (every line is numbers): its columns have no names; add a header line naming them, with commas or tabs between the fields',
    );
  const c = first.trimStart()[0];
  return c === '{' || (c === '[' && !LOG_LINE.test(first.trimStart())) ? 'json' : 'csv';
}

/** Line number of `line`'s first occurrence in `text` (1-based). */
function lineNumber(text: string, line: string): number {
  const at = text.indexOf(line);
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/**
 * nvidia-smi's own table (`NVIDIA-SMI 5xx` inside `+---` rules), `dmon` output (`# gpu pwr …`), or a CSV
 * header of GPU telemetry: two or more GPU fields, or one with an identity column (timestamp, index,
 * uuid, bus id), and no step column nor loss.
 */
function isGpuCapture(lines: string[]): boolean {
  if (lines.some((l) => /NVIDIA-SMI \d/.test(l)) && lines.some((l) => /^\+-{5,}/.test(l))) return true;
  const first = lines[0] ?? '';
  if (/^#\s*(gpu|date|time)\b/i.test(first) && !first.includes(',')) return true;
  const names = first.split(first.includes('\t') ? '\t' : ',').map((n) => n.trim().replace(/^"|"$/g, ''));
  // A step column or a loss makes it a training log that also logs the GPU, whatever else it holds.
  if (findStepColumn(names).index >= 0 || names.some((n) => defaultClass(n).kind === 'loss')) return false;
  const keys = names.map(columnKey);
  const fields = Object.values(CSV_COLUMNS).filter((spellings) => findCsvColumn(keys, spellings) >= 0).length;
  const identity = Object.values(CSV_IDENTITY).some((spellings) => findCsvColumn(keys, spellings) >= 0);
  return fields >= 2 || (fields === 1 && (identity || names.length === 1));
}
