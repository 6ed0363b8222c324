/**
 * Files that reach the CSV reader but are not a per-step metrics table: a capture written without a header
 * row, an MLPerf `:::MLLOG` log, a console log. Each is refused up front, by what its first lines look like,
 * with a message that says what the file seems to be; otherwise its first data row would become column
 * names, or csv-parse would stop at the first stray quote of a line of prose.
 */
import { InputError } from '../../model.js';
import { type Cell, CellKind, classifyCell } from './cell.js';
import { findStepColumn } from './header.js';

/** Lines of the file's start that are looked at. */
const PROBE_LINES = 200;
/** Characters of the file's start that are looked at. */
const PROBE_CHARS = 64 << 10;

/** A number with a short unit (`85 %`, `11409 MiB`), as header-less captures write them. */
const NUMBER_WITH_UNIT = /^[+-]?\d+(?:\.\d+)?\s*(?:%|[A-Za-z]{1,3})$/;
/** A date as timestamps begin (`2025/09/08 14:14:37`, `2026-08-24T13:08:50Z`): never a column name. */
const DATE_START = /^\d{4}[-/]\d{2}[-/]\d{2}/;

function looksLikeValue(field: string, cell: Cell): boolean {
  const kind = classifyCell(field, cell).kind;
  return (
    kind === CellKind.Number || kind === CellKind.NanToken || NUMBER_WITH_UNIT.test(field) || DATE_START.test(field)
  );
}

/**
 * Whether a line is an MLPerf log event: `:::MLLOG {json}` at its start, or after a short rank prefix
 * that launchers add (`0: `, `[1,0]<stdout>:`).
 */
function isMllogLine(line: string): boolean {
  const at = line.indexOf(':::MLLOG');
  return at >= 0 && at <= 32 && (at === 0 || /[\s:]$/.test(line.slice(0, at)));
}

/** Fields of a line split on `delimiter` outside double quotes. */
function fieldCount(line: string, delimiter: string): number {
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) fields++;
  }
  return fields;
}

/** Whether a line reads as prose: three or more words of two or more letters. */
function isProse(line: string): boolean {
  let words = 0;
  let run = 0;
  for (let i = 0; i <= line.length; i++) {
    const c = i < line.length ? line.charCodeAt(i) | 0x20 : 0;
    if (c >= 0x61 && c <= 0x7a) run++;
    else {
      if (run >= 2 && ++words >= 3) return true;
      run = 0;
    }
  }
  return false;
}

/** Refuse the file when its header is a row of data (a header naming a step column is a header). */
function refuseHeaderless(source: string, headerLine: number, names: string[]): void {
  // `step,0,1,2,3`: histogram buckets or quantiles may be named by numbers.
  if (findStepColumn(names).index >= 0) return;
  const cell: Cell = { kind: CellKind.Missing, value: NaN };
  const written = names.filter((name, i) => name !== `column${i + 1}`);
  const values = written.filter((name) => looksLikeValue(name, cell));
  const dated = values.some((name) => DATE_START.test(name));
  if (!values.length || (!dated && values.length * 2 < written.length)) return;
  const shown = values
    .slice(0, 3)
    .map((v) => `"${v.length > 30 ? `${v.slice(0, 30)}…` : v}"`)
    .join(', ');
  throw new InputError(
    source,
    headerLine,
    `a CSV without a header row: the first line is data (${values.length} of ${written.length} fields are numbers or times: ${shown}); add a header line naming the columns`,
  );
}

/** What the CSV reader found at the file's start. */
export interface TableStart {
  headerLine: number;
  headerText: string;
  /** Text after the header line (the first bytes of the rest of the file). */
  after: string;
  delimiter: string;
  names: string[];
}

/** Refuse the file when its start is not a per-step metrics table. */
export function refuseNonTable(source: string, start: TableStart): void {
  const { headerLine, delimiter, names } = start;
  const lines = [start.headerText, ...start.after.slice(0, PROBE_CHARS).split('\n', PROBE_LINES)];
  const mllog = lines.findIndex(isMllogLine);
  if (mllog >= 0) {
    throw new InputError(
      source,
      headerLine + mllog,
      'an MLPerf :::MLLOG log, not a per-step metrics table: convert its events to a CSV with one row per step (or eval) first',
    );
  }
  refuseHeaderless(source, headerLine, names);
  const body = lines.slice(1).filter((line) => line.trim() !== '');
  if (!body.length) return;
  const fitting = body.filter((line) => fieldCount(line, delimiter) === names.length).length;
  const prose = body.filter(isProse).length;
  if ((names.length === 1 || fitting * 2 < body.length) && prose * 2 >= body.length) {
    throw new InputError(
      source,
      headerLine,
      `a text log (console output?), not a per-step metrics table: ${prose} of the first ${body.length} lines are prose and ${body.length - fitting} do not have the header's ${names.length} field${names.length === 1 ? '' : 's'}; log metrics to a CSV with one row per step`,
    );
  }
}
