/** The loss curve of a run next to the baseline band, aligned by step: the data behind both charts. */
import type { MetricSummary } from '../../model.js';
import { interpolate } from './downsample.js';
import type { RunReport } from '../report-input.js';

export interface LossOverlay {
  /** Metric name as written. */
  metric: string;
  /** Steps where this run has a finite loss. */
  steps: number[];
  run: number[];
  /** Band at those steps (linear interpolation between band points); NaN where the band does not reach. */
  lo: number[];
  hi: number[];
  centre: number[];
  /** First step with a NaN or infinite loss, or null. */
  firstNonFiniteStep: number | null;
  /** Samples dropped because they were not finite. */
  nonFinite: number;
}

/** The loss metric the overlay is about: the named one, else the first gated loss metric, else any loss with samples. */
export function lossMetricOf(report: RunReport): MetricSummary | undefined {
  const metrics = report.summary?.metrics ?? [];
  if (report.lossMetric) return metrics.find((m) => m.name === report.lossMetric && m.loss);
  const gated = new Set(report.gate.metrics.map((m) => m.name));
  return (
    metrics.find((m) => m.loss && m.class.kind === 'loss' && gated.has(m.name)) ??
    metrics.find((m) => m.loss && m.class.kind === 'loss') ??
    metrics.find((m) => m.loss)
  );
}

export function lossOverlay(report: RunReport): LossOverlay | null {
  const metric = lossMetricOf(report);
  if (!metric?.loss) return null;
  const band = [...(report.lossBand ?? [])].filter((p) => Number.isFinite(p.step)).sort((a, b) => a.step - b.step);
  const bx = band.map((p) => p.step);
  const steps: number[] = [];
  const run: number[] = [];
  const lo: number[] = [];
  const hi: number[] = [];
  const centre: number[] = [];
  let nonFinite = 0;
  for (const [step, value] of metric.loss.samples) {
    if (!Number.isFinite(value) || !Number.isFinite(step)) {
      nonFinite++;
      continue;
    }
    steps.push(step);
    run.push(value);
    lo.push(
      interpolate(
        bx,
        band.map((p) => p.lo),
        step,
      ),
    );
    hi.push(
      interpolate(
        bx,
        band.map((p) => p.hi),
        step,
      ),
    );
    centre.push(
      interpolate(
        bx,
        band.map((p) => p.centre),
        step,
      ),
    );
  }
  if (steps.length === 0 && nonFinite === 0) return null;
  return { metric: metric.name, steps, run, lo, hi, centre, firstNonFiniteStep: metric.firstNonFiniteStep, nonFinite };
}

/** Does the overlay carry a band anywhere? */
export function hasBand(overlay: LossOverlay): boolean {
  return overlay.lo.some(Number.isFinite) && overlay.hi.some(Number.isFinite);
}
