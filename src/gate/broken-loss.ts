/**
 * NaN or infinite loss values, or a divergence: always a regression, whatever the history. A rise the
 * run's own rule calls a divergence is not one where the history's curves rose the same way at the same
 * steps; a loss that left the history's band at the same steps and stayed out is one (curve-band.ts).
 */
import type { HistoryRecord, MetricSummary } from '../model.js';
import type { GateConfig } from './config.js';
import { leftBand, usualRise } from './curve-band.js';
import { historyCurves } from './curve-window.js';
import { formatValue } from './format.js';

/** Why the loss is broken, or null. */
export function brokenLoss(
  m: MetricSummary,
  key: string,
  history: readonly HistoryRecord[],
  config: GateConfig,
): string | null {
  if (m.class.kind !== 'loss') return null;
  if (m.nan + m.inf > 0) {
    const what = [m.nan ? `${m.nan} NaN` : '', m.inf ? `${m.inf} infinite` : ''].filter(Boolean).join(' and ');
    return `${what} value${m.nan + m.inf === 1 ? '' : 's'}, first at step ${m.firstNonFiniteStep} (always a regression)`;
  }
  const curves = historyCurves(history, key);
  const d = m.loss?.divergence;
  const options = { minRuns: config.minRuns, minEffect: m.class.minEffect };
  if (d && !(m.curve && usualRise(m.curve, curves, d.step, options)))
    return `diverged from step ${d.step} (${formatValue(d.value)} against a best of ${formatValue(d.min)}; always a regression)`;
  const left = m.curve ? leftBand(m.curve, curves, config.minRuns) : null;
  if (left !== null)
    return `diverged from the history's curves: above their band from step ${left} to the end, by more than half their level (always a regression)`;
  return null;
}
