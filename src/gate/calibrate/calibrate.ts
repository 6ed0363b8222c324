/**
 * Calibrated tolerances from repeated runs of the same code (A/A runs): per gated metric, the minimum
 * effect at which noise alone would fail a run with the family's share of the false-alarm rate, and the
 * power the gate then has against a run 3 %, 5 % and 10 % worse. The statistical version of Megatron-LM's
 * recommended tolerances (largest relative deviation from the mean × a multiplier): the multiplier is the
 * t quantile of the gate's own test, so the recommendation used as the config gives the stated rate.
 *
 * The rate α is split equally over the metric families that have noise to measure (α/F each, the gate's
 * weighted Bonferroni with equal weights: every family's π then equals its share, so the gate spends it
 * exactly as planned). Within a family each member gets the family's share, as the gate tests them.
 */
import { metricFamily } from '../family.js';
import type { GateConfig } from '../config.js';
import { detectionPower } from '../stats/detection-power.js';
import { minEffectForRate } from '../stats/min-effect-for-rate.js';
import { InputError, type HistoryRecord } from '../../model.js';
import { gateBands } from './gate-bands.js';
import { roundUp } from './round-up.js';
import { measuredNoise, metricPoints, type JudgedClass } from './measured-noise.js';
import type { HistoryPoint } from '../baseline.js';

/** The changes for the worse the power is given at. */
export const POWER_AT = [0.03, 0.05, 0.1] as const;

export interface CalibrationInput {
  /** The A/A runs as the history keeps them, oldest first. */
  records: readonly HistoryRecord[];
  /** The gated metrics' classes by key, as the config classifies them. */
  classes: ReadonlyMap<string, JudgedClass>;
  falseAlarmRate: number;
  gate: GateConfig;
  /** Warm-up detected per metric key, in steps, when the runs' per-step series were read. */
  warmup?: ReadonlyMap<string, number>;
  /** Why no warm-up was found, when none was: the real cause, for the fragment's comment. */
  warmupWhy?: string;
  /** Metrics the runs have that the gate does not judge, with why: the output accounts for every one. */
  unjudged?: readonly Unjudged[];
}

/** A metric left out of the calibration because the gate does not judge it. */
export interface Unjudged {
  key: string;
  why: string;
}

export interface MetricCalibration {
  key: string;
  cls: JudgedClass;
  family: string;
  /** Runs with a value. */
  runs: number;
  /** Measured noise: mean and SD of the level, its degrees of freedom and runs. */
  noise: { centre: number; sd: number; df: number; runs: number } | null;
  /** SD / |mean|. */
  cv: number | null;
  /** The family's share of the false-alarm rate. */
  share: number | null;
  /** The recommended minimum effect; null with `skipped`. */
  minEffect: number | null;
  /** The gate's noise band with it, relative to the level. */
  band: number | null;
  power: { change: number; power: number }[];
  /** Why there is no recommendation. */
  skipped?: string;
}

export interface Calibration {
  runs: number;
  falseAlarmRate: number;
  metrics: MetricCalibration[];
  /** The warm-up to configure (the longest of the metrics'), null when no series told one. */
  warmupSteps: number | null;
  warmup: [key: string, steps: number][];
  /** Why `warmupSteps` is null. */
  warmupWhy: string;
  unjudged: Unjudged[];
}

export function calibrateTolerances(input: CalibrationInput): Calibration {
  const { records, gate, falseAlarmRate } = input;
  if (records.length < gate.minRuns)
    throw new InputError(
      'calibrate',
      null,
      `needs at least ${gate.minRuns} runs of the same code, got ${records.length}: the gate judges nothing with fewer than min_runs comparable runs (gate.min_runs), so tolerances from fewer could never apply`,
    );
  const measured = [...input.classes].map(([key, cls]) => measure(key, cls, records, gate));
  const families = new Set(measured.filter((m) => !m.skipped).map((m) => m.family));
  if (families.size === 0) throw nothingToCalibrate(records.length, measured, input.unjudged ?? []);
  const share = falseAlarmRate / families.size;
  for (const m of measured) recommend(m, share);
  const bands = gateBands(
    measured.map((m) => ({ key: m.key, cls: m.cls, points: m.points, minEffect: m.minEffect ?? m.cls.minEffect })),
    { ...gate, alpha: falseAlarmRate },
  );
  const metrics = measured.map(({ points: _, ...m }) => finiteOnly(withPower(m, bands.get(m.key) ?? null)));
  const warmup = [...(input.warmup ?? [])].filter(([key]) => input.classes.get(key)?.kind !== 'loss');
  return {
    runs: records.length,
    falseAlarmRate,
    metrics,
    warmupSteps: warmup.length ? Math.max(...warmup.map(([, steps]) => steps)) : null,
    warmup,
    warmupWhy: warmup.length ? '' : (input.warmupWhy ?? 'no per-step series of a window or timer metric was read'),
    unjudged: [...(input.unjudged ?? [])],
  };
}

