/**
 * Quantile sketches: DDSketch keeps every quantile within a relative error α of the true value in
 * bounded memory, and two sketches merge exactly — what step windows need when they coarsen.
 *
 *   key(x) = ⌈log_γ x⌉,  γ = (1 + α) / (1 − α)        (sketches-js' LogarithmicMapping)
 *   value(k) = 2γ^k / (1 + γ)                          (within α of every x with key k)
 *
 * The mapping is sketches-js'; the bin counts are not its DenseStore (dense-counts.ts instead), for three
 * reasons. Its DDSketch.merge drops the other sketch's negative values; its DenseStore.merge misplaces the
 * counts of key 0 (1 and the values just below it) when it has to widen the range below; and it keeps the counts in a
 * JS array that it re-slices and re-spreads each time the key range moves, which makes it the slower of the
 * two on a run's windows in a fresh process, as the CLI runs (`npm run bench:sketch` compares them). The
 * answers are otherwise the same (tests hold every quantile equal to sketches-js').
 *
 * The counting stays in JavaScript, like the rest of the summary, rather than in a compiled module: one ran
 * a run's first values faster, before V8 has optimised this code, at the price of a second language, a
 * build step and memory freed by hand; bench/sketch/RESULTS.md has what that costs.
 */
import { LogarithmicMapping } from '@datadog/sketches-js/dist/ddsketch/mapping/index.js';
import { DenseCounts } from './dense-counts.js';

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
function keyOf(value: number): number {
  return Math.ceil(Math.log2(value) * MULTIPLIER) + 0; // + 0 turns -0 into 0, as the mapping does
}

/** A quantile asked of one store: its rank there, and where its answer goes. */
interface Ask {
  rank: number;
  at: number;
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
    if (value > MIN_INDEXABLE) this.positive.add(keyOf(value));
    else if (value < -MIN_INDEXABLE) this.negative.add(keyOf(-value));
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
      } else if (value < -MIN_INDEXABLE) this.negative.add(keyOf(-value));
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
    const negativeAsks: Ask[] = [];
    const positiveAsks: Ask[] = [];
    levels.forEach((q, at) => {
      if (!(q >= 0 && q <= 1)) return;
      const rank = q * (this.count - 1);
      if (rank < negatives) negativeAsks.push({ rank: negatives - rank - 1, at });
      else if (rank < negatives + this.zero) out[at] = 0;
      else positiveAsks.push({ rank: rank - this.zero - negatives, at });
    });
    answer(out, negativeAsks, this.negative, false, -1);
    answer(out, positiveAsks, this.positive, true, 1);
    return out;
  }
}

/** Write into `out` the value of each ask's key in `store`, with one pass over its bins. */
function answer(out: number[], asks: Ask[], store: DenseCounts, lower: boolean, sign: number): void {
  if (!asks.length) return;
  asks.sort((a, b) => a.rank - b.rank);
  const keys = store.keysAtRanks(
    asks.map((a) => a.rank),
    lower,
  );
  asks.forEach((a, i) => {
    out[a.at] = sign * MAPPING.value(keys[i]!);
  });
}

/**
 * Values at the given quantile levels, clamped into [min, max] (the sketch answers bucket centres); the
 * levels 0 and 1 are the smallest and largest values, exactly.
 */
export function quantilesOf(sketch: Sketch, levels: readonly number[]): number[] {
  const inner = sketch.quantiles(levels);
  return levels.map((q, i) =>
    q === 0 ? sketch.min : q === 1 ? sketch.max : Math.min(sketch.max, Math.max(sketch.min, inner[i]!)),
  );
}
