/**
 * Read a decimal number straight from bytes, without making a string per cell.
 *
 * Accepts exactly the grammar of `cell.ts`'s DECIMAL (`[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`, surrounding
 * spaces and tabs ignored) and yields the same double `Number()` would: with at most 15 significant digits
 * and a power of ten up to 22, both the digits `m` and `10^k` are exact doubles, so one multiplication or
 * division is correctly rounded (Clinger's fast path). Longer numbers fall back to `Number()` on the text.
 */

const POW10 = new Float64Array(23).map((_, k) => 10 ** k);

/**
 * Buffer's native latin1 decoder without `toString`'s argument handling: a 17-digit float (a float32 loss
 * printed by Python) is common enough in training logs that the wrapper's cost shows up.
 */
const latin1 = (Buffer.prototype as unknown as { latin1Slice?: (start: number, end: number) => string }).latin1Slice;

function text(buf: Buffer, start: number, end: number): string {
  return latin1 ? latin1.call(buf, start, end) : buf.toString('latin1', start, end);
}

const SPACE = 0x20;
const TAB = 0x09;

/**
 * Scan a number starting at `start`; returns the index of the first byte after it (and after trailing
 * spaces). The value is left in `scanned.value`: NaN when no digits were found or the exponent has none.
 * The caller checks that the returned index is the end of the field; if not, the field is text.
 * A module-level result keeps the hot loop free of allocations and polymorphic returns.
 */
export const scanned = { value: NaN };

export function scanNumber(buf: Buffer, start: number, end: number): number {
  let i = start;
  while (i < end && (buf[i] === SPACE || buf[i] === TAB)) i++;
  const first = i;
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
  for (; i < end; i++) {
    c = buf[i]! - 0x30;
    if (c < 0 || c > 9) break;
    digits++;
    if (significant > 0 || c !== 0) {
      if (significant < 16) mantissa = mantissa * 10 + c;
      else exponent++;
      significant++;
    }
  }
  if (i < end && buf[i] === 0x2e /* . */) {
    i++;
    for (; i < end; i++) {
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
  if (digits === 0) {
    scanned.value = NaN;
    return i;
  }
  if (i < end && (buf[i] === 0x65 /* e */ || buf[i] === 0x45) /* E */) {
    i++;
    let expNegative = false;
    if (i < end && (buf[i] === 0x2d || buf[i] === 0x2b)) {
      expNegative = buf[i] === 0x2d;
      i++;
    }
    let expDigits = 0;
    let explicit = 0;
    for (; i < end; i++) {
      c = buf[i]! - 0x30;
      if (c < 0 || c > 9) break;
      expDigits++;
      if (explicit < 100_000) explicit = explicit * 10 + c;
    }
    if (expDigits === 0) {
      scanned.value = NaN;
      return i;
    }
    exponent += expNegative ? -explicit : explicit;
  }
  const last = i;
  while (i < end && (buf[i] === SPACE || buf[i] === TAB)) i++;
  if (significant > 15 || exponent > 22 || exponent < -22) {
    scanned.value = Number(text(buf, first, last));
  } else {
    const magnitude = exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!;
    scanned.value = negative ? -magnitude : magnitude;
  }
  return i;
}

/** The number in `buf[start, end)` if the whole range is one plain decimal, else NaN. */
export function parseDecimalBytes(buf: Buffer, start: number, end: number): number {
  const stop = scanNumber(buf, start, end);
  return stop === end ? scanned.value : NaN;
}
