/**
 * Families of metrics for the false-alarm budget. Metrics that measure the same thing (MFU, TFLOP/s,
 * tokens/s and step time are all one throughput; memory counters move together) would, counted
 * separately, split the budget between copies of one signal and blind the gate; so the budget is split
 * between families, and within a family each member is tested at the family's share.
 */
import type { MetricClass } from '../model.js';

export type FamilyKind = 'throughput' | 'loss' | 'quality' | 'memory' | 'other';

const MEMORY = /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])|bytes|mebibytes|gibibytes/;

export function metricFamily(
  key: string,
  cls: Pick<MetricClass, 'kind' | 'direction' | 'unit'>,
): { id: string; kind: FamilyKind } {
  if (cls.kind === 'loss') return { id: `loss:${key}`, kind: 'loss' };
  // A quality metric is a family of its own, as a loss is: an average over an eval set, as quiet run to
  // run as a validation loss (its prior noise).
  if (cls.kind === 'quality') return { id: `quality:${key}`, kind: 'quality' };
  if (MEMORY.test(key) || MEMORY.test(cls.unit)) return { id: 'memory', kind: 'memory' };
  // GPU activity from telemetry (utilization, SM and tensor activity) moves together, but not in lock-step
  // with the training loop's own throughput: a family of its own.
  if (/^gpu\./.test(key)) return { id: 'gpu', kind: 'other' };
  if (cls.kind === 'timer' || (cls.kind === 'window' && cls.direction === 'higher'))
    return { id: 'throughput', kind: 'throughput' };
  return { id: `other:${key}`, kind: 'other' };
}
