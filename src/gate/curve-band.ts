/**
 * A loss curve against the history's curves at the same steps (src/summarize/step-curve.ts, all
 * coarsened to the widest bucket): per bucket b, the history runs' means, their median c_b and highest h_b.
 *
 *   usual:  a rise the run's own rule calls divergence, where the run's mean over the buckets from its
 *           start to the run's end is no higher than the history's runs' means over the same buckets
 *           allow (their highest, plus max(minEffect · |median|, their range)): they rose the same
 *           way at those steps (a GAN's swings, a schedule's bump), so it is this training's shape, not a
 *           divergence.
 *   left:   the last ≥ 3 buckets (and ≥ a tenth of those compared) all above h_b + rise · |c_b|
 *           (rise = 0.5, the run's own rule's): the loss left the history's band and stayed out.
 *
 * Both need at least `minRuns` history curves covering the buckets judged, and leave out the run's last
 * bucket when it stopped inside it (filledBuckets).
 */
import { mean, median } from 'simple-statistics';
import type { StepCurve } from '../model.js';
import { coarsened, filledBuckets } from './curve-window.js';

const RISE = 0.5;

interface BucketBand {
  /** First step of the bucket. */
  from: number;
  current: number;
  centre: number;
  lo: number;
  hi: number;
}

function bands(current: StepCurve, history: readonly StepCurve[], minRuns: number): BucketBand[] {
  const every = Math.max(current.every, ...history.map((c) => c.every));
  const own = filledBuckets(current, history, every);
  const others = history.map((c) => coarsened(c, every));
  const out: BucketBand[] = [];
  for (const [bucket, value] of [...own].sort((a, b) => a[0] - b[0])) {
    const v = others.map((m) => m.get(bucket)).filter((x): x is number => x !== undefined);
    if (v.length < minRuns) continue;
    out.push({ from: bucket * every, current: value, centre: median(v), lo: Math.min(...v), hi: Math.max(...v) });
  }
  return out;
}

/**
 * Whether a rise from `fromStep` on is one the history's runs made too: the mean of this run's bucket
 * means over the stretch is at most the highest such mean of a history run over the same buckets,
 * plus max(minEffect · |their median|, their range): the highest of a few runs is no bound on the next
 * one's, and a loss whose history spikes as this one does (a spiky fine-tune, redrawn) spreads by about
 * its range from one run to the next.
 */
export function usualRise(
  current: StepCurve,
  history: readonly StepCurve[],
  fromStep: number,
  o: { minRuns: number; minEffect: number },
): boolean {
  const every = Math.max(current.every, ...history.map((c) => c.every));
  const start = Math.floor(fromStep / every);
  const own = [...filledBuckets(current, history, every)].filter(([b]) => b >= start);
  if (own.length === 0) return false;
  const theirs = history.flatMap((c) => {
    const m = coarsened(c, every);
    const v = own.map(([b]) => m.get(b)).filter((x): x is number => x !== undefined);
    return v.length === own.length ? [mean(v)] : [];
  });
  if (theirs.length < o.minRuns) return false;
  const hi = Math.max(...theirs);
  const tolerance = Math.max(o.minEffect * Math.abs(median(theirs)), hi - Math.min(...theirs));
  return mean(own.map(([, v]) => v)) <= hi + tolerance;
}

/** The step from which the loss left the history's band and stayed out to the end, or null. */
export function leftBand(current: StepCurve, history: readonly StepCurve[], minRuns: number): number | null {
  const all = bands(current, history, minRuns);
  let k = all.length;
  while (k > 0 && all[k - 1]!.current > all[k - 1]!.hi + RISE * Math.abs(all[k - 1]!.centre)) k--;
  const out = all.length - k;
  return out >= 3 && out >= all.length / 10 ? all[k]!.from : null;
}
