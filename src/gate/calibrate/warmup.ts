/**
 * The warm-up a metric needs, from its per-step series in each A/A run: in each run, where MSER-5 ends
 * the initial transient (stats/mser-truncation.ts), counted in steps from the metric's first value as
 * `warmup_steps` counts; over the runs, the median, so one odd run does not set it.
 */
import { median } from 'simple-statistics';
import { mserTruncation } from '../stats/mser-truncation.js';
import type { Batches } from './step-batches.js';

/** Steps of warm-up in one run, or null when the series is too short to tell. */
export function runWarmup(series: Batches): number | null {
  const d = mserTruncation(series.values);
  if (d === null) return null;
  return d === 0 ? 0 : series.steps[d]! - series.steps[0]!;
}

/** The median over the runs that tell (rounded up to a whole step), or null when none does. */
export function metricWarmup(runs: readonly Batches[]): number | null {
  const found = runs.map(runWarmup).filter((w): w is number => w !== null);
  return found.length ? Math.ceil(median(found)) : null;
}
