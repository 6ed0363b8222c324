/**
 * A metric's curve as means over buckets of `every` steps: bucket b holds the finite values logged at
 * steps in [b·every, (b + 1)·every). `every` is a power of two that doubles (pairs of buckets merged,
 * exactly, by their counts) whenever more than `maxBuckets` would be needed, so memory is bounded and the
 * bucket edges of any two runs line up once the finer one is coarsened to the other's width
 * (src/gate/curve-window.ts). The history keeps this curve so a run that stopped early can be compared
 * with it over the same steps.
 */
import type { StepCurve } from '../model.js';

/** Buckets kept per metric: 48 for a whole run, about 14 for a run cut at 30 %. */
export const CURVE_BUCKETS = 48;

export class StepCurveBuilder {
  private every = 1;
  /** Bucket index of sums[0]. */
  private start = Number.NaN;
  private sums: number[] = [];
  private counts: number[] = [];

  constructor(private readonly maxBuckets = CURVE_BUCKETS) {}

  addColumn(steps: Float64Array, values: Float64Array): void {
    for (let i = 0; i < steps.length; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue;
      this.add(steps[i]!, value);
    }
  }

  add(step: number, value: number): void {
    if (Number.isNaN(this.start)) this.start = Math.floor(step / this.every);
    let at = Math.floor(step / this.every) - this.start;
    while (at >= this.maxBuckets) {
      this.coarsen();
      at = Math.floor(step / this.every) - this.start;
    }
    while (this.sums.length <= at) {
      this.sums.push(0);
      this.counts.push(0);
    }
    this.sums[at]! += value;
    this.counts[at]! += 1;
  }

  private coarsen(): void {
    const start = Math.floor(this.start / 2);
    const sums: number[] = [];
    const counts: number[] = [];
    for (let k = 0; k < this.sums.length; k++) {
      const at = Math.floor((this.start + k) / 2) - start;
      while (sums.length <= at) {
        sums.push(0);
        counts.push(0);
      }
      sums[at]! += this.sums[k]!;
      counts[at]! += this.counts[k]!;
    }
    this.every *= 2;
    this.start = start;
    this.sums = sums;
    this.counts = counts;
  }

  /** The curve, means rounded to 7 significant digits as the history keeps them; null with no value. */
  result(): StepCurve | null {
    if (Number.isNaN(this.start)) return null;
    return {
      every: this.every,
      start: this.start,
      means: this.sums.map((s, k) => (this.counts[k]! > 0 ? Number((s / this.counts[k]!).toPrecision(7)) : null)),
      counts: [...this.counts],
    };
  }
}
