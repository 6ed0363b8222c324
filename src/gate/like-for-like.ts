/**
 * What the run and each history run are compared by. A run that reached the usual step: its final-window
 * median (loss) or steady-state median, against the same number of each history run. A run that stopped
 * early: both sides over the same steps, from the curves (curve-window.ts) — the loss over the last quarter
 * of the steps this run reached, any other metric from its warm-up to there — and the verdict says which.
 */
import {
  type HistoryRecord,
  judgedAtEnd,
  type MetricRecord,
  type MetricSummary,
  type MetricVerdict,
} from '../model.js';
import { FINAL_SHARE } from '../summarize/final-window.js';
import { valueAtStep } from './align.js';
import type { Completeness } from './completeness.js';
import { type CurveWindow, curveWindow, historyCurves, valueOverWindow } from './curve-window.js';

export interface ComparisonBasis {
  current: number;
  recordValue: (m: MetricRecord) => number;
  /** The steps compared, when the run stopped early and the history keeps curves. */
  window: CurveWindow | null;
  /** Why a run that stopped early has no value to compare like for like (the verdict says it, judging nothing). */
  unmatched?: string;
}

export function comparisonBasis(
  m: MetricSummary,
  key: string,
  history: readonly HistoryRecord[],
  completeness: Completeness,
): ComparisonBasis {
  const whole: ComparisonBasis = {
    current: currentValue(m),
    recordValue: (r) => (judgedAtEnd(m.class.kind) ? (r.final ?? Number.NaN) : r.centre),
    window: null,
  };
  if (completeness.reached || !m.curve || !Number.isFinite(m.lastStep)) return whole;
  const curves = historyCurves(history, key);
  if (curves.length === 0) return legacyBasis(m, whole);
  const first = m.firstStep ?? m.curve.start * m.curve.every;
  const from = judgedAtEnd(m.class.kind)
    ? first + (1 - FINAL_SHARE) * (m.lastStep - first)
    : (m.steady?.fromStep ?? first);
  const window = curveWindow(m.curve, curves, from, m.lastStep);
  // The whole run's value would be compared with the history's at their end, not at this run's steps.
  if (!window)
    return {
      ...whole,
      unmatched: `not compared: this run stopped at step ${formatStep(m.lastStep)}, inside the only bucket of the history's curves its steps since ${formatStep(from)} reach, before that bucket was filled (no like-for-like value)`,
    };
  return {
    current: valueOverWindow(m.curve, window),
    recordValue: (r) => (r.curve ? valueOverWindow(r.curve, window) : Number.NaN),
    window,
  };
}

/** The number a whole run is judged by: its final-window median (loss) or steady-state median. */
function currentValue(m: MetricSummary): number {
  if (judgedAtEnd(m.class.kind)) return m.loss?.finalWindow.median ?? Number.NaN;
  if (m.steady) return m.steady.median;
  return m.count > 0 ? m.last : Number.NaN;
}

/** Records from before curves were kept: the loss at the middle of this run's final window, from the samples. */
function legacyBasis(m: MetricSummary, whole: ComparisonBasis): ComparisonBasis {
  if (!m.loss) return whole;
  const step = (m.loss.finalWindow.from + m.lastStep) / 2;
  return { ...whole, recordValue: (r) => (r.samples ? (valueAtStep(r.samples, step) ?? Number.NaN) : Number.NaN) };
}

/** A verdict over a shortened run's steps says which: the same steps on both sides. */
export function withWindow(v: MetricVerdict, w: CurveWindow | undefined): MetricVerdict {
  if (!w || v.current === null) return v;
  const steps = `${formatStep(w.from)}–${formatStep(w.to)}`;
  return {
    ...v,
    compared: { from: w.from, to: w.to },
    reason: `${v.reason}; steps ${steps} on both sides, where this run stopped early`,
  };
}

function formatStep(step: number): string {
  return Number.isInteger(step) ? String(step) : step.toFixed(1);
}

/**
 * A run that stopped early before the step where the history's runs first logged this metric (an eval
 * every 1,000 steps, a summary at the end) has not reached it: that says nothing about the metric.
 */
export function notReached(history: readonly HistoryRecord[], key: string, c: Completeness): string | null {
  if (c.reached) return null;
  const starts = historyCurves(history, key).map((curve) => curve.start * curve.every);
  if (starts.length === 0) return null;
  const first = Math.min(...starts);
  return first > c.steps
    ? `not reached: the history's runs first log it at step ${first}, this run stopped at step ${c.steps}`
    : null;
}
