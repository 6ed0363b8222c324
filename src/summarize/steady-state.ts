/**
 * A SteadyState from the quantiles of the steady-state values:
 *
 *   median = Q(0.5),  p10 = Q(0.1),  p90 = Q(0.9),  spread = (Q(0.75) − Q(0.25)) / 1.349
 *
 * 1.349 is the interquartile range of a standard normal, so the spread is a standard deviation that a few
 * stalls do not inflate.
 */
import type { SteadyState } from '../model.js';

export function steadyFromQuantiles(
  quantile: (p: number) => number,
  mean: number,
  n: number,
  fromStep: number,
): SteadyState {
  return {
    median: quantile(0.5),
    p10: quantile(0.1),
    p90: quantile(0.9),
    mean,
    spread: (quantile(0.75) - quantile(0.25)) / 1.349,
    n,
    fromStep,
  };
}
