/**
 * DDSketch counts (see assembly/summary.ts); src/summarize/sketch.ts is the class around them.
 *
 * A sketch is an unmanaged block of this module's memory (allocated with `heap.alloc`, freed by `free`):
 *
 *   0   positive store     bins: usize @0, length: i32 @8, offset: i32 @12, minKey: f64 @16, maxKey: f64 @24, count: f64 @32
 *   40  negative store     (the same, for −value)
 *   80  zero count: f64,  88 count: f64,  96 min: f64,  104 max: f64
 *
 * A store counts values per key, bins[i] for key offset + i, over [minKey, maxKey] (±∞ while empty).
 *   key(x) = ⌈log2(x) · multiplier⌉,  multiplier = 1 / log2(γ)   (sketches-js' LogarithmicMapping)
 */

const STORE = 40;
const ZERO = 80;
const COUNT = 88;
const MIN = 96;
const MAX = 104;
const SIZE = 112;

/** Set once by the caller: the mapping's multiplier and its smallest indexable value. */
let multiplier: f64 = 0;
let minIndexable: f64 = 0;

export function configure(keyMultiplier: f64, smallest: f64): void {
  multiplier = keyMultiplier;
  minIndexable = smallest;
}

function initStore(counts: usize): void {
  store<usize>(counts, 0);
  store<i32>(counts, 0, 8);
  store<i32>(counts, 0, 12);
  store<f64>(counts, Infinity, 16);
  store<f64>(counts, -Infinity, 24);
  store<f64>(counts, 0, 32);
}

/** A new, empty sketch. */
export function create(): usize {
  const sketch = heap.alloc(SIZE);
  initStore(sketch);
  initStore(sketch + STORE);
  store<f64>(sketch, 0, ZERO);
  store<f64>(sketch, 0, COUNT);
  store<f64>(sketch, Infinity, MIN);
  store<f64>(sketch, -Infinity, MAX);
  return sketch;
}

export function free(sketch: usize): void {
  const positive = load<usize>(sketch);
  const negative = load<usize>(sketch + STORE);
  if (positive) heap.free(positive);
  if (negative) heap.free(negative);
  heap.free(sketch);
}

/** Fields JavaScript reads: 0 count, 1 min, 2 max, 3 zero count, 4 negative count. */
export function field(sketch: usize, which: i32): f64 {
  if (which == 0) return load<f64>(sketch, COUNT);
  if (which == 1) return load<f64>(sketch, MIN);
  if (which == 2) return load<f64>(sketch, MAX);
  if (which == 3) return load<f64>(sketch, ZERO);
  return load<f64>(sketch + STORE, 32);
}

/** Make room in `counts` for keys [low, high]: in place when they fit, else twice the range needed, centred. */
function extend(counts: usize, low: i32, high: i32): void {
  const minKey = load<f64>(counts, 16);
  const maxKey = load<f64>(counts, 24);
  const lowKey = minKey < <f64>low ? <i32>minKey : low;
  const highKey = maxKey > <f64>high ? <i32>maxKey : high;
  const offset = load<i32>(counts, 12);
  const length = load<i32>(counts, 8);
  if (lowKey < offset || highKey >= offset + length) {
    const needed = highKey - lowKey + 1;
    const newLength = max<i32>(64, 2 * needed);
    const newOffset = lowKey - ((newLength - needed) >> 1);
    const bins = heap.alloc(<usize>newLength << 3);
    memory.fill(bins, 0, <usize>newLength << 3);
    const old = load<usize>(counts);
    if (minKey <= maxKey) {
      memory.copy(bins + (<usize>(<i32>minKey - newOffset) << 3), old + (<usize>(<i32>minKey - offset) << 3), <usize>(<i32>maxKey - <i32>minKey + 1) << 3);
    }
    if (old) heap.free(old);
    store<usize>(counts, bins);
    store<i32>(counts, newLength, 8);
    store<i32>(counts, newOffset, 12);
  }
  store<f64>(counts, <f64>lowKey, 16);
  store<f64>(counts, <f64>highKey, 24);
}

