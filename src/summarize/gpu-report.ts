/**
 * One call for the engine: GPU samples and the run(s) → the GPU summary for `--json` and the report, the
 * gauges for the sinks, the gateable metrics, and each run's cost.
 */
import type { Config } from '../classify/config.js';
import type { GpuSamples } from '../ingest/gpu/samples.js';
import type { MetricSummary, RunSummary } from '../model.js';
import { costGauges, costInputs, runCost, type RunCost } from './cost.js';
import { summarizeGpu, type GpuSummary, type GpuSummaryOptions } from './gpu.js';
import { gpuGauges, gpuMetricSummaries, type GpuGauge } from './gpu-metrics.js';
import { gpuPricesFromSection, parseGpuPrices, type GpuPrices } from './gpu-price.js';

export interface GpuReport {
  /** Null when no GPU capture was given. */
  gpu: GpuSummary | null;
  /** Per-GPU (`gpu:<label>` tag) and run gauges; emit them with the run's tags. */
  gauges: GpuGauge[];
  /** Gateable entries (`gpu.utilization`, …) to append to the run's metrics when the capture covers one run. */
  metrics: MetricSummary[];
  /** Per run, in the order given; each also has `costGauges(cost)` to emit. */
  costs: { run: string; cost: RunCost; gauges: GpuGauge[] }[];
}

/**
 * Prices from the `gpu-price` input (YAML/JSON text), else the config's `gpu_price:` section, else none.
 * Throws InputError for malformed prices.
 */
export function resolveGpuPrices(input: string | null, config: Pick<Config, 'sections' | 'source'>): GpuPrices {
  if (input?.trim()) return parseGpuPrices(input, 'gpu-price');
  return gpuPricesFromSection(config.sections.gpu_price, config.source ?? 'config') ?? {};
}

export function gpuReport(
  samples: GpuSamples | null,
  runs: RunSummary[],
  options: { prices: GpuPrices; config?: Pick<Config, 'rules'>; summary?: Partial<GpuSummaryOptions> },
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
