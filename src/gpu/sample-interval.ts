/**
 * The sampler's period: the median of the positive differences between consecutive distinct times
 * (interleaved GPUs share a time, so zero differences are skipped). NaN with fewer than two distinct times.
 * The median, not the mean, so one stall of the sampler does not stretch every sample.
 */
import { median } from 'simple-statistics';

export function sampleInterval(times: ArrayLike<number>): number {
  const deltas: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const d = times[i]! - times[i - 1]!;
    if (d > 0 && Number.isFinite(d)) deltas.push(d);
  }
  return deltas.length ? median(deltas) : Number.NaN;
}
