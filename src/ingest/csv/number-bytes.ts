/**
 * Read a decimal number straight from bytes, without making a string per cell.
 *
 * Accepts exactly the grammar of `cell.ts`'s DECIMAL (`[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?`, surrounding
 * spaces and tabs ignored) and yields the same double `Number()` would: with at most 15 significant digits
 * and a power of ten up to 22, both the digits `m` and `10^k` are exact doubles, so one multiplication or
 * division is correctly rounded (Clinger's fast path). Longer numbers (counting leading zeros, to keep the
 * loop simple) fall back to `Number()` on the text.
 */

const POW10 = new Float64Array(23).map((_, k) => 10 ** k);

/**
 * Numbers with more than 15 significant digits (a float32 loss printed by Python has 17) are read by
 * `Number()` on their text. Making one string per cell is slow, so the whole region being scanned is
 * decoded once, on the first such number, and each number is a slice of it (V8 shares the characters).
 */
/** One object with fixed field types, mutated in place, so optimised code that reads it stays valid. */
const region = { buf: Buffer.alloc(0) as Buffer, from: 0, to: 0, text: '', decoded: false };

/** Declare the bytes `buf[from, to)` that the next `scanNumber` calls read from. */
export function beginRegion(buf: Buffer, from: number, to: number): void {
  region.buf = buf;
  region.from = from;
  region.to = to;
  region.text = '';
  region.decoded = false;
}

function numberFromText(buf: Buffer, start: number, end: number): number {
  const r = region;
  if (r.buf === buf && start >= r.from && end <= r.to) {
    if (!r.decoded) {
      r.text = buf.toString('latin1', r.from, r.to);
      r.decoded = true;
    }
    return Number(r.text.slice(start - r.from, end - r.from));
  }
  return Number(buf.toString('latin1', start, end));
}

const SPACE = 0x20;
const TAB = 0x09;

/**
 * Scan a number starting at `start`; returns the index of the first byte after it (and after trailing
 * spaces; tabs too unless `tabIsBlank` is false, as in a tab-separated file, where a tab ends the field).
 * The value is left in `scanned[0]`: NaN when no digits were found or the exponent has none.
 * The caller checks that the returned index is the end of the field; if not, the field is text.
 * A module-level typed array keeps the hot loop free of allocations and polymorphic returns (a double
 * stored in an object field or a module variable is boxed on the heap until the code is optimised).
 */
export const scanned = new Float64Array(1);

export function scanNumber(buf: Buffer, start: number, end: number, tabIsBlank = true): number {
  let i = start;
  while (i < end && (buf[i] === SPACE || (buf[i] === TAB && tabIsBlank))) i++;
  const first = i;
  let negative = false;
  let c = buf[i]!;
  if (c === 0x2d /* - */ || c === 0x2b /* + */) {
    negative = c === 0x2d;
    i++;
  }
  // All digits go into one double; it is exact while at most 15 of them are significant.
  let mantissa = 0;
  const intStart = i;
  while (i < end) {
    c = buf[i]! - 0x30;
    if (c < 0 || c > 9) break;
    mantissa = mantissa * 10 + c;
    i++;
  }
  let digits = i - intStart;
  let exponent = 0;
  if (i < end && buf[i] === 0x2e /* . */) {
    i++;
    const fracStart = i;
    while (i < end) {
      c = buf[i]! - 0x30;
      if (c < 0 || c > 9) break;
      mantissa = mantissa * 10 + c;
      i++;
    }
    digits += i - fracStart;
    exponent = fracStart - i;
  }
  if (digits === 0) {
    scanned[0] = NaN;
    return i;
  }
  if (i < end && (buf[i] === 0x65 /* e */ || buf[i] === 0x45) /* E */) {
    i++;
    let expNegative = false;
    if (i < end && (buf[i] === 0x2d || buf[i] === 0x2b)) {
      expNegative = buf[i] === 0x2d;
      i++;
    }
    const expStart = i;
    let explicit = 0;
    while (i < end) {
      c = buf[i]! - 0x30;
      if (c < 0 || c > 9) break;
      if (explicit < 100_000) explicit = explicit * 10 + c;
      i++;
    }
    if (i === expStart) {
      scanned[0] = NaN;
      return i;
    }
    exponent += expNegative ? -explicit : explicit;
  }
  const last = i;
  while (i < end && (buf[i] === SPACE || (buf[i] === TAB && tabIsBlank))) i++;
  // Leading zeros (0.000592…) are not significant; they are counted only when there may be many digits.
  const significant = digits > 15 ? digits - leadingZeros(buf, intStart, last) : digits;
  if (significant > 15 || exponent > 22 || exponent < -22) {
    const exact = significant <= 19 ? longDecimal(buf, first, last, exponent) : NaN;
    scanned[0] = Number.isNaN(exact) ? numberFromText(buf, first, last) : negative ? -exact : exact;
  } else {
    const magnitude = exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!;
    scanned[0] = negative ? -magnitude : magnitude;
  }
  return i;
}

