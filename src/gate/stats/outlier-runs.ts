/**
 * Runs far from the rest: |rᵢ − median(r)| > k · max(1.4826 · MAD(r), σ₀), with MAD(r) = median |rᵢ − median(r)|,
 * at most max(1, ⌊n/10⌋) of them (the farthest).
 *
 * 1.4826 · MAD estimates σ for normal data, and unlike the standard deviation one wild run cannot inflate it,
 * so a single broken run in the history is set aside instead of blinding the gate. In a small history
 * the MAD can be far below the real spread (four of six runs happen to agree): σ₀, the spread the runs'
 * own per-step noise implies, is its floor, and the cap keeps a few "outliers" from being the only runs
 * that show how far runs really scatter. With no scale at all (over half the values identical and σ₀ = 0,
 * e.g. memory) nothing is flagged.
 */
import { median, medianAbsoluteDeviation } from 'simple-statistics';

export function outlierRuns(residuals: readonly number[], k = 5, minSigma = 0): boolean[] {
  const none = residuals.map(() => false);
  if (residuals.length < 3) return none;
  const values = [...residuals];
  const centre = median(values);
  const sigma = Math.max(1.4826 * medianAbsoluteDeviation(values), minSigma);
  if (!(sigma > 0)) return none;
  const far = residuals
    .map((r, i) => ({ i, d: Math.abs(r - centre) }))
    .filter((x) => x.d > k * sigma)
    .sort((a, b) => b.d - a.d)
    .slice(0, Math.max(1, Math.floor(residuals.length / 10)));
  for (const { i } of far) none[i] = true;
  return none;
}
