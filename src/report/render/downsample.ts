/** Thin a curve to a few dozen points for charts whose x positions are evenly spaced (Mermaid xychart). */

/**
 * Indices of at most `max` points spread evenly over `0 … length−1`, always keeping the first and
 * the last: index_k = round(k · (length − 1) / (max − 1)).
 */
export function evenIndices(length: number, max: number): number[] {
  if (length <= max) return Array.from({ length }, (_, i) => i);
  if (max <= 1) return length > 0 ? [length - 1] : [];
  const out: number[] = [];
  for (let k = 0; k < max; k++) {
    const i = Math.round((k * (length - 1)) / (max - 1));
    if (out[out.length - 1] !== i) out.push(i);
  }
  return out;
}

/**
 * Linear interpolation of y at `x` over points sorted by x:
 * y = y0 + (y1 − y0) · (x − x0) / (x1 − x0) between the neighbours; NaN outside the points' range.
 */
export function interpolate(xs: readonly number[], ys: readonly number[], x: number): number {
  const n = xs.length;
  if (n === 0 || x < xs[0]! || x > xs[n - 1]!) return NaN;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const x0 = xs[lo]!;
  const x1 = xs[hi]!;
  if (x1 === x0 || x === x0) return ys[lo]!;
  if (x === x1) return ys[hi]!;
  return ys[lo]! + ((ys[hi]! - ys[lo]!) * (x - x0)) / (x1 - x0);
}
