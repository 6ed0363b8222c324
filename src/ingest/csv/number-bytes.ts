/**
 * Read a decimal number straight from bytes, without making a string per cell.
 *
 * Accepts exactly the grammar of `cell.ts`'s DECIMAL (`[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`, surrounding
 * spaces ignored) and returns the same double `Number()` would: with at most 15 significant digits and a
 * power of ten up to 22, both `m` and `10^k` are exact doubles, so one multiplication or division is
 * correctly rounded (Clinger's fast path). Anything else falls back to `Number()` on the text.
 */

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Sentinel returned when the bytes are not a plain decimal number (the caller classifies the text). */
export const NOT_DECIMAL = Symbol('not-decimal');

const SPACE = 0x20;
const TAB = 0x09;

export function parseDecimalBytes(buf: Uint8Array, start: number, end: number): number | typeof NOT_DECIMAL {
  let s = start;
  let e = end;
  while (s < e && (buf[s] === SPACE || buf[s] === TAB)) s++;
  while (e > s && (buf[e - 1] === SPACE || buf[e - 1] === TAB)) e--;
  if (s === e) return NOT_DECIMAL;
  let i = s;
  let negative = false;
  let c = buf[i]!;
  if (c === 0x2d /* - */ || c === 0x2b /* + */) {
    negative = c === 0x2d;
    i++;
  }
  let mantissa = 0;
  let significant = 0;
  let digits = 0;
  let exponent = 0;
  for (; i < e; i++) {
    c = buf[i]! - 0x30;
    if (c < 0 || c > 9) break;
    digits++;
    if (significant > 0 || c !== 0) {
      if (significant < 16) mantissa = mantissa * 10 + c;
      else exponent++;
      significant++;
    }
  }
  if (i < e && buf[i] === 0x2e /* . */) {
    i++;
    for (; i < e; i++) {
      c = buf[i]! - 0x30;
      if (c < 0 || c > 9) break;
      digits++;
      if (significant > 0 || c !== 0) {
        if (significant < 16) {
          mantissa = mantissa * 10 + c;
          exponent--;
        }
        significant++;
      } else {
        exponent--;
      }
    }
  }
  if (digits === 0) return NOT_DECIMAL;
  if (i < e && (buf[i] === 0x65 /* e */ || buf[i] === 0x45) /* E */) {
    i++;
    let expNegative = false;
    if (i < e && (buf[i] === 0x2d || buf[i] === 0x2b)) {
      expNegative = buf[i] === 0x2d;
      i++;
    }
    let expDigits = 0;
    let explicit = 0;
    for (; i < e; i++) {
      c = buf[i]! - 0x30;
      if (c < 0 || c > 9) break;
      expDigits++;
      if (explicit < 100_000) explicit = explicit * 10 + c;
    }
    if (expDigits === 0) return NOT_DECIMAL;
    exponent += expNegative ? -explicit : explicit;
  }
  if (i !== e) return NOT_DECIMAL;
  if (significant > 15 || exponent > 22 || exponent < -22) {
    return Number(Buffer.from(buf.buffer, buf.byteOffset + s, e - s).toString('latin1'));
  }
  const magnitude = exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!;
  return negative ? -magnitude : magnitude;
}
