/**
 * Like for like for a run that stopped early: its value and every history run's value over the same
 * steps, from the curves the history keeps (src/summarize/step-curve.ts).
 *
 *   E   = the widest bucket width among the curves compared (all coarsened to it, exactly, by counts)
 *   B   = the buckets of width E lying inside [from, to] where this run has values, without the bucket
 *         holding this run's last step (it may be part-filled) while any other is left; failing those,
 *         the buckets overlapping [from, to], again without the last while any other is left. A window
 *         left with only the last bucket, which this run filled less than every history run did, has no
 *         like-for-like value: none is made (the verdict says so)
 *   value(curve) = median over b ∈ B of the curve's mean in b
 *
 * The same buckets and the same statistic on both sides: a falling loss or a rising throughput, cut
 * anywhere, is compared with the history at the steps it reached, not with the history's end.
 */
import { median } from 'simple-statistics';
import type { HistoryRecord, StepCurve } from '../model.js';

/** The curves the history's runs kept for one metric (records from before curves were kept have none). */
export function historyCurves(history: readonly HistoryRecord[], key: string): StepCurve[] {
  return history.map((r) => r.metrics[key]?.curve).filter((c): c is StepCurve => c !== undefined);
}

/** Bucket index → mean at width `every` (a power-of-two multiple of the curve's own). */
export function coarsened(curve: StepCurve, every: number): Map<number, number> {
  return new Map([...coarsenedCounts(curve, every)].map(([b, s]) => [b, s.sum / s.count]));
}

/** Bucket index → sum and count of the points at width `every`. */
export function coarsenedCounts(curve: StepCurve, every: number): Map<number, { sum: number; count: number }> {
  const factor = every / curve.every;
  const sums = new Map<number, { sum: number; count: number }>();
  curve.means.forEach((mean, k) => {
    const count = curve.counts[k] ?? 0;
    if (mean === null || count === 0) return;
    const b = Math.floor((curve.start + k) / factor);
    const s = sums.get(b) ?? { sum: 0, count: 0 };
    s.sum += mean * count;
    s.count += count;
    sums.set(b, s);
  });
  return sums;
}

/**
 * The run's buckets at width `every`, less its last one when that holds fewer points than every history
 * run's same bucket: a run that stopped inside a bucket has only its first part, whose mean is not the
 * history's (the like-for-like window leaves it out the same way).
 */
export function filledBuckets(current: StepCurve, history: readonly StepCurve[], every: number): Map<number, number> {
  const own = coarsenedCounts(current, every);
  const last = Math.max(...own.keys());
  const theirs = history.map((c) => coarsenedCounts(c, every).get(last)?.count ?? 0);
  const partial = own.size > 0 && theirs.length > 0 && own.get(last)!.count < Math.min(...theirs);
  const out = new Map([...own].map(([b, s]) => [b, s.sum / s.count]));
  if (partial) out.delete(last);
  return out;
}

/** Whether this run holds fewer points in bucket `b` (width `every`) than every other curve does. */
function partlyFilled(current: StepCurve, others: readonly StepCurve[], every: number, b: number): boolean {
  const own = coarsenedCounts(current, every).get(b)?.count ?? 0;
  const theirs = others.map((c) => coarsenedCounts(c, every).get(b)?.count ?? 0);
  return theirs.length > 0 && own < Math.min(...theirs);
}

export interface CurveWindow {
  /** Bucket width and the buckets compared. */
  every: number;
  buckets: number[];
  /** First and last step the buckets cover. */
  from: number;
  to: number;
}

/** The buckets this run is compared over, for steps [from, lastStep]; null when its curve has none there. */
export function curveWindow(
  current: StepCurve,
  others: readonly StepCurve[],
  from: number,
  lastStep: number,
): CurveWindow | null {
  const every = Math.max(current.every, ...others.map((c) => c.every));
  const own = coarsened(current, every);
  const last = Math.floor(lastStep / every);
  const overlapping = [...own.keys()].filter((b) => (b + 1) * every - 1 >= from && b * every <= lastStep);
  const inside = overlapping.filter((b) => b * every >= from && b !== last);
  const notLast = overlapping.filter((b) => b !== last);
  const buckets = (inside.length ? inside : notLast.length ? notLast : overlapping).sort((a, b) => a - b);
  if (buckets.length === 0) return null;
  if (buckets.length === 1 && buckets[0] === last && partlyFilled(current, others, every, last)) return null;
  return {
    every,
    buckets,
    from: Math.max(from, buckets[0]! * every),
    to: Math.min(lastStep, (buckets[buckets.length - 1]! + 1) * every - 1),
  };
}

/** The median of a curve's bucket means over the window's buckets; NaN when it has none of them. */
export function valueOverWindow(curve: StepCurve, w: CurveWindow): number {
  const means = coarsened(curve, w.every);
  const values = w.buckets.map((b) => means.get(b)).filter((v): v is number => v !== undefined);
  return values.length ? median(values) : Number.NaN;
}
