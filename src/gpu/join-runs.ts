/**
 * How one GPU report joins the runs it was made with. Types only from the rest of src/gpu, so that the
 * engine and the sinks can use it without loading the GPU code for a run that has no telemetry.
 */
import type { RunSummary } from '../model.js';
import type { GpuGauge } from './metrics.js';
import type { GpuReport } from './report.js';

/**
 * The runs' summaries with the gateable GPU metrics of their own part of the capture (placement.ts):
 * a run the capture was not joined to is left as it was.
 */
export function withGpuMetrics(runs: RunSummary[], gpu: GpuReport | null): RunSummary[] {
  const parts = gpu?.runs ?? [];
  if (!parts.some((r) => r.metrics.length)) return runs;
  return runs.map((run, i) => {
    const own = parts[i];
    return own?.run === run.name && own.metrics.length ? { ...run, metrics: [...run.metrics, ...own.metrics] } : run;
  });
}

/**
 * The `index`-th run's cost gauges, plus the GPU gauges of its own part of the capture (none when it has
 * no part: a capture of the whole batch is never sent with the first run).
 */
export function gpuGaugesFor(gpu: GpuReport | null, run: string, index: number): GpuGauge[] {
  const own = gpu?.runs[index];
  return [...(gpu?.costs.find((c) => c.run === run)?.gauges ?? []), ...(own?.run === run ? own.gauges : [])];
}
