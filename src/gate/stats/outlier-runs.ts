/**
 * Runs far from the rest: |rᵢ − median(r)| > k · 1.4826 · MAD(r), with MAD(r) = median |rᵢ − median(r)|.
 * 1.4826 · MAD estimates σ for normal data, and unlike the standard deviation one wild run cannot inflate it,
 * so a single broken run in the history is set aside instead of blinding the gate. With MAD = 0 (over half
 * the values identical, e.g. memory) there is no robust scale and nothing is flagged.
 */
import { median, medianAbsoluteDeviation } from 'simple-statistics';

export function outlierRuns(residuals: readonly number[], k = 5): boolean[] {
  if (residuals.length < 3) return residuals.map(() => false);
  const values = [...residuals];
  const centre = median(values);
  const sigma = 1.4826 * medianAbsoluteDeviation(values);
  if (!(sigma > 0)) return residuals.map(() => false);
  return residuals.map((r) => Math.abs(r - centre) > k * sigma);
}
