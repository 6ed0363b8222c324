/**
 * The median of the last `window` values, kept as a ring in arrival order and the same values sorted, so
 * a push costs O(window) and memory is the window whatever the run's length. Shared by the divergence
 * rule and watch mode's collapse rule, so both smooth a series the same way.
 */
export class RollingMedian {
  private readonly ring: Float64Array;
  private readonly sorted: Float64Array;
  private filled = 0;
  private at = 0;

  constructor(readonly window: number) {
    this.ring = new Float64Array(window);
    this.sorted = new Float64Array(window);
  }

  /** Put `value` in the window (dropping the oldest) → the window's median, or NaN while it is not full. */
  push(value: number): number {
    const { ring, sorted, window } = this;
    let n = this.filled;
    if (n === window) {
      // Remove the oldest value from the sorted copy by shifting the ones after it down.
      const old = ring[this.at]!;
      let k = 0;
      while (sorted[k] !== old) k++;
      for (; k < n - 1; k++) sorted[k] = sorted[k + 1]!;
      n -= 1;
    }
    let k = n;
    while (k > 0 && sorted[k - 1]! > value) {
      sorted[k] = sorted[k - 1]!;
      k--;
    }
    sorted[k] = value;
    ring[this.at] = value;
    this.at = (this.at + 1) % window;
    this.filled = n + 1;
    return this.filled === window ? sorted[(window - 1) >> 1]! : Number.NaN;
  }
}
