/**
 * Steady-state statistics of a plain list of samples, the same shape summarizeRun gives step metrics:
 * median, p10, p90 (simple-statistics' quantileSorted, linear between order statistics), mean, and spread = IQR / 1.349 (a robust standard
 * deviation). Non-finite values are left out. Null when none is finite.
 */
import { quantileSorted } from 'simple-statistics';
import type { SteadyState } from '../model.js';

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
  const q = (p: number) => quantileSorted(sorted, p);
  return { median: q(0.5), p10: q(0.1), p90: q(0.9), mean: sum / sorted.length, spread: (q(0.75) - q(0.25)) / 1.349, n: sorted.length, fromStep };
}
