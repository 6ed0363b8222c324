/**
 * One call for the engine: GPU samples and the run(s) → the GPU summary for `--json` and the report, the
 * gauges for the sinks, the gateable metrics, and each run's cost. How they join the runs is join-runs.ts.
 */
import type { ClassRule } from '../classify/index.js';
import type { MetricSummary, RunSummary } from '../model.js';
import type { GpuSamples } from './capture/samples.js';
import { costGauges, costInputs, runCost, type RunCost } from './cost.js';
import { gpuGauges, gpuMetricSummaries, type GpuGauge } from './metrics.js';
import type { GpuPrices } from './price.js';
import { summarizeGpu, type GpuSummary, type GpuSummaryOptions } from './summary.js';

export interface GpuReport {
  /** Null when no GPU capture was given. */
  gpu: GpuSummary | null;
  /** Per-GPU (`gpu:<label>` tag) and run gauges; emit them with the run's tags. */
  gauges: GpuGauge[];
  /** Gateable entries (`gpu.utilization`, …) that join the run's metrics when the capture covers one run. */
  metrics: MetricSummary[];
  /** Per run, in the order given; each also has `costGauges(cost)` to emit. */
  costs: { run: string; cost: RunCost; gauges: GpuGauge[] }[];
}

export function gpuReport(
  samples: GpuSamples | null,
  runs: RunSummary[],
  options: { prices: GpuPrices; config?: { rules: ClassRule[] }; summary?: Partial<GpuSummaryOptions> },
): GpuReport {
  const gpu = samples ? summarizeGpu(samples, options.summary) : null;
  const costs = (runs.length ? runs : [null]).map((run) => {
    const cost = runCost(costInputs(run, gpu), options.prices);
    return { run: run?.name ?? '', cost, gauges: costGauges(cost) };
  });
  return {
    gpu,
    gauges: gpu ? gpuGauges(gpu) : [],
    metrics: gpu ? gpuMetricSummaries(gpu, options.config) : [],
    costs,
  };
}
