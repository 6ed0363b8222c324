/**
 * One call for the engine: GPU samples and the run(s) → the GPU summary for `--json` and the report, the
 * gauges for the sinks, the gateable metrics, and each run's cost. Which run gets which part of the capture
 * is placement.ts; how the parts join the runs' summaries and sinks is join-runs.ts.
 */
import type { ClassRule } from '../classify/index.js';
import type { MetricSummary, RunSummary } from '../model.js';
import type { GpuSamples } from './capture/samples.js';
import { costGauges, costInputs, runCost, type RunCost } from './cost.js';
import { gpuGauges, gpuMetricSummaries, type GpuGauge } from './metrics.js';
import { placeCapture, type PlacementRule } from './placement.js';
import type { GpuPrices } from './price.js';
import { summarizeGpu, type GpuSummary, type GpuSummaryOptions } from './summary.js';

/** What one run gets of the capture. */
export interface RunGpu {
  run: string;
  /** The run's part of the capture, summarised; null when none of it was joined to this run. */
  gpu: GpuSummary | null;
  /** Per-GPU (`gpu:<label>` tag) and `gpu.run.*` gauges of that part; emit them with the run's tags. */
  gauges: GpuGauge[];
  /** Gateable entries (`gpu.utilization`, …) that join the run's metrics. */
  metrics: MetricSummary[];
}

export interface GpuReport {
  /** The whole capture, summarised (the job's GPUs); null when no GPU capture was given. */
  gpu: GpuSummary | null;
  /** The whole capture's gauges and gateable entries, before they are split by run. */
  gauges: GpuGauge[];
  metrics: MetricSummary[];
  /** How the capture was joined to the runs; null without a capture. */
  placement: PlacementRule | null;
  /** Per run, in the order given. */
  runs: RunGpu[];
  /** Per run, in the order given; each also has `costGauges(cost)` to emit. */
  costs: { run: string; cost: RunCost; gauges: GpuGauge[] }[];
  /** A capture that could not be placed on a run, said once each. */
  warnings: string[];
}

type Options = { prices: GpuPrices; config?: { rules: ClassRule[] }; summary?: Partial<GpuSummaryOptions> };

export function gpuReport(samples: GpuSamples | null, runs: RunSummary[], options: Options): GpuReport {
  const gpu = samples ? summarizeGpu(samples, options.summary) : null;
  const placement = samples ? placeCapture(samples, runs) : null;
  const perRun = runs.map((run, i): RunGpu => {
    const part = placement?.parts[i] ?? null;
    const summary = part === samples ? gpu : part ? summarizeGpu(part, options.summary) : null;
    return {
      run: run.name,
      gpu: summary,
      gauges: summary ? gpuGauges(summary) : [],
      metrics: summary ? gpuMetricSummaries(summary, options.config) : [],
    };
  });
  const costs = (runs.length ? runs : [null]).map((run, i) => {
    // A run's GPU count and wall time come from its own part of the capture; the GPU type is the job's.
    const own = run ? (perRun[i]!.gpu ?? null) : gpu;
    const cost = runCost(costInputs(run, own, gpu?.gpuName ?? null), options.prices);
    return { run: run?.name ?? '', cost, gauges: costGauges(cost) };
  });
  return {
    gpu,
    gauges: gpu ? gpuGauges(gpu) : [],
    metrics: gpu ? gpuMetricSummaries(gpu, options.config) : [],
    placement: placement?.rule ?? null,
    runs: perRun,
    costs,
    warnings: placement?.warnings ?? [],
  };
}
