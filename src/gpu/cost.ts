/**
 * Cost of a run: GPU-hours × the price per GPU-hour of its GPU type, and that per billion tokens trained.
 *
 *   cost = gpus × seconds / 3600 × price
 *   cost per 1e9 tokens = cost / tokens × 1e9
 *
 * GPUs and wall time come from the manifest (world size, run duration) when it has them, else from the GPU
 * capture (GPUs seen, first to last sample). Tokens come from a consumed-tokens counter's last value, else
 * from a tokens-per-second throughput's steady mean × wall time (× GPUs when it is per GPU).
 */
import type { MetricSummary, RunSummary } from '../model.js';
import { metricKey } from '../naming.js';
import type { GpuGauge } from './metrics.js';
import { priceFor, type GpuPrices } from './price.js';
import type { GpuSummary } from './summary.js';

export interface CostInputs {
  gpuName: string | null;
  gpuCount: number | null;
  gpuCountFrom: 'manifest' | 'gpu-samples' | null;
  durationSeconds: number | null;
  durationFrom: 'manifest' | 'gpu-samples' | null;
  tokens: number | null;
  /** The metric the tokens came from, and how. */
  tokensFrom: string | null;
}

export interface RunCost extends CostInputs {
  gpuHours: number | null;
  /** The price key that matched the GPU name. */
  priceKey: string | null;
  pricePerGpuHour: number | null;
  /** In the currency of the prices given. */
  cost: number | null;
  costPerBillionTokens: number | null;
  /** Why a figure is missing, for the report. */
  missing: string[];
  /** Why the cost itself is missing (the reasons among `missing` that block it); empty when it was computed. */
  costMissing: string[];
}

const GPU_NAME_KEY = /(^|[._])(gpu|gpu_type|gpu_name|gpu_model|accelerator|device_type)$/i;
const GPU_COUNT_KEY = /(^|[._])(world_size|num_gpus|n_gpus|gpu_count|gpus|total_gpus)$/i;
const NODES_KEY = /(^|[._])(nodes|num_nodes|n_nodes)$/i;
const PER_NODE_KEY = /(^|[._])(gpus_per_node|nproc_per_node)$/i;
const TOKEN_COUNTER = /(^|[._])(consumed|total|num)_tokens$|(^|[._])tokens_(seen|consumed|processed)$/;
const TOKEN_RATE = /(tokens_per_s|tokens_per_sec|tokens_per_second|tok_s$|tokens_s$)/;

/**
 * What the cost needs, from the run (manifest, metrics) and its part of the GPU capture; either may be
 * absent. `jobGpuName` is the GPU type of the job's capture, used when the run has no part of it.
 */
export function costInputs(
  run: RunSummary | null,
  gpu: GpuSummary | null,
  jobGpuName: string | null = null,
): CostInputs {
  const fp = run?.fingerprint ?? {};
  const find = (re: RegExp) => Object.entries(fp).find(([k]) => re.test(k))?.[1];
  const manifestCount =
    positive(find(GPU_COUNT_KEY)) ?? product(positive(find(NODES_KEY)), positive(find(PER_NODE_KEY)));
  const gpuCount = manifestCount ?? (gpu && gpu.gpuCount > 0 ? gpu.gpuCount : null);
  const manifestSeconds = run?.durationSeconds !== undefined && run.durationSeconds > 0 ? run.durationSeconds : null;
  const durationSeconds = manifestSeconds ?? gpu?.durationSeconds ?? null;
  const inputs: CostInputs = {
    gpuName: gpu?.gpuName ?? jobGpuName ?? find(GPU_NAME_KEY) ?? null,
    gpuCount,
    gpuCountFrom: manifestCount !== null ? 'manifest' : gpuCount !== null ? 'gpu-samples' : null,
    durationSeconds,
    durationFrom: manifestSeconds !== null ? 'manifest' : durationSeconds !== null ? 'gpu-samples' : null,
    tokens: null,
    tokensFrom: null,
  };
  const tokens = run ? tokensOf(run.metrics, durationSeconds, gpuCount) : null;
  if (tokens) Object.assign(inputs, tokens);
  return inputs;
}