@inline function keyOf(value: f64): i32 {
  return <i32>Math.ceil(Math.log2(value) * multiplier);
}

/** Add one to `counts` at `key`. */
@inline function addKey(counts: usize, key: i32): void {
  if (<f64>key < load<f64>(counts, 16) || <f64>key > load<f64>(counts, 24)) extend(counts, key, key);
  const slot = load<usize>(counts) + (<usize>(key - load<i32>(counts, 12)) << 3);
  store<f64>(slot, load<f64>(slot) + 1);
  store<f64>(counts, load<f64>(counts, 32) + 1, 32);
}

/** Add the finite values among the `n` doubles at `values`. */
export function accept(sketch: usize, values: usize, n: i32): void {
  const positive = sketch;
  const negative = sketch + STORE;
  let count = load<f64>(sketch, COUNT);
  let zero = load<f64>(sketch, ZERO);
  let least = load<f64>(sketch, MIN);
  let most = load<f64>(sketch, MAX);
  for (let i = 0; i < n; i++) {
    const value = load<f64>(values + (<usize>i << 3));
    if (value - value != 0) continue; // NaN or ±Infinity
    if (value > minIndexable) addKey(positive, keyOf(value));
    else if (value < -minIndexable) addKey(negative, keyOf(-value));
    else zero += 1;
    count += 1;
    if (value < least) least = value;
    if (value > most) most = value;
  }
  store<f64>(sketch, count, COUNT);
  store<f64>(sketch, zero, ZERO);
  store<f64>(sketch, least, MIN);
  store<f64>(sketch, most, MAX);
}

function mergeStore(into: usize, from: usize): void {
  const count = load<f64>(from, 32);
  if (count == 0) return;
  const minKey = <i32>load<f64>(from, 16);
  const maxKey = <i32>load<f64>(from, 24);
  extend(into, minKey, maxKey);
  const source = load<usize>(from) + (<usize>(minKey - load<i32>(from, 12)) << 3);
  const target = load<usize>(into) + (<usize>(minKey - load<i32>(into, 12)) << 3);
  for (let i = 0; i <= maxKey - minKey; i++) {
    const at = <usize>i << 3;
    store<f64>(target + at, load<f64>(target + at) + load<f64>(source + at));
  }
  store<f64>(into, load<f64>(into, 32) + count, 32);
}

/** Add everything `from` holds to `into`. */
export function merge(into: usize, from: usize): void {
  mergeStore(into, from);
  mergeStore(into + STORE, from + STORE);
  store<f64>(into, load<f64>(into, ZERO) + load<f64>(from, ZERO), ZERO);
  store<f64>(into, load<f64>(into, COUNT) + load<f64>(from, COUNT), COUNT);
  if (load<f64>(from, MIN) < load<f64>(into, MIN)) store<f64>(into, load<f64>(from, MIN), MIN);
  if (load<f64>(from, MAX) > load<f64>(into, MAX)) store<f64>(into, load<f64>(from, MAX), MAX);
}

/**
 * For each of the `n` ascending ranks at `ranks` (f64), the first key of the positive (`negative` = 0) or
 * negative store whose running count exceeds the rank (`lower` = 1) or reaches rank + 1; written to `keys` (f64).
 */
export function keysAtRanks(sketch: usize, negative: i32, ranks: usize, n: i32, lower: i32, keys: usize): void {
  const counts = negative ? sketch + STORE : sketch;
  const minKey = <i32>load<f64>(counts, 16);
  const maxKey = <i32>load<f64>(counts, 24);
  const bins = load<usize>(counts);
  const offset = load<i32>(counts, 12);
  let j = 0;
  let running: f64 = 0;
  for (let k = minKey; k <= maxKey && j < n; k++) {
    running += load<f64>(bins + (<usize>(k - offset) << 3));
    while (j < n) {
      const rank = load<f64>(ranks + (<usize>j << 3));
      if (!(lower ? running > rank : running >= rank + 1)) break;
      store<f64>(keys + (<usize>j << 3), <f64>k);
      j++;
    }
  }
  for (; j < n; j++) store<f64>(keys + (<usize>j << 3), <f64>maxKey);
}

