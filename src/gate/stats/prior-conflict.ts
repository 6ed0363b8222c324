/**
 * Does the history contradict the prior on its noise? Under the prior, ν·s²/σ₀² ~ χ²(ν); the history is
 * noisier than the prior allows when ν·s²/σ₀² exceeds the upper `level` quantile of χ²(ν), taken from the
 * Wilson–Hilferty approximation
 *   χ²_ν(1 − level) ≈ ν · (1 − 2/(9ν) + z_{1−level} · √(2/(9ν)))³
 * (within about 1 % of exact for ν ≥ 3). A prior that understates the noise of a noisy cluster would
 * otherwise shrink the band and raise false alarms; the gate then drops the prior and trusts the history.
 */
import { probit } from 'simple-statistics';

export function chiSquaredUpper(df: number, level: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + probit(1 - level) * Math.sqrt(a)) ** 3;
}

export function priorConflict(
  sample: { variance: number; df: number },
  prior: { variance: number; df: number },
  level = 0.01,
): boolean {
  if (!(sample.df > 0) || !(prior.df > 0) || !(prior.variance > 0) || !Number.isFinite(sample.variance)) return false;
  return (sample.df * sample.variance) / prior.variance > chiSquaredUpper(sample.df, level);
}
