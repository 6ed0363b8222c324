/**
 * The CSV fast path's inner loop, in AssemblyScript compiled to WebAssembly (`npm run build:wasm`).
 *
 * Why not JavaScript: a CLI run reads a 10 MB file once, so most of the JavaScript scanner's time went
 * to running cold — interpreted, then compiled, with every double boxed on the heap meanwhile (a first
 * 1 MB chunk took 16–19 ms against 3.2 ms for later ones). WebAssembly is compiled before it runs:
 * `npm run bench:ingest` measures both.
 *
 * It reads complete unquoted lines into column-major arrays and handles only what is common: fields that
 * are plain decimals or empty. A line with anything else (a token such as `nan`, text in a numeric
 * column, a number `Number()` must read, padding, more fields than the header) is marked, and the
 * JavaScript scanner reads that line as before, so both paths classify cells through the same rules.
 *
 * Numbers are read exactly as `src/ingest/csv/number-bytes.ts` reads them (Clinger's fast path up to 15
 * significant digits, double-double arithmetic for 16–19); tests hold both to `Number()`.
 */

const LF: u32 = 0x0a;
const CR: u32 = 0x0d;
const SPACE: u32 = 0x20;
const TAB: u32 = 0x09;

/** 10^0 … 10^22, each an exact double. */
const POW10 = memory.data<f64>([
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]);

@inline function pow10(k: i32): f64 {
  return load<f64>(POW10 + (<usize>k << 3));
}

/** The first address the caller may use: everything below holds this module's constants. */
export function dataEnd(): usize {
  return __heap_base;
}

/** The value of the last scanned number (NaN when it needs JavaScript's `Number()`). */
let scanned: f64 = 0;
/** Whether the last scan found digits. */
let scannedDigits: bool = false;

/**
 * Scan a plain decimal starting at `i`: `[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`. Returns the index after
 * it; `scanned` holds the value, NaN when it has no digits, a bare exponent, or needs `Number()`.
 * The digits go into a 64-bit integer (exact up to 19 of them): a multiply-add on integers is a fraction of
 * one on doubles, and this loop is most of the scanner's time.
 */
function scanNumber(i: usize, end: usize): usize {
  let negative = false;
  let c = <u32>load<u8>(i);
  if (c == 0x2d || c == 0x2b) {
    negative = c == 0x2d;
    i++;
  }
  let mantissa: u64 = 0;
  const intStart = i;
  while (i < end && (c = <u32>load<u8>(i) - 0x30) <= 9) {
    mantissa = mantissa * 10 + <u64>c;
    i++;
  }
  let digits = <i32>(i - intStart);
  let exponent: i32 = 0;
  if (i < end && load<u8>(i) == 0x2e) {
    const fracStart = ++i;
    while (i < end && (c = <u32>load<u8>(i) - 0x30) <= 9) {
      mantissa = mantissa * 10 + <u64>c;
      i++;
    }
    digits += <i32>(i - fracStart);
    exponent = -<i32>(i - fracStart);
  }
  scannedDigits = digits > 0;
  if (digits == 0) {
    scanned = NaN;
    return i;
  }
  c = <u32>load<u8>(i);
  if (i < end && (c == 0x65 || c == 0x45)) {
    i++;
    let expNegative = false;
    c = <u32>load<u8>(i);
    if (i < end && (c == 0x2d || c == 0x2b)) {
      expNegative = c == 0x2d;
      i++;
    }
    const expStart = i;
    let explicit: i32 = 0;
    while (i < end && (c = <u32>load<u8>(i) - 0x30) <= 9) {
      if (explicit < 100_000) explicit = explicit * 10 + <i32>c;
      i++;
    }
    if (i == expStart) {
      scanned = NaN;
      return i;
    }
    exponent += expNegative ? -explicit : explicit;
  }
  let value: f64;
  // Leading zeros (0.000592…) are not significant; they are counted only when there may be many digits.
  const significant = digits > 15 ? digits - leadingZeros(intStart, i) : digits;
  if (significant > 15 || exponent > 22 || exponent < -22) {
    value = significant <= 19 ? longDecimal(mantissa, significant, exponent) : NaN;
  } else {
    const m = <f64>mantissa; // below 10^15: exact
    value = exponent < 0 ? m / pow10(-exponent) : m * pow10(exponent);
  }
  scanned = negative ? -value : value;
  return i;
}

/** Zero digits before the first other digit in [from, to), a decimal point skipped over. */
function leadingZeros(from: usize, to: usize): i32 {
  let zeros: i32 = 0;
  for (let i = from; i < to; i++) {
    const c = load<u8>(i);
    if (c == 0x30) zeros++;
    else if (c != 0x2e) break;
  }
  return zeros;
}

// ── 16 to 19 digits: double-double arithmetic, as number-bytes.ts ────────────────────────────────

const SPLITTER: f64 = 134_217_729; // 2^27 + 1
let pairHi: f64 = 0;
let pairLo: f64 = 0;

/** pairHi + pairLo = a × b exactly (Dekker). */
@inline function twoProduct(a: f64, b: f64): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  pairHi = p;
  pairLo = ah * bh - p + ah * bl + al * bh + al * bl;
}

/** pairHi + pairLo = a + b exactly (Knuth). */
@inline function twoSum(a: f64, b: f64): void {
  const sum = a + b;
  const bb = sum - a;
  pairHi = sum;
  pairLo = a - (sum - bb) + (b - bb);
}

/** Half the gap between x and the next double up (x positive, normal); NaN for a power of two. */
function halfUlp(x: f64): f64 {
  const bits = reinterpret<u64>(x);
  if ((bits & 0x000f_ffff_ffff_ffff) == 0) return NaN;
  const exponent = (bits >> 52) & 0x7ff;
  return reinterpret<f64>((exponent - 53) << 52);
}

