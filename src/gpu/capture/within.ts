/** The part of a capture taken between two times: what one run of a batch saw of the GPUs. */
import type { GpuField, GpuSamples, GpuSeries } from './samples.js';

/** Whether every GPU's samples carry a time (a capture that can be placed on a time line). */
export function isTimed(samples: GpuSamples): boolean {
  return samples.gpus.some((g) => g.times.length > 0) && samples.gpus.every((g) => g.times.every(Number.isFinite));
}

/** First and last sample time over all GPUs, or null for an untimed or empty capture. */
export function timeSpan(samples: GpuSamples): { start: number; end: number } | null {
  if (!isTimed(samples)) return null;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const g of samples.gpus)
    for (const t of g.times) {
      if (t < start) start = t;
      if (t > end) end = t;
    }
  return Number.isFinite(start) ? { start, end } : null;
}

/** The samples with `start <= time <= end` (ms since the epoch); GPUs with none left are dropped. Null when none is left. */
export function samplesWithin(samples: GpuSamples, start: number, end: number): GpuSamples | null {
  const gpus: GpuSeries[] = [];
  for (const g of samples.gpus) {
    const keep: number[] = [];
    for (const [i, t] of g.times.entries()) if (t >= start && t <= end) keep.push(i);
    if (!keep.length) continue;
    const fields: GpuSeries['fields'] = {};
    for (const [f, values] of Object.entries(g.fields) as [GpuField, number[]][])
      fields[f] = keep.map((i) => values[i]!);
    gpus.push({ ...g, times: keep.map((i) => g.times[i]!), fields });
  }
  return gpus.length ? { ...samples, gpus } : null;
}
