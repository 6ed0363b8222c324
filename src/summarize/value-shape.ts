/**
 * The shape of a column's values that its name cannot tell: whether it only ever rises (a counter such as
 * `throughput/total_training_Gflops`, a cumulative time), and whether it is written in percent (an MFU of
 * 42.1 rather than 0.421). Counts only: O(1) memory, fed column by column in step order.
 */
export class ValueShape {
  count = 0;
  first = Number.NaN;
  last = Number.NaN;
  /** Consecutive finite points that did not fall, and that rose. */
  nonDecreasing = 0;
  rising = 0;
  /** Falls to below half the value before (a clock started again by a resume), counted apart from the rest. */
  resets = 0;
  /** Points above 1.5: no ratio gets there, while a percentage almost always does. */
  aboveOne = 0;
  /** Points above 100: no percentage gets there (a "utilization" in TFLOP/s per GPU does). */
  aboveHundred = 0;

  addColumn(values: Float64Array): void {
    let { count, last, nonDecreasing, rising, resets, aboveOne, aboveHundred } = this;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue;
      if (count === 0) this.first = value;
      else if (value >= last) {
        nonDecreasing += 1;
        if (value > last) rising += 1;
      } else if (last > 0 && value >= 0 && value < last / 2) resets += 1;
      if (value > 1.5) aboveOne += 1;
      if (value > 100.5) aboveHundred += 1;
      count += 1;
      last = value;
    }
    Object.assign(this, { count, last, nonDecreasing, rising, resets, aboveOne, aboveHundred });
  }
}
