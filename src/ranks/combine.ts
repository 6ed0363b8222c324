/**
 * How one step of a multi-rank job gets its value from its ranks' values, by what the metric means
 * (docs/gate.md#multi-rank-jobs):
 *
 * - a step timer is the slowest rank's: every rank waits for it at the next collective;
 * - memory is the largest rank's: the job fits only if its fullest GPU does;
 * - a utilisation or a per-GPU rate (MFU, TFLOP/s) is the mean over ranks: the job's own figure when
 *   every rank has the same peak;
 * - another rate (tokens/s, samples/s) is the job's as logged when the ranks agree (each logs the global
 *   figure), else the sum of the ranks' shares;
 * - a loss or quality metric is the ranks' value when they agree (all-reduced, or logged by rank 0 only), else their mean;
 * - anything else (learning rate, counters) is the lowest rank's that has one.
 */
import { isUtilisation } from '../classify/from-values.js';
import type { MetricClass } from '../model.js';
import { metricKey } from '../naming.js';

export type RankCombine = 'max' | 'mean' | 'same-or-sum' | 'same-or-mean' | 'first';

export function rankCombine(name: string, cls: MetricClass): RankCombine {
  if (cls.kind === 'timer') return 'max';
  if (cls.kind === 'loss' || cls.kind === 'quality') return 'same-or-mean';
  if (cls.kind === 'window' && cls.direction === 'lower') return 'max';
  if (cls.kind === 'window' && cls.direction === 'higher') {
    const perGpu =
      isUtilisation(name, cls) || cls.unit === 'tflops' || /per_gpu|_gpu$|per_device/.test(metricKey(name));
    return perGpu ? 'mean' : 'same-or-sum';
  }
  return 'first';
}

/**
 * One step's job value from `values[from..from + n)`, the ranks' values in rank order, NaN where a rank
 * logged none; NaN when no rank did.
 */
export function combineRanks(how: RankCombine, values: ArrayLike<number>, n: number, from = 0): number {
  let count = 0;
  let sum = 0;
  let max = Number.NEGATIVE_INFINITY;
  let first = Number.NaN;
  let same = true;
  for (let r = from; r < from + n; r++) {
    const v = values[r]!;
    if (Number.isNaN(v)) continue;
    if (count === 0) first = v;
    else if (v !== first) same = false;
    count++;
    sum += v;
    if (v > max) max = v;
  }
  if (count === 0) return Number.NaN;
  switch (how) {
    case 'max':
      return max;
    case 'mean':
    case 'same-or-mean':
      // Equal values are kept exactly: a mean of three equal doubles can round away from them.
      return same ? first : sum / count;
    case 'same-or-sum':
      return same ? first : sum;
    case 'first':
      return first;
  }
}