/**
 * |value| of `mantissa`, the integer of `n` (16–19) significant digits, times 10^exponent; NaN when it
 * cannot be decided exactly. The same arithmetic as number-bytes.ts' longDecimal, which reads A and B
 * from the text.
 */
function longDecimal(mantissa: u64, n: i32, exponent: i32): f64 {
  if (exponent > 22 || exponent < -22) return NaN;
  // The digits as A·10^s + B, A of 15 digits and B of the s ≤ 4 after them: both exact doubles.
  let scale: u64 = 1;
  for (let k = 15; k < n; k++) scale *= 10;
  const a = <f64>(mantissa / scale);
  const b = <f64>(mantissa % scale);
  twoProduct(a, pow10(n - 15));
  const productLo = pairLo;
  twoSum(pairHi, b);
  twoSum(pairHi, pairLo + productLo);
  const mh = pairHi;
  const ml = pairLo;
  let qh: f64;
  let ql: f64;
  if (exponent >= 0) {
    const p = pow10(exponent);
    twoProduct(mh, p);
    qh = pairHi;
    ql = pairLo + ml * p;
  } else {
    const p = pow10(-exponent);
    qh = mh / p;
    twoProduct(qh, p);
    ql = (mh - pairHi - pairLo + ml) / p;
  }
  const result = qh + ql;
  if (!(result > 1e-280 && result < 1e280)) return NaN;
  const rest = qh - result + ql;
  const margin = Math.abs(Math.abs(rest) - halfUlp(result));
  return margin > result * 8.077935669463161e-28 /* 2^-90 */ ? result : NaN;
}

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * Read the lines of `[from, to)` (which ends just after a line feed) until `capacity` rows are out.
 *
 * `fieldMap[f]` (i32) is the metric column of field f, -1 for a text column, -2 for the step column.
 * Row r's metric column c goes to `values + 8·(c·capacity + r)`, its step to `steps + 8·r` (the row's
 * index from `rowIndex` on when `hasStep` is 0). Per row, `meta` holds the line's first byte (u32 at
 * `meta + 4r`), its line number (i32 at `meta + 4·capacity + 4r`) and 1 when it was read here or 0 when
 * JavaScript must read it (u8 at `meta + 8·capacity + r`). Blank lines are skipped.
 *
 * Writes to `result`: [rows, the byte where reading stopped, the next line number, 1 when every row was
 * read here and their steps increase strictly]. Returns the number of rows.
 */
export function scanRows(
  from: usize,
  to: usize,
  line: i32,
  fieldMap: usize,
  nFields: i32,
  delim: u32,
  hasStep: bool,
  rowIndex: f64,
  steps: usize,
  values: usize,
  capacity: i32,
  meta: usize,
  result: usize,
): i32 {
  const tabIsBlank = delim != TAB;
  let i = from;
  let row: i32 = 0;
  let plain = true;
  let previous: f64 = -Infinity;
  while (i < to && row < capacity) {
    let c = <u32>load<u8>(i);
    if (c == LF) {
      i++;
      line++;
      continue;
    }
    if (c == CR && load<u8>(i + 1) == LF) {
      i += 2;
      line++;
      continue;
    }
    const lineStart = i;
    let simple = true;
    let step: f64 = NaN;
    let field: i32 = 0;
    for (;;) {
      if (field >= nFields) {
        simple = false; // more fields than the header
        break;
      }
      const m = load<i32>(fieldMap + (<usize>field << 2));
      let j = i;
      if (m == -1) {
        // A text column: skip the field.
        while ((c = <u32>load<u8>(j)) != delim && c != LF && !(c == CR && load<u8>(j + 1) == LF)) j++;
      } else {
        c = <u32>load<u8>(i);
        if (c == SPACE || (c == TAB && tabIsBlank)) {
          simple = false; // padding: JavaScript trims it
          break;
        }
        j = scanNumber(i, to);
        c = <u32>load<u8>(j);
        const ends = c == delim || c == LF || (c == CR && load<u8>(j + 1) == LF);
        if (!ends || (scannedDigits && scanned != scanned) || (!scannedDigits && j != i)) {
          simple = false; // a token, text, a bare exponent, a number for Number(), or trailing padding
          break;
        }
        // Digits: the number; none and nothing scanned: an empty cell.
        const v = scannedDigits ? scanned : NaN;
        if (m == -2) step = v;
        else store<f64>(values + ((<usize>m * <usize>capacity + <usize>row) << 3), v);
      }
      field++;
      c = <u32>load<u8>(j);
      if (c == delim) {
        i = j + 1;
        continue;
      }
      i = c == LF ? j + 1 : j + 2;
      break;
    }
    if (simple) {
      // A short row: its missing fields are empty cells.
      for (let f = field; f < nFields; f++) {
        const m = load<i32>(fieldMap + (<usize>f << 2));
        if (m >= 0) store<f64>(values + ((<usize>m * <usize>capacity + <usize>row) << 3), NaN);
      }
    } else {
      i = lineStart;
      while (load<u8>(i) != LF) i++;
      i++;
    }
    if (!hasStep) step = rowIndex + <f64>row;
    store<f64>(steps + (<usize>row << 3), step);
    store<u32>(meta + (<usize>row << 2), <u32>lineStart);
    store<i32>(meta + ((<usize>capacity + <usize>row) << 2), line);
    store<u8>(meta + (<usize>capacity << 3) + <usize>row, simple ? 1 : 0);
    if (!simple || !(step > previous)) plain = false;
    previous = step;
    line++;
    row++;
  }
  store<i32>(result, row);
  store<u32>(result + 4, <u32>i);
  store<i32>(result + 8, line);
  store<i32>(result + 12, plain ? 1 : 0);
  return row;
}
