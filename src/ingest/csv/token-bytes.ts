/**
 * The cell grammar of `cell.ts` for a cell the byte scanner could not read as a plain decimal, decided
 * on the bytes: the tokens (`nan`, `inf`, `N/A`, …) are compared in place, and anything else is text
 * without a string being made for it. A file of short non-numeric cells then costs about what a file
 * of numbers does. Cells that begin or end with other bytes go to `classifyCell` on their text.
 */
import { type Cell, CellKind } from './cell.js';

const SPACE = 0x20;
const TAB = 0x09;

/** Lower-case ASCII tokens, as bytes, and what each means. */
const MISSING = ['n/a', '[n/a]', 'na', 'none', 'null', '-'].map((t) => Buffer.from(t));
const NAN = Buffer.from('nan');
const INF = Buffer.from('inf');
const INFINITY = Buffer.from('infinity');
/** The longest token, sign included (`-infinity`): longer cells (so any over MAX_CELL) are text. */
const LONGEST_TOKEN = 9;

/** Whether `buf[from, to)` equals `token` (lower-case ASCII), letters compared without case. */
function equalsToken(buf: Uint8Array, from: number, to: number, token: Uint8Array): boolean {
  if (to - from !== token.length) return false;
  for (let k = 0; k < token.length; k++) {
    const c = buf[from + k]!;
    const lower = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
    if (lower !== token[k]) return false;
  }
  return true;
}

function set(out: Cell, kind: CellKind, value: number): true {
  out.kind = kind;
  out.value = value;
  return true;
}

/** Whether `c` is printable ASCII other than a space. */
function isVisibleAscii(c: number): boolean {
  return c > SPACE && c < 0x7f;
}

/**
 * Classify `buf[from, to)`, a cell that is not a plain decimal, into `out`. When the cell (spaces and
 * tabs trimmed) begins and ends with visible ASCII, trimming its text would remove nothing more, and as
 * every token and number is ASCII, the bytes decide. Otherwise returns false and leaves `out` alone: the
 * caller classifies the cell's text.
 */
export function classifyOddBytes(buf: Uint8Array, from: number, to: number, out: Cell): boolean {
  let s = from;
  let e = to;
  while (s < e && (buf[s] === SPACE || buf[s] === TAB)) s++;
  while (e > s && (buf[e - 1] === SPACE || buf[e - 1] === TAB)) e--;
  if (s === e) return set(out, CellKind.Missing, NaN);
  if (!isVisibleAscii(buf[s]!) || !isVisibleAscii(buf[e - 1]!)) return false;
  if (e - s > LONGEST_TOKEN) return set(out, CellKind.Text, NaN);
  // Every token starts with one of `n [ - + i` (either case).
  const first = buf[s]! | 0x20;
  if (first !== 0x6e && first !== 0x7b /* [ */ && first !== 0x2d && first !== 0x2b && first !== 0x69)
    return set(out, CellKind.Text, NaN);
  for (const token of MISSING) if (equalsToken(buf, s, e, token)) return set(out, CellKind.Missing, NaN);
  const sign = buf[s] === 0x2b /* + */ || buf[s] === 0x2d /* - */ ? buf[s] : 0;
  const u = sign ? s + 1 : s;
  if (equalsToken(buf, u, e, NAN)) return set(out, CellKind.NanToken, NaN);
  if (equalsToken(buf, u, e, INF) || equalsToken(buf, u, e, INFINITY))
    return set(out, CellKind.Number, sign === 0x2d ? -Infinity : Infinity);
  return set(out, CellKind.Text, NaN);
}
