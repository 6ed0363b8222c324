/**
 * A metric's curve as means over buckets of `every` steps: bucket b holds the finite values logged at
 * steps in [b·every, (b + 1)·every). `every` is a power of two that doubles (pairs of buckets merged,
 * exactly, by their counts) whenever more than `maxBuckets` would be needed, so memory is bounded and the
 * bucket edges of any two runs line up once the finer one is coarsened to the other's width
 * (src/gate/curve-window.ts). The history keeps this curve so a run that stopped early can be compared
 * with it over the same steps.
 */
import type { StepCurve } from '../model.js';

/** Buckets kept per metric: at most 32 for a whole run (17 to 32), so 5 to 10 for one cut at 30 %. */
export const CURVE_BUCKETS = 32;

export class StepCurveBuilder {
  private every = 1;
  /** Bucket index of slot 0. */
  private start = Number.NaN;
  private readonly sums: Float64Array;
  private readonly counts: Float64Array;
  /** Slots in use. */
  private used = 0;

  constructor(private readonly maxBuckets = CURVE_BUCKETS) {
    this.sums = new Float64Array(maxBuckets);
    this.counts = new Float64Array(maxBuckets);
  }

  /**
   * Add a batch's column in step order; NaN and ±Infinity are not values. A bucket's values are summed in
   * locals, one bucket at a time: the loop over values calls nothing.
   */
  addColumn(steps: Float64Array, values: Float64Array): void {
    const n = steps.length;
    let i = 0;
    while (i < n) {
      const first = values[i]!;
      const step = steps[i]!;
      // A step past 2^53 − 1 (the readers skip those) has no next whole step to end its bucket at.
      if (first - first !== 0 || !(Math.abs(step) <= Number.MAX_SAFE_INTEGER)) {
        i++;
        continue;
      }
      if (Number.isNaN(this.start)) this.start = Math.floor(step / this.every);
      let at = Math.floor(step / this.every) - this.start;
      while (at >= this.maxBuckets) {
        this.coarsen();
        at = Math.floor(step / this.every) - this.start;
      }
      const end = (this.start + at + 1) * this.every;
      // The first value is taken whatever `end` is, so every turn of the loop moves on.
      let sum = first;
      let count = 1;
      for (i++; i < n && steps[i]! < end; i++) {
        const value = values[i]!;
        if (value - value !== 0) continue;
        sum += value;
        count += 1;
      }
      this.sums[at]! += sum;
      this.counts[at]! += count;
      if (at >= this.used) this.used = at + 1;
    }
  }

  /** Double the width: slot k goes to ⌊(start + k)/2⌋ − ⌊start/2⌋, which never lies after k. */
  private coarsen(): void {
    const start = Math.floor(this.start / 2);
    let used = 0;
    for (let k = 0; k < this.used; k++) {
      const at = Math.floor((this.start + k) / 2) - start;
      const sum = this.sums[k]!;
      const count = this.counts[k]!;
      this.sums[k] = 0;
      this.counts[k] = 0;
      this.sums[at]! += sum;
      this.counts[at]! += count;
      used = at + 1;
    }
    this.every *= 2;
    this.start = start;
    this.used = used;
  }

  /** The curve, means rounded to 6 significant digits as the history keeps them; null with no value. */
  result(): StepCurve | null {
    if (Number.isNaN(this.start)) return null;
    const means: (number | null)[] = [];
    const counts: number[] = [];
    for (let k = 0; k < this.used; k++) {
      const count = this.counts[k]!;
      means.push(count > 0 ? Number((this.sums[k]! / count).toPrecision(6)) : null);
      counts.push(count);
    }
    return { every: this.every, start: this.start, means, counts };
  }
}