/** Tokens trained: a counter's last value, else throughput × time. Null when neither is there. */
export function tokensOf(
  metrics: MetricSummary[],
  durationSeconds: number | null,
  gpuCount: number | null,
): { tokens: number; tokensFrom: string } | null {
  const counter = metrics.find((m) => TOKEN_COUNTER.test(metricKey(m.name)) && Number.isFinite(m.last) && m.last > 0);
  if (counter) return { tokens: counter.last, tokensFrom: `${counter.name} (last value)` };
  if (durationSeconds === null) return null;
  const rate = metrics.find((m) => TOKEN_RATE.test(metricKey(m.name)) && m.steady && m.steady.mean > 0);
  if (!rate) return null;
  const perGpu = /per_gpu|per_device|per_rank/.test(metricKey(rate.name));
  if (perGpu && gpuCount === null) return null;
  const tokens = rate.steady!.mean * durationSeconds * (perGpu ? gpuCount! : 1);
  return { tokens, tokensFrom: `${rate.name} (steady mean × wall time${perGpu ? ' × GPUs' : ''})` };
}

/** GPU-hours = GPUs × wall-clock seconds / 3600: what a cloud bills for an allocation, busy or not. */
export function gpuHours(gpus: number, seconds: number): number {
  return (gpus * seconds) / 3600;
}

export function runCost(inputs: CostInputs, prices: GpuPrices): RunCost {
  const missing: string[] = [];
  const hours =
    inputs.gpuCount !== null && inputs.durationSeconds !== null
      ? gpuHours(inputs.gpuCount, inputs.durationSeconds)
      : null;
  if (inputs.gpuCount === null)
    missing.push('GPU count unknown (no world size in the manifest and no GPU capture of this run)');
  if (inputs.durationSeconds === null)
    missing.push('wall time unknown (no run duration in the manifest and no timed GPU capture of this run)');
  const match = inputs.gpuName ? priceFor(inputs.gpuName, prices) : null;
  if (!inputs.gpuName) missing.push('GPU type unknown (no GPU name in the capture and no gpu key in the manifest)');
  else if (!match) {
    const keys = Object.keys(prices);
    missing.push(
      keys.length ? `no price for "${inputs.gpuName}" (priced: ${keys.join(', ')})` : 'no GPU prices given (gpu-price)',
    );
  }
  const cost = hours !== null && match ? hours * match.price : null;
  // Everything said so far stands between the inputs and a cost; the tokens only block the per-token figure.
  const costMissing = cost === null ? [...missing] : [];
  if (inputs.tokens === null)
    missing.push('tokens unknown (no consumed-tokens counter or tokens-per-second throughput)');
  return {
    ...inputs,
    gpuHours: hours,
    priceKey: match?.key ?? null,
    pricePerGpuHour: match?.price ?? null,
    cost,
    costPerBillionTokens: cost !== null && inputs.tokens ? (cost / inputs.tokens) * 1e9 : null,
    missing,
    costMissing,
  };
}

/** Gauges for the sinks: `cost.gpu_hours`, `cost.total`, `cost.per_billion_tokens` (those that are known). */
export function costGauges(cost: RunCost): GpuGauge[] {
  const out: GpuGauge[] = [];
  const add = (name: string, value: number | null, unit: string) => {
    if (value !== null && Number.isFinite(value)) out.push({ name, value, unit, tags: {} });
  };
  add('cost.gpu_hours', cost.gpuHours, 'hours');
  add('cost.total', cost.cost, 'currency');
  add('cost.per_billion_tokens', cost.costPerBillionTokens, 'currency');
  return out;
}

function positive(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function product(a: number | null, b: number | null): number | null {
  return a !== null && b !== null ? a * b : null;
}
