/** Index of the first of `steps[from…]` (increasing) that is ≥ `limit`; `steps.length` when none is. */
export function firstAtOrAbove(steps: Float64Array, from: number, limit: number): number {
  let lo = from;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (steps[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
