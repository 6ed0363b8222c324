/**
 * Steady-state statistics of a plain list of samples, the same shape summarizeRun gives step metrics:
 * median, p10, p90 and spread (steady-state.ts) from simple-statistics' quantileSorted, linear between order
 * statistics, and the mean. Non-finite values are left out. Null when none is finite.
 */
import { quantileSorted } from 'simple-statistics';
import type { SteadyState } from '../model.js';
import { steadyFromQuantiles } from '../summarize/steady-state.js';

export function steadyOfSamples(values: ArrayLike<number>, fromStep: number): SteadyState | null {
  const sorted: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      sorted.push(v);
      sum += v;
    }
  }
  if (sorted.length === 0) return null;
  sorted.sort((a, b) => a - b);
  return steadyFromQuantiles((p) => quantileSorted(sorted, p), sum / sorted.length, sorted.length, fromStep);
}
