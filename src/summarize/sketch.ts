/**
 * Quantile sketches: DDSketch keeps every quantile within a relative error α of the true value in
 * bounded memory, and two sketches merge exactly — what step windows need when they coarsen.
 *
 *   key(x) = ⌈log_γ x⌉,  γ = (1 + α) / (1 − α)        (sketches-js' LogarithmicMapping)
 *   value(k) = 2γ^k / (1 + γ)                          (within α of every x with key k)
 *
 * The mapping is sketches-js'. The bin counts are not: they live in WebAssembly (assembly/sketch-counts.ts),
 * where keying every value of a run's windows and merging windows as they coarsen runs compiled from the
 * start — in JavaScript, a CLI run was over before most of that code was optimised (`npm run bench:sketch`:
 * 11.1 ms where the JavaScript counts took 16.3 ms, in a fresh process). sketches-js' DDSketch.merge also
 * drops the other sketch's negative values; these do not.
 *
 * A Sketch owns memory in the module: `dispose()` returns it at once, and a sketch that is dropped
 * without it returns it when the garbage collector finalises the object.
 */
import { LogarithmicMapping } from '@datadog/sketches-js/dist/ddsketch/mapping/index.js';
import { doubles, scratch, summaryModule, type ModuleColumn, type SummaryExports } from './wasm-summary.js';

/** 0.05 % relative error: far below the 1 % run-to-run noise the gate works against. */
export const RELATIVE_ACCURACY = 0.0005;

const MAPPING = new LogarithmicMapping(RELATIVE_ACCURACY);
/** Below this a value counts as zero (the mapping's smallest indexable value). */
const MIN_INDEXABLE = MAPPING.minPossible;
/**
 * MAPPING.key(x) = ⌈log2(x) · MULTIPLIER⌉, the multiplier computed as the mapping computes it. The module
 * takes log2 from AssemblyScript's library, not V8's Math.log2; the two can differ in the last bit, which
 * moves a key only when log2(x) · MULTIPLIER lies within about 1e-12 of an integer (a test holds the keys
 * equal to the mapping's on 100,000 values spread over 70 orders of magnitude).
 */
const MULTIPLIER = (1 / Math.log1p((2 * RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY))) * Math.log(2);

let configured = false;

/** The summary module, told the mapping once. */
function sketchModule(): SummaryExports {
  const wasm = summaryModule();
  if (!configured) {
    wasm.configure(MULTIPLIER, MIN_INDEXABLE);
    configured = true;
  }
  return wasm;
}

/** Sketches dropped without dispose(): their memory in the module goes back when they are collected. */
const finalizer = new FinalizationRegistry<number>((ptr) => sketchModule().free(ptr));

/** Bytes of memory the sketches' module holds (it grows, and never shrinks, as sketches need more). */
export function sketchMemoryBytes(): number {
  return summaryModule().memory.buffer.byteLength;
}

export class Sketch {
  /** The sketch's address in the module's memory; 0 once disposed. */
  private ptr: number;

  constructor() {
    this.ptr = sketchModule().create();
    finalizer.register(this, this.ptr, this);
  }

  get count(): number {
    return sketchModule().field(this.ptr, 0);
  }
  get min(): number {
    return sketchModule().field(this.ptr, 1);
  }
  get max(): number {
    return sketchModule().field(this.ptr, 2);
  }

  /** Add a finite value. */
  accept(value: number): void {
    const at = scratch(1);
    doubles(at, 1)[0] = value;
    sketchModule().accept(this.ptr, at, 1);
  }

  /** Add the finite values among `values[from, to)`. */
  acceptMany(values: Float64Array, from: number, to: number): void {
    if (to <= from) return;
    const at = scratch(to - from);
    doubles(at, to - from).set(values.subarray(from, to));
    sketchModule().accept(this.ptr, at, to - from);
  }

  /** Add the finite values among a loaded column's `[from, to)`: a batch's run of one window in one call. */
  acceptColumn(column: ModuleColumn, from: number, to: number): void {
    if (to > from) sketchModule().accept(this.ptr, column.valuesAt + 8 * from, to - from);
  }

  /** Add everything `other` holds; the result is the sketch of both inputs together. */
  merge(other: Sketch): void {
    sketchModule().merge(this.ptr, other.ptr);
  }

  /** Return the sketch's memory now; the sketch must not be used afterwards. */
  dispose(): void {
    if (!this.ptr) return;
    finalizer.unregister(this);
    sketchModule().free(this.ptr);
    this.ptr = 0;
  }

  /** The value at quantile q ∈ [0, 1] (rank q·(n − 1)), as sketches-js' DDSketch.getValueAtQuantile answers. */
  quantile(q: number): number {
    return this.quantiles([q])[0]!;
  }

  /** `quantile` of each level, with one pass over each store. */
  quantiles(levels: readonly number[]): number[] {
    const wasm = sketchModule();
    const count = this.count;
    const out = new Array<number>(levels.length).fill(Number.NaN);
    if (count === 0) return out;
    const zero = wasm.field(this.ptr, 3);
    const negatives = wasm.field(this.ptr, 4);
    // Ranks that fall among the negative values (counted from the most negative) and the positive ones.
    const negativeAsks: { rank: number; at: number }[] = [];
    const positiveAsks: { rank: number; at: number }[] = [];
    levels.forEach((q, at) => {
      if (!(q >= 0 && q <= 1)) return;
      const rank = q * (count - 1);
      if (rank < negatives) negativeAsks.push({ rank: negatives - rank - 1, at });
      else if (rank < negatives + zero) out[at] = 0;
      else positiveAsks.push({ rank: rank - zero - negatives, at });
    });
    const answer = (asks: { rank: number; at: number }[], negative: boolean) => {
      if (!asks.length) return;
      asks.sort((a, b) => a.rank - b.rank);
      const n = asks.length;
      // Ranks in the first half of the scratch space, keys come back in the second.
      const at = scratch(2 * n);
      const ranks = doubles(at, n);
      asks.forEach((a, i) => (ranks[i] = a.rank));
      wasm.keysAtRanks(this.ptr, negative ? 1 : 0, at, n, negative ? 0 : 1, at + 8 * n);
      const keys = doubles(at + 8 * n, n);
      asks.forEach((a, i) => (out[a.at] = (negative ? -1 : 1) * MAPPING.value(keys[i]!)));
    };
    answer(negativeAsks, true);
    answer(positiveAsks, false);
    return out;
  }
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
