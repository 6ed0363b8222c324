/**
 * Every change point in a comparable history, per metric: where the level-shift detector the baseline uses
 * (stats/level-shifts.ts, with the baseline's settings) finds the level moved, and each run marked as a new
 * baseline, and where the runs the gate flagged as regressions that end the history start
 * (regressed-runs.ts; the detector looks for shifts in the runs before them). A change smaller than the
 * minimum magnitude (relative to the level before; Otava's "min magnitude") is left out. Runs are named
 * on either side, so a change can be traced to its commits.
 */
import { mean, median } from 'simple-statistics';
import { defaultClass } from '../classify/defaults.js';
import type { EnvironmentExplanation, HistoryRecord, MetricRecord, RunRef } from '../model.js';
import { metricValue } from '../store/history-overview.js';
import type { GateConfig } from './config.js';
import { explainEnvironmentAt } from './environment-explain.js';
import { metricFamily } from './family.js';
import { trailingRegressed } from './regressed-runs.js';
import { runRef } from './run-ref.js';
import { levelShifts } from './stats/level-shifts.js';

export interface ChangePoint {
  metric: string;
  /** Index in the records given of the first run after the change. */
  at: number;
  before: { mean: number; runs: number };
  after: { mean: number; runs: number };
  /** Relative change of the level (after − before) / |before|. */
  change: number;
  direction: 'up' | 'down';
  /** Against the metric's direction; 'neutral' for a metric without one. */
  effect: 'better' | 'worse' | 'neutral';
  /** A run marked as a new baseline starts it (an acknowledged change), rather than the detector. */
  marked: boolean;
  lastBefore: RunRef;
  firstAfter: RunRef;
  /** The two runs' environments compared, where both recorded one (environment-explain.ts). */
  environment?: EnvironmentExplanation;
}

export interface ChangeOptions {
  /** Smallest relative change listed; default the metric's minimum effect by its name's class. */
  minMagnitude?: number | ((metric: string) => number);
}

export { runRef } from './run-ref.js';

/** Change points of every judged metric of `records` (comparable runs, oldest first), in order of `at`. */
export function changePoints(
  records: readonly HistoryRecord[],
  config: GateConfig,
  options: ChangeOptions = {},
): ChangePoint[] {
  const keys = new Set<string>();
  for (const r of records)
    for (const [k, m] of Object.entries(r.metrics)) if (m.direction !== 'none' && m.kind !== 'ignore') keys.add(k);
  return [...keys]
    .sort()
    .flatMap((k) => metricChangePoints(records, k, config, minMagnitude(options, k)))
    .sort((a, b) => a.at - b.at || (a.metric < b.metric ? -1 : 1));
}

function minMagnitude(options: ChangeOptions, key: string): number {
  const m = options.minMagnitude;
  if (typeof m === 'number') return m;
  if (m) return m(key);
  return defaultClass(key).minEffect;
}

/** One metric's change points: marked runs, then the detector within each marked segment, as the baseline does. */
export function metricChangePoints(
  records: readonly HistoryRecord[],
  key: string,
  config: GateConfig,
  min: number,
): ChangePoint[] {
  const points: { value: number; at: number; marked: boolean; regressed: boolean; m: MetricRecord }[] = [];
  let mark = false;
  records.forEach((r, at) => {
    mark ||= r.baseline;
    const m = r.metrics[key];
    const value = metricValue(m);
    if (!m || value === null) return;
    points.push({ value, at, marked: mark && points.length > 0, regressed: m.regressed === true, m });
    mark = false;
  });
  if (points.length < 2) return [];
  const first = points[0]!.m;
  const family = metricFamily(key, first);
  const level0 = median(points.map((p) => p.value));
  const prior = { variance: (config.priorCv[family.kind] * level0) ** 2, df: config.priorRuns };
  const segmentStarts = [0, ...points.flatMap((p, i) => (p.marked ? [i] : [])), points.length];
  const streak = trailingRegressed(points);
  const starts: { i: number; marked: boolean }[] = [];
  for (let s = 0; s + 1 < segmentStarts.length; s++) {
    const from = segmentStarts[s]!;
    const flagged = streak !== null && streak > from && streak < segmentStarts[s + 1]! ? streak : null;
    const values = points.slice(from, flagged ?? segmentStarts[s + 1]).map((p) => p.value);
    if (s > 0) starts.push({ i: from, marked: true });
    for (const k of levelShifts(values, { alpha: config.shiftAlpha, minStep: min, prior, minSegment: 3 }))
      starts.push({ i: from + k, marked: false });
    if (flagged !== null) starts.push({ i: flagged, marked: false });
  }
  const bounds = [0, ...starts.map((s) => s.i), points.length];
  const better = first.direction === 'higher' ? 1 : first.direction === 'lower' ? -1 : 0;
  const out: ChangePoint[] = [];
  starts.forEach((s, j) => {
    const before = points.slice(bounds[j], s.i).map((p) => p.value);
    const after = points.slice(s.i, bounds[j + 2]).map((p) => p.value);
    const mb = mean(before);
    const diff = mean(after) - mb;
    const change = mb !== 0 ? diff / Math.abs(mb) : diff === 0 ? 0 : Infinity * Math.sign(diff);
    if (Math.abs(change) < min) return;
    const sign = Math.sign(diff) * better;
    const lastBefore = records[points[s.i - 1]!.at]!;
    const firstAfter = records[points[s.i]!.at]!;
    const environment = explainEnvironmentAt(records, points[s.i - 1]!.at, points[s.i]!.at);
    out.push({
      metric: key,
      at: points[s.i]!.at,
      before: { mean: mb, runs: before.length },
      after: { mean: mb + diff, runs: after.length },
      change,
      direction: diff >= 0 ? 'up' : 'down',
      effect: sign > 0 ? 'better' : sign < 0 ? 'worse' : 'neutral',
      marked: s.marked,
      lastBefore: runRef(lastBefore),
      firstAfter: runRef(firstAfter),
      ...(environment ? { environment } : {}),
    });
  });
  return out;
}
