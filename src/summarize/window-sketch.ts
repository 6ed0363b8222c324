/**
 * A step window's values: a quantile sketch, plus the values themselves while there are at most
 * FEW_VALUES of them, so a small window (a sparse timer, a window at the end of a run) sends the values
 * that were logged, not the sketch's estimates of them.
 */
import { WINDOW_QUANTILES } from '../model.js';
import { Sketch } from './sketch.js';

export const FEW_VALUES = WINDOW_QUANTILES.length;

export class WindowSketch {
  readonly sketch = new Sketch();
  /** The finite values in arrival order while count ≤ FEW_VALUES; null once there are more. */
  few: number[] | null = [];

  get count(): number {
    return this.sketch.count;
  }

  /** Add the finite values among `values[from, to)`. */
  acceptMany(values: Float64Array, from: number, to: number): void {
    this.sketch.acceptMany(values, from, to);
    if (this.few === null) return;
    if (this.sketch.count > FEW_VALUES) {
      this.few = null;
      return;
    }
    for (let i = from; i < to; i++) {
      const value = values[i]!;
      if (value - value === 0) this.few.push(value);
    }
  }

  merge(other: WindowSketch): void {
    this.sketch.merge(other.sketch);
    this.few = this.few && other.few && this.sketch.count <= FEW_VALUES ? [...this.few, ...other.few] : null;
  }

  /** The exact values in ascending order, or null when there are more than FEW_VALUES. */
  values(): number[] | null {
    return this.few ? [...this.few].sort((a, b) => a - b) : null;
  }
}
