/**
 * How one GPU report joins the runs it was made with. Types only from the rest of src/gpu, so that the
 * engine and the sinks can use it without loading the GPU code for a run that has no telemetry.
 */
import type { RunSummary } from '../model.js';
import type { GpuGauge } from './metrics.js';
import type { GpuReport } from './report.js';

/**
 * The runs' summaries with the capture's gateable metrics: a capture of a single run is that run's, so they
 * are gated with it; with several runs no one run owns the capture, and they are left out.
 */
export function withGpuMetrics(runs: RunSummary[], gpu: GpuReport | null): RunSummary[] {
  if (!gpu || runs.length !== 1) return runs;
  const run = runs[0]!;
  return [{ ...run, metrics: [...run.metrics, ...gpu.metrics] }];
}

/** A run's cost gauges, plus the capture's GPU gauges once (it covers the job), with the first run. */
export function gpuGaugesFor(gpu: GpuReport | null, run: string, index: number): GpuGauge[] {
  return [...(gpu?.costs.find((c) => c.run === run)?.gauges ?? []), ...(index === 0 ? (gpu?.gauges ?? []) : [])];
}
