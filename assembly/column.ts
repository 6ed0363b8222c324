/**
 * Per-column loops of the summaries (see assembly/summary.ts): each reads a column of doubles with its
 * steps and a small state block of f64 fields, in the order its doc lists, and writes the state back.
 * The arithmetic is src/summarize's, operation for operation, so the results are the same doubles.
 */

/**
 * Count, first, last, last step, min, max and steady-state sum of `values[0, n)` logged at `steps[0, n)`;
 * NaN is missing, ±Infinity counted apart.
 * State: [count, first, last, lastStep, min, max, steadySum, infinities, first infinite step (NaN: none)].
 */
export function statistics(values: usize, steps: usize, n: i32, steadyFrom: f64, state: usize): void {
  let count = load<f64>(state);
  let first = load<f64>(state, 8);
  let last = load<f64>(state, 16);
  let lastStep = load<f64>(state, 24);
  let least = load<f64>(state, 32);
  let most = load<f64>(state, 40);
  let steadySum = load<f64>(state, 48);
  let infinite = load<f64>(state, 56);
  let firstInfinite = load<f64>(state, 64);
  for (let i = 0; i < n; i++) {
    const value = load<f64>(values + (<usize>i << 3));
    if (value != value) continue; // missing
    if (value == Infinity || value == -Infinity) {
      infinite += 1;
      if (firstInfinite != firstInfinite) firstInfinite = load<f64>(steps + (<usize>i << 3));
      continue;
    }
    if (count == 0) first = value;
    count += 1;
    last = value;
    lastStep = load<f64>(steps + (<usize>i << 3));
    if (value < least) least = value;
    if (value > most) most = value;
    if (lastStep >= steadyFrom) steadySum += value;
  }
  store<f64>(state, count);
  store<f64>(state, first, 8);
  store<f64>(state, last, 16);
  store<f64>(state, lastStep, 24);
  store<f64>(state, least, 32);
  store<f64>(state, most, 40);
  store<f64>(state, steadySum, 48);
  store<f64>(state, infinite, 56);
  store<f64>(state, firstInfinite, 64);
}

/**
 * Divergence over the points `values[i]` at `steps[i]`, i in [from, to) (see src/summarize/divergence.ts):
 *   s = α·x + (1 − α)·s,  m = min(m, s),  elevated ⇔ s > m + rise·|m|,  found after `sustain` in a row.
 * State: [smoothed, min, streak, start step, start value, start min, found (0 or 1)]. Stops when found.
 */
export function divergence(values: usize, steps: usize, from: i32, to: i32, alpha: f64, rise: f64, sustain: f64, state: usize): void {
  let smoothed = load<f64>(state);
  let least = load<f64>(state, 8);
  let streak = load<f64>(state, 16);
  let startStep = load<f64>(state, 24);
  let startValue = load<f64>(state, 32);
  let startMin = load<f64>(state, 40);
  let found: f64 = 0;
  for (let i = from; i < to; i++) {
    const value = load<f64>(values + (<usize>i << 3));
    if (value - value != 0) continue;
    smoothed = smoothed != smoothed ? value : alpha * value + (1 - alpha) * smoothed;
    if (smoothed < least) least = smoothed;
    if (smoothed > least + rise * Math.abs(least)) {
      if (streak == 0) {
        startStep = load<f64>(steps + (<usize>i << 3));
        startValue = value;
        startMin = least;
      }
      streak += 1;
      if (streak >= sustain) {
        found = 1;
        break;
      }
    } else streak = 0;
  }
  store<f64>(state, smoothed);
  store<f64>(state, least, 8);
  store<f64>(state, streak, 16);
  store<f64>(state, startStep, 24);
  store<f64>(state, startValue, 32);
  store<f64>(state, startMin, 40);
  store<f64>(state, found, 48);
}
