/**
 * A capture written with `--format=csv,noheader` has a sample where its header should be. Its columns
 * cannot be named (nvidia-smi writes the fields in the order of a `--query-gpu` list this file does not
 * hold), so it is refused with a message that says how to capture it instead of guessing the columns.
 */
import { parseSampleTime } from './timestamp.js';
import { parseCell } from './value.js';

function isDataCell(cell: string): boolean {
  if (!Number.isNaN(parseSampleTime(cell)) && /\d/.test(cell)) return true;
  try {
    return !Number.isNaN(parseCell(cell, 'percent'));
  } catch {
    return false;
  }
}

/** The refusal for a first line that is a sample (most of its cells are numbers or times), else null. */
export function headerlessMessage(firstLine: string[]): string | null {
  const data = firstLine.filter(isDataCell).length;
  if (data === 0 || data * 2 < firstLine.length) return null;
  const shown = firstLine.join(', ');
  return (
    `no header: the first line is a sample ("${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}"), not column names, ` +
    'so the columns cannot be named (captured with --format=csv,noheader?). Capture with --format=csv (nounits is fine) to keep the header line'
  );
}