/** No metric left to calibrate: each one's own reason, so the message names the real cause. */
function nothingToCalibrate(runs: number, measured: readonly Measured[], unjudged: readonly Unjudged[]): InputError {
  const copies = measured.length > 0 && measured.every((m) => m.cv === 0);
  const reasons = [...measured.map((m) => `${m.key}: ${m.skipped}`), ...unjudged.map((u) => `${u.key}: ${u.why}`)];
  const what = copies
    ? `no gated metric varies between these ${runs} runs (copies of one file?): there is no run-to-run noise to calibrate from`
    : measured.length === 0
      ? `these ${runs} runs have no metric the gate judges`
      : `no gated metric of these ${runs} runs can be calibrated`;
  const list = reasons.slice(0, 6).join('; ') + (reasons.length > 6 ? `; and ${reasons.length - 6} more` : '');
  return new InputError('calibrate', null, reasons.length && !copies ? `${what} (${list})` : what);
}

type Measured = Omit<MetricCalibration, 'band' | 'power'> & { points: HistoryPoint[] };

function measure(key: string, cls: JudgedClass, records: readonly HistoryRecord[], gate: GateConfig): Measured {
  const points = metricPoints(records, key);
  const base = { key, cls, family: metricFamily(key, cls).id, runs: points.length, points, share: null };
  const none = { ...base, noise: null, cv: null, minEffect: null };
  if (points.length < gate.minRuns)
    return { ...none, skipped: `in ${points.length} of the runs; not calibrated below ${gate.minRuns}` };
  const b = measuredNoise(points, cls, gate);
  if (!b || !(b.df > 0)) return { ...none, skipped: 'no two runs of one level to measure noise from' };
  if (!Number.isFinite(b.centre) || !Number.isFinite(b.sd))
    return { ...none, skipped: 'the noise could not be computed (a non-finite intermediate result)' };
  const noise = { centre: b.centre, sd: b.sd, df: b.df, runs: b.runs };
  if (b.centre === 0) return { ...none, noise, skipped: 'a level of 0 has no relative scale' };
  // Identical values can leave rounding in the mean's residuals: a spread below 1e-12 of the level is none.
  if (b.sd <= 1e-12 * Math.abs(b.centre))
    return {
      ...none,
      noise,
      cv: 0,
      skipped: `the same value in all ${b.runs} runs: no noise to calibrate from (the gate judges a constant history by the minimum effect alone)`,
    };
  return { ...none, noise, cv: b.sd / Math.abs(b.centre) };
}

function recommend(m: Measured, share: number): void {
  if (m.skipped || !m.noise) return;
  m.share = share;
  const d = minEffectForRate(share, m.noise);
  // The config holds a minimum effect below 100 %; noise that large leaves the gate's own band to decide.
  if (d >= 1)
    m.skipped = `too noisy: the minimum effect would be ${Number.isFinite(d) ? `${(100 * d).toFixed(0)} %` : 'more than any share'} of the level`;
  else m.minEffect = roundUp(d);
}

/**
 * A calibration with a number that is not finite (values near 1e308 whose sums overflow somewhere the
 * scaling did not reach) is not written: the metric is said not calibrated instead, so the YAML never
 * holds `Infinity` or `NaN`, in a rule or in a comment.
 */
function finiteOnly(m: MetricCalibration): MetricCalibration {
  const numbers = [m.cv, m.share, m.minEffect, m.band, m.noise?.centre, m.noise?.sd, ...m.power.map((p) => p.power)];
  if (numbers.every((n) => n === null || n === undefined || Number.isFinite(n))) return m;
  return {
    ...m,
    cv: null,
    minEffect: null,
    band: null,
    power: [],
    skipped: 'its values are too large for a finite calibration (a sum of them overflows a double)',
  };
}

function withPower(m: Omit<Measured, 'points'>, band: number | null): MetricCalibration {
  if (band === null || !m.noise || !m.cv) return { ...m, band, power: [] };
  const k = Math.sqrt(1 + 1 / m.noise.runs);
  // The gate's band in units of the measured prediction error: the critical t of the test it makes.
  // The band is fixed once calibrated: what is left to chance is the new run and the baseline mean, so the
  // measured noise stands for σ (df = ∞) instead of spreading the threshold a second time.
  const critical = band / (m.cv * k);
  const power = POWER_AT.map((change) => ({
    change,
    power: detectionPower({ change, cv: m.cv!, runs: m.noise!.runs, df: Infinity, critical }),
  }));
  return { ...m, band, power };
}
