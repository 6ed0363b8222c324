/** Byte values and line tests shared by the CSV readers, which work on raw UTF-8 bytes. */

export const LF = 0x0a;
export const CR = 0x0d;
export const QUOTE = 0x22;
const SPACE = 0x20;
const TAB = 0x09;

/** Whether `buf[from, to)` holds only spaces, tabs and line breaks. */
export function isBlank(buf: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = buf[i];
    if (c !== SPACE && c !== TAB && c !== CR && c !== LF) return false;
  }
  return true;
}

/** First line feed outside double quotes in `buf[from, to)`, or -1 (a quoted field may span lines). */
export function lineEndOutsideQuotes(buf: Uint8Array, from: number, to: number): number {
  let quoted = false;
  for (let i = from; i < to; i++) {
    const c = buf[i];
    if (c === QUOTE) quoted = !quoted;
    else if (c === LF && !quoted) return i;
  }
  return -1;
}
