/**
 * A metric's final window: the values it logged in the last FINAL_SHARE of its own step span (its first
 * finite step to its last), and their median — the "final" number a run is judged by, taken over a share
 * of the run's steps rather than a count of points, so a loss logged a few times a run (validation) gets
 * its last values and not the median of the whole run.
 *
 *   window start = first + (1 − FINAL_SHARE) · (last − first)
 *
 * The span is known only at the end, but its start only moves forward, so a value that falls out never
 * comes back: a ring holds the values inside it. A quarter, not a tenth: the gate compares this number
 * across runs, and a median of fewer noisy batches is a noisier number (docs/gate.md). On runs long enough to overflow the ring, every 2^k-th
 * value (by its index among the metric's finite values) is kept, so memory stays bounded and the median is
 * that of an even subsample. Values are taken one at a time, so the result does not depend on batching.
 */
export const FINAL_SHARE = 0.25;
/** Values held exactly: a run of up to four times this many logged points has an exact final median. */
const CAPACITY = 4096;
/** CAPACITY is a power of two: ring positions wrap with a mask. */
const MASK = CAPACITY - 1;

export interface FinalWindowResult {
  /** First and last step of the values in the window. */
  from: number;
  to: number;
  /** Values the median is of (every 2^k-th logged value on very long runs). */
  count: number;
  median: number;
}

export class FinalWindow {
  private readonly steps = new Float64Array(CAPACITY);
  private readonly values = new Float64Array(CAPACITY);
  private readonly ordinals = new Float64Array(CAPACITY);
  /** Ring: the oldest value is at `head`, `size` of them. */
  private head = 0;
  private size = 0;
  private stride = 1;
  /** Finite values seen. */
  private seen = 0;
  private first = Number.NaN;

  /**
   * Add a batch's column in step order; NaN and ±Infinity are not values. The ring's fields live in
   * locals during the loop (a double stored in a field per value is boxed until the code is optimised).
   */
  addColumn(steps: Float64Array, values: Float64Array): void {
    const ringSteps = this.steps;
    let { head, size, seen, first } = this;
    for (let i = 0; i < steps.length; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue;
      const step = steps[i]!;
      if (seen === 0) first = step;
      const ordinal = seen++;
      const start = first + (1 - FINAL_SHARE) * (step - first);
      while (size > 0 && ringSteps[head]! < start) {
        head = (head + 1) & MASK;
        size -= 1;
      }
      if ((ordinal & (this.stride - 1)) !== 0) continue;
      if (size === CAPACITY) {
        this.head = head;
        this.size = size;
        this.thin();
        size = this.size;
        if ((ordinal & (this.stride - 1)) !== 0) continue;
      }
      const at = (head + size) & MASK;
      ringSteps[at] = step;
      this.values[at] = value;
      this.ordinals[at] = ordinal;
      size += 1;
    }
    this.head = head;
    this.size = size;
    this.seen = seen;
    this.first = first;
  }

  /** Double the stride: keep the values whose index is a multiple of it, packed from slot 0. */
  private thin(): void {
    this.stride *= 2;
    let kept = 0;
    for (let k = 0; k < this.size; k++) {
      const from = (this.head + k) & MASK;
      if (this.ordinals[from]! % this.stride !== 0) continue;
      // kept ≤ k and slots before `from` in ring order are already read, so nothing unread is overwritten.
      const to = (this.head + kept) & MASK;
      this.steps[to] = this.steps[from]!;
      this.values[to] = this.values[from]!;
      this.ordinals[to] = this.ordinals[from]!;
      kept += 1;
    }
    this.size = kept;
  }

  /**
   * The robust noise of one point inside the window, as is: σ = 1.4826 · median |y_t − (y_{t−1} +
   * y_{t+1})/2| / √1.5 over its consecutive values (the divergence rule's estimator, on the window's own
   * points, so the climb of an eval logged a few times a run is not taken for noise); NaN below three.
   */
  localNoise(): number {
    if (this.size < 3) return Number.NaN;
    const at = (k: number) => this.values[(this.head + k) & MASK]!;
    const residuals = new Float64Array(this.size - 2);
    for (let k = 1; k < this.size - 1; k++) residuals[k - 1] = Math.abs(at(k) - (at(k - 1) + at(k + 1)) / 2);
    residuals.sort();
    const mid = residuals.length >> 1;
    const median = residuals.length % 2 === 1 ? residuals[mid]! : (residuals[mid - 1]! + residuals[mid]!) / 2;
    return (1.4826 * median) / Math.sqrt(1.5);
  }

  /** The window and its median; null when no finite value was seen. */
  result(): FinalWindowResult | null {
    if (this.size === 0) return null;
    const sorted = new Float64Array(this.size);
    for (let k = 0; k < this.size; k++) sorted[k] = this.values[(this.head + k) & MASK]!;
    sorted.sort();
    const mid = this.size >> 1;
    return {
      from: this.steps[this.head]!,
      to: this.steps[(this.head + this.size - 1) & MASK]!,
      count: this.size,
      median: this.size % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    };
  }
}
