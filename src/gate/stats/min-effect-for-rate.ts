/**
 * The minimum effect at which the gate's own test, on its own, fires with probability `rate` when nothing
 * changed: the inverse of the prediction-interval test T = (x − x̄) / (s·√(1 + 1/n)) > t_ν(1 − a)
 * (prediction-t.ts), written as a change relative to the level:
 *
 *   δ = t_ν(1 − a) · s · √(1 + 1/n) / |x̄|
 *
 * with x̄ the mean of the n baseline runs, s the run-to-run standard deviation measured with ν degrees of
 * freedom, independent of the new run. Under "nothing changed" (x − x̄)/(σ√(1 + 1/n)) is standard normal
 * and s/σ is √(χ²_ν/ν), so P(x − x̄ worse than δ·|x̄|) = P(T_ν > t_ν(1 − a)) = a: the prediction
 * interval's coverage (Hahn & Meeker, Statistical Intervals, §4.5), as Bencher's threshold uses it.
 * Megatron-LM's recommended tolerance (largest relative deviation from the mean × a multiplier) is the same
 * idea without the distribution: here the multiplier is the t quantile the false-alarm rate asks for.
 */
import { tQuantile } from './student-t.js';

export interface MeasuredNoise {
  /** Mean of the baseline runs. */
  centre: number;
  /** Run-to-run standard deviation. */
  sd: number;
  /** Its degrees of freedom. */
  df: number;
  /** Baseline runs the centre is the mean of. */
  runs: number;
}

export function minEffectForRate(rate: number, noise: MeasuredNoise): number {
  if (!(rate > 0 && rate < 1)) throw new RangeError(`false-alarm rate ${rate} is not in (0, 1)`);
  const { centre, sd, df, runs } = noise;
  if (!(df > 0) || !(runs >= 1) || !(sd >= 0) || !(centre !== 0 && Number.isFinite(centre)))
    throw new RangeError(`no relative threshold from centre ${centre}, sd ${sd}, df ${df}, ${runs} runs`);
  return (tQuantile(1 - rate, df) * sd * Math.sqrt(1 + 1 / runs)) / Math.abs(centre);
}
