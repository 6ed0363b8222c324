/**
 * The baseline for one metric from the comparable history: which runs set the level, where the level
 * is, and how much it varies from run to run.
 *
 *  0. Runs the gate called a regression when they were recorded, and nobody accepted, are left out
 *     (regressed-runs.ts): they are not evidence of the level they failed against.
 *  1. Segments start at runs marked `baseline` (an acknowledged change).
 *  2. Within each, level shifts at least the minimum effect in size and significant (levelShifts) split it
 *     further.
 *  3. A run far from its own level's median (outlierRuns) is set aside, unless that leaves its level
 *     fewer than 3 runs (the fewest a shift leaves on a side).
 *  4. The level is the mean of the latest *accepted* segment: a later segment is accepted when it is
 *     marked, or better than the accepted level. A shift for the worse that nobody acknowledged does not
 *     become the new normal: runs are still compared with the last good level until someone marks a new
 *     baseline.
 *  5. Run-to-run noise is pooled within all segments (a shift is not noise), steadied by the prior unless
 *     the history contradicts it (priorConflict), and never below the noise floor nor below the spread
 *     the runs' own per-step noise implies (value-noise.ts).
 */
import { outlierRuns } from './stats/outlier-runs.js';
import { levelShifts } from './stats/level-shifts.js';
import { pooledVariance } from './stats/pooled-variance.js';
import { priorConflict } from './stats/prior-conflict.js';
import { priorVariance } from './stats/prior-variance.js';
import { mean, median } from 'simple-statistics';
import { trailingRegressed, withoutRegressed } from './regressed-runs.js';

export interface HistoryPoint {
  value: number;
  /** The run starts a new baseline. */
  marked: boolean;
  /** The standard error its own per-step noise gives the value (value-noise.ts), when known. */
  noise?: number;
  /** The gate called this run a regression when it was recorded (regressed-runs.ts). */
  regressed?: boolean;
}

export interface BaselineOptions {
  /** +1 when higher is better, −1 when lower is better. */
  better: 1 | -1;
  minEffect: number;
  shiftAlpha: number;
  outlierMads: number;
  priorRuns: number;
  priorCv: number;
  noiseFloor: number;
}

export interface Baseline {
  centre: number;
  /** Run-to-run standard deviation. */
  sd: number;
  /** Its degrees of freedom (history plus prior pseudo-runs). */
  df: number;
  /** Runs the centre is the mean of. */
  runs: number;
  /** Runs used for the noise (all kept runs). */
  used: number;
  /** Values of the runs the centre is the mean of, oldest first. */
  level: number[];
  /** Words on what was set aside or where the level starts, '' when the whole history is one level. */
  note: string;
}

/** The fewest runs a level has once shifts and outliers are taken out: what the shift search leaves a side. */
const MIN_LEVEL_RUNS = 3;

