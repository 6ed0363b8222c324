/**
 * The chance that the gate's one-sided studentised test catches a real change: a run worse by the
 * relative amount d, against n baseline runs with run-to-run coefficient of variation c (measured with ν
 * degrees of freedom), flagged when its prediction t exceeds the critical value t. The studentised change
 * then follows a non-central t with ν degrees of freedom and non-centrality
 *
 *   λ = d / (c · √(1 + 1/n))
 *
 * and its upper tail is taken from the normal approximation to the non-central t (Johnson, Kotz &
 * Balakrishnan, Continuous Univariate Distributions 2, §31.6):
 *
 *   power = P(T'_{ν,λ} > t) ≈ Φ((λ − t·(1 − 1/(4ν))) / √(1 + t²/(2ν)))
 *
 * good to about a point of power for ν ≥ 4 (checked by simulation in the test). ν = ∞ is the known-σ
 * normal test, Φ(λ − t).
 */
import { errorFunction } from 'simple-statistics';

export interface PowerInputs {
  /** Relative change for the worse (0.05 = 5 % worse). */
  change: number;
  /** Run-to-run coefficient of variation. */
  cv: number;
  /** Baseline runs. */
  runs: number;
  /** Degrees of freedom of the noise estimate. */
  df: number;
  /** Critical value of the prediction t. */
  critical: number;
}

export function detectionPower({ change, cv, runs, df, critical }: PowerInputs): number {
  if (!(cv > 0) || !(runs >= 1) || !(df > 0)) throw new RangeError(`no power from cv ${cv}, ${runs} runs, df ${df}`);
  if (critical === Infinity) return 0;
  const lambda = change / (cv * Math.sqrt(1 + 1 / runs));
  const z = Number.isFinite(df)
    ? (lambda - critical * (1 - 1 / (4 * df))) / Math.sqrt(1 + (critical * critical) / (2 * df))
    : lambda - critical;
  return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}
