/**
 * What one CSV cell holds. Both row readers (the byte scanner and csv-parse) classify cells through
 * this one grammar, so they produce identical batches.
 */

export enum CellKind {
  Missing = 0,
  Number = 1,
  NanToken = 2,
  Text = 3,
}

/** Explicit NaN as NumPy, PyTorch and pandas write it (`nan`, `NaN`, `-nan`, `NAN`). */
const NAN_TOKEN = /^[+-]?nan$/i;
/** Infinities as Python (`inf`, `-inf`), JavaScript (`Infinity`) and C (`INF`) write them. */
const INF_TOKEN = /^([+-]?)(inf|infinity)$/i;
/** Cells that mean "no value here": empty, nvidia-smi's `[N/A]`, amd-smi's `N/A`, Python's `None`, JSON's `null`. */
const MISSING_TOKEN = /^(|n\/a|\[n\/a\]|na|none|null|-)$/i;
/**
 * A plain decimal number. Deliberately narrower than `Number()`, which would read `0x1F` as 31, `''` as 0
 * and `1_000` as NaN: hex and other text must stay text. Each character can be matched in one way only
 * (`\d+(\.\d*)?`, not `\d+\.?\d*`, whose two digit runs can split a run of digits n ways), so a
 * failing match backtracks in linear, not quadratic, time.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/**
 * Cells longer than this (after trimming) are text without being looked at: no number, token or marker
 * is anywhere near as long, and it keeps the work per cell bounded whatever the file holds.
 */
export const MAX_CELL = 4096;

/** Result slot reused by callers so that classifying a cell allocates nothing. */
export interface Cell {
  kind: CellKind;
  value: number;
}

/** Classify a cell's text (surrounding spaces ignored). Writes into `out` and returns it. */
export function classifyCell(text: string, out: Cell): Cell {
  const s = text.trim();
  if (s.length > MAX_CELL) {
    out.kind = CellKind.Text;
    out.value = NaN;
  } else if (DECIMAL.test(s)) {
    out.kind = CellKind.Number;
    out.value = Number(s);
  } else if (MISSING_TOKEN.test(s)) {
    out.kind = CellKind.Missing;
    out.value = NaN;
  } else if (NAN_TOKEN.test(s)) {
    out.kind = CellKind.NanToken;
    out.value = NaN;
  } else {
    const inf = INF_TOKEN.exec(s);
    if (inf) {
      out.kind = CellKind.Number;
      out.value = inf[1] === '-' ? -Infinity : Infinity;
    } else {
      out.kind = CellKind.Text;
      out.value = NaN;
    }
  }
  return out;
}