export function buildBaseline(points: readonly HistoryPoint[], o: BaselineOptions): Baseline | null {
  const notes: string[] = [];
  // 0. Runs the gate flagged.
  const all = points.filter((p) => Number.isFinite(p.value));
  const streak = trailingRegressed(all);
  const { kept: finite, left } = withoutRegressed(all);
  if (finite.length === 0) return null;
  const latest = streak === null ? 0 : all.length - streak;
  if (latest)
    notes.push(
      `regressed ${latest} run${latest === 1 ? '' : 's'} ago and not acknowledged as a new baseline: the ${latest} flagged run${latest === 1 ? ' is' : 's are'} left out`,
    );
  if (left > latest) {
    const n = left - latest;
    notes.push(
      `left out ${n} earlier run${n === 1 ? '' : 's'} the gate flagged as ${n === 1 ? 'a regression' : 'regressions'}`,
    );
  }

  // 1. Marked segments.
  const marked: HistoryPoint[][] = [];
  for (const p of finite) {
    if (p.marked || marked.length === 0) marked.push([]);
    marked[marked.length - 1]!.push(p);
  }

  // 2. Level shifts within each marked segment.
  const level0 = median(finite.map((p) => p.value));
  const shiftPrior = { variance: (o.priorCv * level0) ** 2, df: o.priorRuns };
  const raw: { values: number[]; marked: boolean }[] = [];
  for (const seg of marked) {
    const values = seg.map((p) => p.value);
    const starts = [
      0,
      ...levelShifts(values, {
        alpha: o.shiftAlpha,
        minStep: o.minEffect,
        prior: shiftPrior,
        minSegment: MIN_LEVEL_RUNS,
      }),
      values.length,
    ];
    for (let i = 0; i + 1 < starts.length; i++) {
      raw.push({ values: values.slice(starts[i], starts[i + 1]), marked: i === 0 && seg[0]!.marked });
    }
  }

  // 3. Outlier runs, judged against their own level (after the shifts, so a new level is not taken for outliers).
  const residuals = raw.flatMap((seg) => {
    const m = median(seg.values);
    return seg.values.map((v) => v - m);
  });
  // The spread the runs' own noise implies: a floor under the outlier scale and the run-to-run SD.
  const noises = finite.map((p) => p.noise).filter((n): n is number => n !== undefined && Number.isFinite(n));
  const own = noises.length ? median(noises) : 0;
  const outlier = outlierRuns(residuals, o.outlierMads, own);
  // A level keeps the runs a shift needs on each side (3): setting one aside from a segment that short
  // would leave a level of two runs that look quieter than the runs are.
  let at = 0;
  for (const seg of raw) {
    const flags = outlier.slice(at, at + seg.values.length);
    if (seg.values.length - flags.filter(Boolean).length < MIN_LEVEL_RUNS)
      for (let j = 0; j < seg.values.length; j++) outlier[at + j] = false;
    at += seg.values.length;
  }
  let k = 0;
  const segments = raw
    .map((seg) => ({ marked: seg.marked, values: seg.values.filter(() => !outlier[k++]) }))
    .filter((seg) => seg.values.length > 0);
  const setAside = outlier.filter(Boolean).length;
  if (setAside) notes.push(`${setAside} outlier run${setAside === 1 ? '' : 's'} set aside`);

  // 4. The accepted level.
  let accepted = 0;
  for (let i = 1; i < segments.length; i++) {
    if (segments[i]!.marked || o.better * (mean(segments[i]!.values) - mean(segments[accepted]!.values)) > 0)
      accepted = i;
  }
  const level = segments[accepted]!.values;
  const centre = mean(level);
  const since = segments.slice(accepted + 1).reduce((n, s) => n + s.values.length, 0);
  const total = segments.reduce((n, s) => n + s.values.length, 0);
  if (segments.length > 1) {
    const why = segments[accepted]!.marked
      ? 'since the run marked as a new baseline'
      : accepted > 0
        ? 'since an accepted shift'
        : 'the first level in the history';
    notes.push(`level of ${level.length} run${level.length === 1 ? '' : 's'} ${why}`);
    if (since > 0)
      notes.push(
        `the ${since} latest run${since === 1 ? ' is' : 's are'} worse and not acknowledged as a new baseline`,
      );
  }

  // 5. Noise.
  const sample = pooledVariance(segments.map((s) => s.values));
  const prior = { variance: (o.priorCv * centre) ** 2, df: o.priorRuns };
  const conflict = priorConflict(sample, prior);
  if (conflict) notes.push('noisier than the prior allows, so the history alone sets the noise');
  const pooled = conflict ? sample : priorVariance(sample, prior);
  const floor = Math.max(o.noiseFloor * Math.abs(centre), own);
  const sd = Number.isFinite(pooled.variance) ? Math.max(Math.sqrt(pooled.variance), floor) : NaN;
  return { centre, sd, df: pooled.df, runs: level.length, used: total, level, note: notes.join('; ') };
}
