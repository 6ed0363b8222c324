/**
 * Student's t distribution, from stdlib's tested implementations (simple-statistics has no t quantile).
 * `tQuantile(p, df)` is the x with P(T ≤ x) = p; `tUpperTail(x, df)` is P(T > x) = 1 − F(x).
 * For df = ∞ both fall back to the normal distribution.
 */
import cdf from '@stdlib/stats-base-dists-t-cdf';
import quantile from '@stdlib/stats-base-dists-t-quantile';
import { cumulativeStdNormalProbability, probit } from 'simple-statistics';

export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`probability ${p} is not in (0, 1)`);
  if (!(df > 0)) throw new RangeError(`degrees of freedom ${df} must be > 0`);
  return Number.isFinite(df) ? quantile(p, df) : probit(p);
}

export function tUpperTail(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom ${df} must be > 0`);
  if (Number.isNaN(x)) return NaN;
  return Number.isFinite(df) ? 1 - cdf(x, df) : 1 - cumulativeStdNormalProbability(x);
}
