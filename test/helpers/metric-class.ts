/** A MetricClass for hand-made fixtures; minEffect 2 % as the throughput defaults have. */
import type { MetricClass } from '../../src/model.js';

export const cls = (
  kind: MetricClass['kind'],
  direction: MetricClass['direction'],
  unit: string,
  gate = true,
): MetricClass => ({
  kind,
  direction,
  unit,
  gate,
  minEffect: 0.02,
});
