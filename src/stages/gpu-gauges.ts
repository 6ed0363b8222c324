import type { GpuReport } from '../summarize/gpu-report.js';

/** A run's cost gauges, plus the capture's GPU gauges once (it covers the job), with the first run. */
export function gpuGaugesFor(gpu: GpuReport | null, run: string, index: number): GpuReport['gauges'] {
  return [...(gpu?.costs.find((c) => c.run === run)?.gauges ?? []), ...(index === 0 ? (gpu?.gauges ?? []) : [])];
}
