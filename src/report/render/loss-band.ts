/**
 * The baseline loss band from the loss curves of the baseline runs (each a list of [step, value]
 * samples, as the history keeps them). At each step s where at least `minRuns` curves reach:
 *   centre(s) = median_i vᵢ(s),  lo(s) = min_i vᵢ(s),  hi(s) = max_i vᵢ(s)
 * with vᵢ(s) curve i linearly interpolated at s; the band is the envelope of the baseline runs.
 * Steps are the union of the curves' sample steps; non-finite samples are skipped.
 */
import { median } from 'simple-statistics';
import { interpolate } from './downsample.js';
import type { LossBandPoint } from '../report-input.js';

export function lossBandFromCurves(
  curves: readonly (readonly (readonly [number, number])[])[],
  minRuns = 2,
): LossBandPoint[] {
  const clean = curves
    .map((c) => c.filter(([s, v]) => Number.isFinite(s) && Number.isFinite(v)).sort((a, b) => a[0] - b[0]))
    .filter((c) => c.length > 0)
    .map((c) => ({ xs: c.map((p) => p[0]), ys: c.map((p) => p[1]) }));
  const steps = [...new Set(clean.flatMap((c) => c.xs))].sort((a, b) => a - b);
  const out: LossBandPoint[] = [];
  for (const step of steps) {
    const values = clean.map((c) => interpolate(c.xs, c.ys, step)).filter(Number.isFinite);
    if (values.length < Math.max(1, minRuns)) continue;
    out.push({ step, centre: median(values), lo: Math.min(...values), hi: Math.max(...values) });
  }
  return out;
}
