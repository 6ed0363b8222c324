/**
 * The alternative the bench weighs the summary's Sketch against: sketches-js' own DDSketch behind the
 * Sketch API, with the one fix the summary needs (its merge drops the other sketch's negative values).
 */
import sketches from '@datadog/sketches-js';
import { RELATIVE_ACCURACY } from '../../src/summarize/sketch.js';

export class WrappedDDSketch {
  private readonly inner = new sketches.DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });

  get count(): number {
    return this.inner.count;
  }
  get min(): number {
    return this.inner.min;
  }
  get max(): number {
    return this.inner.max;
  }

  accept(value: number): void {
    this.inner.accept(value);
  }

  /** Add the finite values among `values[from, to)`. */
  acceptMany(values: Float64Array, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const value = values[i]!;
      if (value - value === 0) this.inner.accept(value);
    }
  }

  merge(other: WrappedDDSketch): void {
    // DDSketch.merge copies both stores into an empty sketch, but otherwise merges the positive store only.
    if (this.inner.count !== 0 && other.inner.count !== 0) this.inner.negativeStore.merge(other.inner.negativeStore);
    this.inner.merge(other.inner);
  }

  quantile(q: number): number {
    return this.inner.getValueAtQuantile(q);
  }

  quantiles(levels: readonly number[]): number[] {
    return levels.map((q) => this.inner.getValueAtQuantile(q));
  }
}
