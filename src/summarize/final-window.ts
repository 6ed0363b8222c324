/**
 * A metric's final window: the values it logged in the last FINAL_SHARE of its own step span (its first
 * finite step to its last), and their median — the "final" number a run is judged by, taken over a share
 * of the run's steps rather than a count of points, so a loss logged a few times a run (validation) gets
 * its last values and not the median of the whole run.
 *
 *   window start = first + (1 − FINAL_SHARE) · (last − first)
 *
 * The span is known only at the end, but its start only moves forward, so a value that falls out never
 * comes back: a ring holds the values inside it. On runs long enough to overflow the ring, every 2^k-th
 * value (by its index among the metric's finite values) is kept, so memory stays bounded and the median is
 * that of an even subsample. Values are taken one at a time, so the result does not depend on batching.
 */
export const FINAL_SHARE = 0.1;
/** Values held exactly: a run of up to ten times this many logged points has an exact final median. */
const CAPACITY = 4096;

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

  /** Add a batch's column in step order; NaN and ±Infinity are not values. */
  addColumn(steps: Float64Array, values: Float64Array): void {
    for (let i = 0; i < steps.length; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue;
      const step = steps[i]!;
      if (this.seen === 0) this.first = step;
      const ordinal = this.seen++;
      this.dropBefore(this.first + (1 - FINAL_SHARE) * (step - this.first));
      if (ordinal % this.stride !== 0) continue;
      if (this.size === CAPACITY) this.thin();
      if (ordinal % this.stride !== 0) continue;
      const at = (this.head + this.size) % CAPACITY;
      this.steps[at] = step;
      this.values[at] = value;
      this.ordinals[at] = ordinal;
      this.size += 1;
    }
  }

  private dropBefore(start: number): void {
    while (this.size > 0 && this.steps[this.head]! < start) {
      this.head = (this.head + 1) % CAPACITY;
      this.size -= 1;
    }
  }

  /** Double the stride: keep the values whose index is a multiple of it, packed from slot 0. */
  private thin(): void {
    this.stride *= 2;
    let kept = 0;
    for (let k = 0; k < this.size; k++) {
      const from = (this.head + k) % CAPACITY;
      if (this.ordinals[from]! % this.stride !== 0) continue;
      // kept ≤ k and slots before `from` in ring order are already read, so nothing unread is overwritten.
      const to = (this.head + kept) % CAPACITY;
      this.steps[to] = this.steps[from]!;
      this.values[to] = this.values[from]!;
      this.ordinals[to] = this.ordinals[from]!;
      kept += 1;
    }
    this.size = kept;
  }

  /** The window and its median; null when no finite value was seen. */
  result(): FinalWindowResult | null {
    if (this.size === 0) return null;
    const sorted = new Float64Array(this.size);
    for (let k = 0; k < this.size; k++) sorted[k] = this.values[(this.head + k) % CAPACITY]!;
    sorted.sort();
    const mid = this.size >> 1;
    return {
      from: this.steps[this.head]!,
      to: this.steps[(this.head + this.size - 1) % CAPACITY]!,
      count: this.size,
      median: this.size % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    };
  }
}