/** Zero digits before the first other digit in `buf[from, to)`, a decimal point skipped over. */
function leadingZeros(buf: Buffer, from: number, to: number): number {
  let zeros = 0;
  for (let i = from; i < to; i++) {
    if (buf[i] === 0x30) zeros++;
    else if (buf[i] !== 0x2e /* . */) break;
  }
  return zeros;
}

// ── 16 to 19 digits without a string ─────────────────────────────────────────────────────────────
//
// A float32 loss printed by Python has 17 significant digits, too many for the fast path above. Such a
// number is computed in double-double arithmetic (about 104 bits) and rounded once; the result is
// `Number()`'s exactly unless the value lies within 2^-90 (relative) of a halfway point between two
// doubles, which the error of the computation (below 2^-100) cannot decide: then, and outside the normal
// range, `Number()` reads the text.

/** Veltkamp's splitter for Dekker's exact product. */
const SPLITTER = 134_217_729; // 2^27 + 1
/** The (hi, lo) pair the two helpers below return, in a typed array so that storing it allocates nothing. */
const pair = new Float64Array(2);

/** pair[0] + pair[1] = a × b exactly (Dekker). */
function twoProduct(a: number, b: number): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  pair[0] = p;
  pair[1] = ah * bh - p + ah * bl + al * bh + al * bl;
}

/** pair[0] + pair[1] = a + b exactly (Knuth). */
function twoSum(a: number, b: number): void {
  const sum = a + b;
  const bb = sum - a;
  pair[0] = sum;
  pair[1] = a - (sum - bb) + (b - bb);
}

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Half the gap between x and the next double up (x positive and normal, ≥ 2^-960); NaN for a power of
 * two, where the gap below is half the gap above and the one-sided test in longDecimal does not hold.
 */
function halfUlp(x: number): number {
  bits[0] = x;
  const high = words[LITTLE_ENDIAN ? 1 : 0]!;
  if ((high & 0xfffff) === 0 && words[LITTLE_ENDIAN ? 0 : 1] === 0) return NaN;
  const exponent = (high >>> 20) & 0x7ff;
  words[LITTLE_ENDIAN ? 1 : 0] = (exponent - 53) << 20;
  words[LITTLE_ENDIAN ? 0 : 1] = 0;
  return bits[0];
}

/**
 * |value| of the digits in `buf[first, last)` (sign, point and exponent part skipped) times 10^exponent,
 * for 16–19 significant digits; NaN when it cannot be decided exactly (the caller then uses `Number()`).
 */
function longDecimal(buf: Buffer, first: number, last: number, exponent: number): number {
  if (exponent > 22 || exponent < -22) return NaN;
  // The significant digits as A·10^s + B, A of 15 digits and B of the s ≤ 4 after them: both exact doubles.
  let a = 0;
  let b = 0;
  let n = 0;
  for (let i = first; i < last; i++) {
    const c = buf[i]! - 0x30;
    if (c < 0 || c > 9) {
      if (buf[i] === 0x2e /* . */ || i === first) continue;
      break; // the exponent part
    }
    if (n === 0 && c === 0) continue; // a leading zero
    if (n++ < 15) a = a * 10 + c;
    else b = b * 10 + c;
  }
  twoProduct(a, POW10[n - 15]!);
  const productLo = pair[1]!;
  twoSum(pair[0]!, b);
  twoSum(pair[0]!, pair[1]! + productLo);
  const mh = pair[0]!;
  const ml = pair[1]!;
  // Scale by 10^exponent in double-double.
  let qh: number;
  let ql: number;
  if (exponent >= 0) {
    const p = POW10[exponent]!;
    twoProduct(mh, p);
    qh = pair[0]!;
    ql = pair[1]! + ml * p;
  } else {
    const p = POW10[-exponent]!;
    qh = mh / p;
    twoProduct(qh, p);
    ql = (mh - pair[0]! - pair[1]! + ml) / p;
  }
  const result = qh + ql;
  if (!(result > 1e-280 && result < 1e280)) return NaN;
  const rest = qh - result + ql;
  const margin = Math.abs(Math.abs(rest) - halfUlp(result));
  return margin > result * 8.077935669463161e-28 /* 2^-90 */ ? result : NaN;
}

/** The number in `buf[start, end)` if the whole range is one plain decimal, else NaN. */
export function parseDecimalBytes(buf: Buffer, start: number, end: number): number {
  const stop = scanNumber(buf, start, end);
  return stop === end ? scanned[0]! : NaN;
}
