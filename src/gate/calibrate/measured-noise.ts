/**
 * One metric's values across the A/A runs, reduced as the gate reduces a history (buildBaseline: marked
 * segments, accepted shifts), but with no prior, no noise floor and no run set aside: calibrating is
 * measuring the noise, not assuming it. The value of a run is the one the gate judges: the
 * final-window median for a loss, the steady-state median otherwise.
 */
import { buildBaseline, type Baseline, type BaselineOptions, type HistoryPoint } from '../baseline.js';
import type { GateConfig } from '../config.js';
import { InputError, type HistoryRecord, judgedAtEnd, type MetricRecord, type RunSummary } from '../../model.js';
import { metricKey } from '../../naming.js';

/** What the gate needs to know of a metric's class to judge it. */
export interface JudgedClass {
  kind: MetricRecord['kind'];
  direction: 'higher' | 'lower';
  unit: string;
  /** The minimum effect the config gives it now (shifts smaller than this are noise). */
  minEffect: number;
}

/** The metric's value in each run that has it, oldest first, a baseline mark carried to the next run that has it. */
export function metricPoints(records: readonly HistoryRecord[], key: string): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  let mark = false;
  for (const r of records) {
    mark ||= r.baseline;
    const m = r.metrics[key];
    if (!m) continue;
    const value = judgedAtEnd(m.kind) ? m.final : m.centre;
    if (m.kind === 'loss' && m.nonFinite > 0)
      throw brokenRun(r, key, `${m.nonFinite} NaN or infinite value${m.nonFinite === 1 ? '' : 's'}`);
    // A column logged but never filled (an eval that never ran) is absent from this run, not broken.
    const finite = typeof value === 'number' && Number.isFinite(value);
    if (!finite && m.nonFinite === 0 && m.n === 0) continue;
    if (!finite) throw brokenRun(r, key, 'no finite value');
    points.push({ value, marked: mark, ...(m.regressed ? { regressed: true } : {}) });
    mark = false;
  }
  return points;
}

function brokenRun(r: HistoryRecord, key: string, what: string): InputError {
  return new InputError(
    r.run || 'run',
    null,
    `${key} has ${what}: a run of the same code that breaks is not noise to calibrate from; fix it or leave it out`,
  );
}

/**
 * buildBaseline over values scaled by a power of two first, which is exact, so that sums and squares of
 * values near 1e308 cannot overflow the mean or the variance; the result is scaled back. Every option is
 * relative to the level (prior CV, noise floor, minimum effect), so the scaling changes nothing else.
 */
export function scaleSafeBaseline(points: readonly HistoryPoint[], o: BaselineOptions): Baseline | null {
  const { scaled, up } = scaledPoints(points);
  const b = buildBaseline(scaled, o);
  return b && { ...b, centre: b.centre * up, sd: b.sd * up, level: b.level.map((v) => v * up) };
}

/** The points' values over a power of two (exact), their largest then between 1 and 2, and that power. */
export function scaledPoints(points: readonly HistoryPoint[]): { scaled: HistoryPoint[]; up: number } {
  const top = Math.max(0, ...points.map((p) => Math.abs(p.value)).filter(Number.isFinite));
  // 2^-k and 2^k are both finite for every k from −1022 to 1023.
  const k = top > 0 ? Math.max(-1022, Math.floor(Math.log2(top))) : 0;
  const down = 2 ** -k;
  return { scaled: points.map((p) => ({ ...p, value: p.value * down })), up: 2 ** k };
}

/** The measured run-to-run noise of one metric (null without a finite value), scale-safe. */
export function measuredNoise(points: readonly HistoryPoint[], cls: JudgedClass, gate: GateConfig): Baseline | null {
  return scaleSafeBaseline(points, {
    better: cls.direction === 'higher' ? 1 : -1,
    minEffect: cls.minEffect,
    shiftAlpha: gate.shiftAlpha,
    // No run is set aside: a run of the same code far from the others is part of its noise, and the next
    // run may be another such one.
    outlierMads: Number.POSITIVE_INFINITY,
    priorRuns: 0,
    priorCv: 0,
    noiseFloor: 0,
  });
}

/** A run whose gated loss broke (NaN, infinity, divergence): not an A/A run to measure noise from. */
export function brokenRunProblem(summary: RunSummary): InputError | null {
  for (const m of summary.metrics) {
    if (!m.class.gate || m.class.kind !== 'loss') continue;
    const what =
      m.nan + m.inf > 0
        ? `${m.nan + m.inf} NaN or infinite value${m.nan + m.inf === 1 ? '' : 's'} (first at step ${m.firstNonFiniteStep})`
        : m.loss?.divergence
          ? `a divergence from step ${m.loss.divergence.step}`
          : null;
    if (what)
      return new InputError(
        summary.source,
        null,
        `${metricKey(m.name)} has ${what}: a run of the same code that breaks is not noise to calibrate from; fix it or leave it out`,
      );
  }
  return null;
}
