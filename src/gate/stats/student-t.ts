/**
 * Student's t distribution (simple-statistics has no t quantile).
 *   P(T > x) = ½ · I_{ν/(ν+x²)}(ν/2, ½)            for x ≥ 0, and 1 − P(T > −x) below 0
 * `tQuantile(p, ν)` inverts it by bisection to 1e-12 (monotone, so it cannot fail to converge). For
 * ν = ∞ both fall back to the normal distribution.
 */
import { errorFunction, probit } from 'simple-statistics';
import { incompleteBeta } from './incomplete-beta.js';

export function tUpperTail(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom ${df} must be > 0`);
  if (Number.isNaN(x)) return NaN;
  if (!Number.isFinite(df)) return 1 - normalCdf(x);
  if (x === Infinity) return 0;
  if (x === -Infinity) return 1;
  const tail = 0.5 * incompleteBeta(df / (df + x * x), df / 2, 0.5);
  return x >= 0 ? tail : 1 - tail;
}

export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`probability ${p} is not in (0, 1)`);
  if (!(df > 0)) throw new RangeError(`degrees of freedom ${df} must be > 0`);
  if (!Number.isFinite(df)) return probit(p);
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  // Bracket the root of P(T > x) = 1 − p, then bisect.
  const q = 1 - p;
  let lo = 0;
  let hi = 1;
  while (tUpperTail(hi, df) > q) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
    const mid = (lo + hi) / 2;
    if (tUpperTail(mid, df) > q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Φ(x) = ½(1 + erf(x/√2)): simple-statistics' table-based cumulativeStdNormalProbability is only good to 1e-4. */
function normalCdf(x: number): number {
  return 0.5 * (1 + errorFunction(x / Math.SQRT2));
}
