/**
 * Quantile sketches: DDSketch keeps every quantile within a relative error α of the true value in
 * bounded memory, and two sketches merge exactly — what step windows need when they coarsen.
 *
 *   key(x) = ⌈log_γ x⌉,  γ = (1 + α) / (1 − α)        (sketches-js' LogarithmicMapping)
 *   value(k) = 2γ^k / (1 + γ)                          (within α of every x with key k)
 *
 * The mapping is sketches-js'. The bin counts are not: its DenseStore keeps them in a JS array that it
 * re-slices and re-spreads each time the key range moves (half the speed on a run's windows, see
 * `npm run bench:sketch`), and its DDSketch.merge drops the other sketch's negative values. Here the
 * counts live in a Float64Array that doubles when the range outgrows it; the answers are the same.
 */
import { LogarithmicMapping } from '@datadog/sketches-js/dist/ddsketch/mapping/index.js';

/** 0.05 % relative error: far below the 1 % run-to-run noise the gate works against. */
export const RELATIVE_ACCURACY = 0.0005;

const MAPPING = new LogarithmicMapping(RELATIVE_ACCURACY);
/** Below this a value counts as zero (the mapping's smallest indexable value). */
const MIN_INDEXABLE = MAPPING.minPossible;
/**
 * MAPPING.key(x) = ⌈log2(x) · MULTIPLIER⌉, computed as the mapping computes it (a test holds the two
 * equal). Inline in the loop because a double handed to a call that is not inlined is boxed on the heap.
 */
const MULTIPLIER = (1 / Math.log1p((2 * RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY))) * Math.log(2);

/** The mapping's key of a positive value. */
export function keyOf(value: number): number {
  return Math.ceil(Math.log2(value) * MULTIPLIER) + 0; // + 0 turns -0 into 0, as the mapping does
}

/** Counts per key over a contiguous key range. */
class DenseCounts {
  bins = new Float64Array(0);
  /** Key of bins[0]. */
  offset = 0;
  minKey = Number.POSITIVE_INFINITY;
  maxKey = Number.NEGATIVE_INFINITY;
  count = 0;

  add(key: number, weight: number): void {
    if (key < this.minKey || key > this.maxKey) this.extend(key, key);
    const i = key - this.offset;
    this.bins[i] = this.bins[i]! + weight;
    this.count += weight;
  }

  /** Make room for keys in [low, high]: in place when they fit, else twice the range needed, centred. */
  extend(low: number, high: number): void {
    const min = Math.min(low, this.minKey);
    const max = Math.max(high, this.maxKey);
    if (min < this.offset || max >= this.offset + this.bins.length) {
      const needed = max - min + 1;
      const bins = new Float64Array(Math.max(64, 2 * needed));
      const offset = min - ((bins.length - needed) >> 1);
      if (this.minKey <= this.maxKey) bins.set(this.bins.subarray(this.minKey - this.offset, this.maxKey - this.offset + 1), this.minKey - offset);
      this.bins = bins;
      this.offset = offset;
    }
    this.minKey = min;
    this.maxKey = max;
  }

  merge(other: DenseCounts): void {
    if (other.count === 0) return;
    this.extend(other.minKey, other.maxKey);
    const shift = other.offset - this.offset;
    for (let i = other.minKey - other.offset; i <= other.maxKey - other.offset; i++) this.bins[i + shift] = this.bins[i + shift]! + other.bins[i]!;
    this.count += other.count;
  }

  /**
   * The keys holding the values of ranks `ranks` (0-based, ascending): for each, the first key whose running
   * count exceeds the rank (`lower`), or reaches rank + 1. One pass over the bins for all of them: a window
   * spanning a few stalls has thousands of bins and is asked for seven quantiles.
   */
  keysAtRanks(ranks: readonly number[], lower: boolean): number[] {
    const keys = new Array<number>(ranks.length);
    let j = 0;
    let running = 0;
    for (let k = this.minKey; k <= this.maxKey && j < ranks.length; k++) {
      running += this.bins[k - this.offset]!;
      while (j < ranks.length && (lower ? running > ranks[j]! : running >= ranks[j]! + 1)) keys[j++] = k;
    }
    while (j < ranks.length) keys[j++] = this.maxKey;
    return keys;
  }
}

