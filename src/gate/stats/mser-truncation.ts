/**
 * Where a series' initial transient (warm-up) ends, by the marginal standard error rule, MSER (White 1997,
 * "An effective truncation heuristic for bias reduction in simulation output"; MSER-5 applies it to means
 * of 5 consecutive values, White, Cobb & Spratt 2000). Over the values y₁ … y_m, drop the first d:
 *
 *   MSER(d) = Σ_{i>d} (y_i − ȳ_d)² / (m − d)²,   ȳ_d the mean of y_{d+1} … y_m
 *
 * and take the d ≤ m/2 that minimises it: the truncation that leaves the most precise estimate of the
 * steady level. Values far from the level at the start raise MSER until they are dropped; dropping
 * steady values only shrinks the denominator. Suffix sums make it one pass, O(m). Returns d (0: no
 * transient), or null for fewer than 4 values or a non-finite one. The values are scaled by a power of two
 * first (exact; d does not depend on the scale), so sums of squares of values near 1e308 stay finite.
 */
export function mserTruncation(values: readonly number[]): number | null {
  const m = values.length;
  if (m < 4 || values.some((v) => !Number.isFinite(v))) return null;
  const top = Math.max(...values.map(Math.abs));
  const down = top > 0 ? 2 ** -Math.max(-1022, Math.floor(Math.log2(top))) : 1;
  // Centred on the last value, so the suffix sums of squares do not lose the differences to rounding.
  const ref = values[m - 1]! * down;
  let sum = 0;
  let squares = 0;
  const mser = new Float64Array(m);
  for (let i = m - 1; i >= 0; i--) {
    const y = values[i]! * down - ref;
    sum += y;
    squares += y * y;
    const k = m - i;
    mser[i] = Math.max(0, squares - (sum * sum) / k) / (k * k);
  }
  let best = 0;
  for (let d = 1; d <= Math.floor(m / 2); d++) if (mser[d]! < mser[best]!) best = d;
  return best;
}
