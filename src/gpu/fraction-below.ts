/**
 * Share of the finite values strictly below a threshold: #{x < t} / #{x finite}. NaN when no value is finite.
 * The "starved" rule: a GPU is starved when this share of its steady-state activity exceeds a fraction.
 */
export function fractionBelow(values: ArrayLike<number>, threshold: number): number {
  let below = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    n++;
    if (v < threshold) below++;
  }
  return n === 0 ? Number.NaN : below / n;
}