export class Sketch {
  count = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  private zero = 0;
  private readonly positive = new DenseCounts();
  private readonly negative = new DenseCounts();

  /** Add a finite value. */
  accept(value: number): void {
    if (value > MIN_INDEXABLE) this.positive.add(keyOf(value), 1);
    else if (value < -MIN_INDEXABLE) this.negative.add(keyOf(-value), 1);
    else this.zero += 1;
    this.count += 1;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  /** Add the finite values among `values[from, to)`; a batch's run of one window goes in with one call. */
  acceptMany(values: Float64Array, from: number, to: number): void {
    const positive = this.positive;
    let positives = 0;
    let count = 0;
    let min = this.min;
    let max = this.max;
    for (let i = from; i < to; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue; // NaN or ±Infinity
      if (value > MIN_INDEXABLE) {
        const key = Math.ceil(Math.log2(value) * MULTIPLIER) + 0; // keyOf, inline
        if (key < positive.minKey || key > positive.maxKey) positive.extend(key, key);
        const bins = positive.bins;
        const at = key - positive.offset;
        bins[at] = bins[at]! + 1;
        positives += 1;
      } else if (value < -MIN_INDEXABLE) this.negative.add(keyOf(-value), 1);
      else this.zero += 1;
      count += 1;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    positive.count += positives;
    this.count += count;
    this.min = min;
    this.max = max;
  }

  /** Add everything `other` holds; the result is the sketch of both inputs together. */
  merge(other: Sketch): void {
    this.positive.merge(other.positive);
    this.negative.merge(other.negative);
    this.zero += other.zero;
    this.count += other.count;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
  }

  /** The value at quantile q ∈ [0, 1] (rank q·(n − 1)), as sketches-js' DDSketch.getValueAtQuantile answers. */
  quantile(q: number): number {
    return this.quantiles([q])[0]!;
  }

  /** `quantile` of each level, with one pass over each store. */
  quantiles(levels: readonly number[]): number[] {
    const out = new Array<number>(levels.length).fill(Number.NaN);
    if (this.count === 0) return out;
    const negatives = this.negative.count;
    // Ranks that fall among the negative values (counted from the most negative) and the positive ones.
    const negativeAsks: { rank: number; at: number }[] = [];
    const positiveAsks: { rank: number; at: number }[] = [];
    levels.forEach((q, at) => {
      if (!(q >= 0 && q <= 1)) return;
      const rank = q * (this.count - 1);
      if (rank < negatives) negativeAsks.push({ rank: negatives - rank - 1, at });
      else if (rank < negatives + this.zero) out[at] = 0;
      else positiveAsks.push({ rank: rank - this.zero - negatives, at });
    });
    const answer = (asks: { rank: number; at: number }[], store: DenseCounts, lower: boolean, sign: number) => {
      asks.sort((a, b) => a.rank - b.rank);
      const keys = store.keysAtRanks(
        asks.map((a) => a.rank),
        lower,
      );
      asks.forEach((a, i) => (out[a.at] = sign * MAPPING.value(keys[i]!)));
    };
    if (negativeAsks.length) answer(negativeAsks, this.negative, false, -1);
    if (positiveAsks.length) answer(positiveAsks, this.positive, true, 1);
    return out;
  }
}

/**
 * Values at the given quantile levels, clamped into [min, max] (the sketch answers bucket centres); the
 * levels 0 and 1 are the smallest and largest values, exactly.
 */
export function quantilesOf(sketch: Sketch, levels: readonly number[]): number[] {
  const inner = sketch.quantiles(levels);
  return levels.map((q, i) => (q === 0 ? sketch.min : q === 1 ? sketch.max : Math.min(sketch.max, Math.max(sketch.min, inner[i]!))));
}
