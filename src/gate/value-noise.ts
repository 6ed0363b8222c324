/**
 * The standard error a run's own per-step noise gives the number the gate judges it by:
 *
 *   loss:   1.2533 · σ / √count                (σ the divergence rule's robust noise of one point at the
 *                                                final window's level, count the window's values)
 *   other:  1.2533 · spread / √n               (spread the steady state's IQR / 1.349, n its values)
 *
 * 1.2533 · s/√n is the standard error of the median of n independent values. Steps are autocorrelated, so
 * the true figure is larger: this is a lower bound, which is what a floor under the run-to-run spread
 * needs (a history whose runs happen to agree more closely than their own noise allows is not evidence of
 * a narrower band). Null where the summary does not say.
 */
import type { MetricSummary } from '../model.js';

export function valueNoise(m: MetricSummary): number | null {
  let value: number;
  if (m.loss) {
    value = (1.2533 * (m.loss.noise ?? Number.NaN)) / Math.sqrt(m.loss.finalWindow.count);
  } else if (m.steady) value = (1.2533 * m.steady.spread) / Math.sqrt(m.steady.n);
  else return null;
  return Number.isFinite(value) ? Number(value.toPrecision(4)) : null;
}
