/**
 * The critical value of the prediction t for a metric tested at its family's share a of the run's
 * false-alarm budget, with its minimum effect minT in the same units and π = P(T_ν > minT), the chance
 * that noise alone exceeds the minimum effect:
 *
 *   critical = minT                         when a ≥ π: the minimum effect alone keeps false alarms within a
 *            = max(minT, t_ν(1 − a))        otherwise (∞ when a = 0: the family may not fire at all)
 *
 * The gate flags a change whose prediction t in the worse direction exceeds it (judge.ts); calibrate
 * predicts detection power from the same value.
 */
import { tQuantile } from './student-t.js';

export function criticalT(share: number, floor: number, minT: number, df: number): number {
  if (share >= floor) return minT;
  return Math.max(minT, share > 0 && 1 - share < 1 ? tQuantile(1 - share, df) : Infinity);
}
