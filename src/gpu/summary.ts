/**
 * Per-GPU and per-run summaries of GPU telemetry: "was the GPU maxed out?", answered honestly.
 * utilization.gpu only says a kernel was running; a GPU waiting on input between tiny kernels can read
 * 95 %. Where DCGM's SM-active is captured, the starved flag is judged on it instead.
 */
import type { GpuField, GpuSamples, GpuSeries } from './capture/samples.js';
import type { SteadyState } from '../model.js';
import { fractionBelow } from './fraction-below.js';
import { inSpan, steadySpan } from './steady-span.js';
import { sampleInterval } from './sample-interval.js';
import { steadyOfSamples } from './steady-of-samples.js';

export interface GpuSummaryOptions {
  /** Activity (percent) under which a steady-state sample counts as starved. Default 50. */
  starvedThreshold: number;
  /** A GPU is starved when more than this share of its steady-state samples is under the threshold. Default 0.5. */
  starvedFraction: number;
  /** Activity (percent) at or under which a sample is idle, for finding the active span. Default 5. */
  idleThreshold: number;
  /** Share of the active span treated as warm-up. Default 0.1. */
  warmupFraction: number;
}

const DEFAULT_GPU_SUMMARY_OPTIONS: GpuSummaryOptions = {
  starvedThreshold: 50,
  starvedFraction: 0.5,
  idleThreshold: 5,
  warmupFraction: 0.1,
};

/** Steady-state statistics of one activity field, in percent. */
export interface ActivityStats {
  mean: number;
  p10: number;
  median: number;
  /** Steady-state samples with a value. */
  n: number;
}

export interface MemoryStats {
  /** Highest memory.used over all samples, MiB. */
  peakMiB: number;
  /** memory.total, MiB, when captured. */
  totalMiB: number | null;
  /** peak / total, 0–1, when the total is known. */
  peakFraction: number | null;
}

export interface StarvedFlag {
  starved: boolean;
  /** The activity judged: SM active where captured, else utilization. */
  basis: 'sm_active' | 'utilization';
  threshold: number;
  /** Share of steady-state samples under the threshold. */
  fractionBelow: number;
}

/** Steady-state statistics of one field over all GPUs, with the range and ends of those samples. */
export interface PooledField {
  steady: SteadyState;
  min: number;
  max: number;
  first: number;
  last: number;
}

/** One GPU. Activity is over steady-state samples; memory peak, power max and temperature max over all samples. */
export interface GpuDeviceSummary {
  /** Tag value `gpu:<label>`: the device index. */
  label: string;
  uuid: string | null;
  name: string | null;
  samples: number;
  steadySamples: number;
  utilization: ActivityStats | null;
  smActive: ActivityStats | null;
  tensorActive: ActivityStats | null;
  memory: MemoryStats | null;
  /** Mean over steady state, max over all samples, watts. */
  power: { meanW: number; maxW: number } | null;
  temperature: { maxC: number } | null;
  starved: StarvedFlag | null;
}

/**
 * The run's GPUs at a glance, plain data for the JSON output, the report and the sinks (`gpuGauges`,
 * `gpuMetricSummaries` turn it into gauges and gateable metrics).
 */
export interface GpuSummary {
  source: string;
  format: GpuSamples['format'];
  /** The most common GPU name, e.g. "NVIDIA H100 80GB HBM3", or null when the capture has none. */
  gpuName: string | null;
  gpuCount: number;
  /** Sampled wall time: last − first sample time + one sample period; null without times or with one instant. */
  durationSeconds: number | null;
  sampleIntervalSeconds: number | null;
  /** All GPUs' steady-state samples pooled; memory and power over the whole run. */
  run: {
    utilization: ActivityStats | null;
    smActive: ActivityStats | null;
    tensorActive: ActivityStats | null;
    memory: MemoryStats | null;
    /** meanW: mean per GPU; totalMeanW: summed over GPUs; maxW: highest single GPU reading. */
    power: { meanW: number; totalMeanW: number; maxW: number } | null;
    temperature: { maxC: number } | null;
    /** Judged on the pooled samples, by the same rule as each GPU. */
    starved: StarvedFlag | null;
    /** Labels of the GPUs flagged starved. */
    starvedGpus: string[];
  };
  devices: GpuDeviceSummary[];
  /** Per field, all GPUs' steady-state samples pooled: what the gateable metrics are made of. */
  pooled: Partial<Record<GpuField, PooledField>>;
  truncated: boolean;
  warnings: string[];
}

export function summarizeGpu(samples: GpuSamples, options: Partial<GpuSummaryOptions> = {}): GpuSummary {
  const opt = { ...DEFAULT_GPU_SUMMARY_OPTIONS, ...options };
  const gpus = samples.gpus;
  const timed = gpus.length > 0 && gpus.every((g) => g.times.length > 0 && g.times.every(Number.isFinite));
  const positions = gpus.map((g) => (timed ? g.times : g.times.map((_, i) => i)));
  const activityOf = (g: GpuSeries) =>
    hasValues(g.fields.smActive) ? g.fields.smActive! : hasValues(g.fields.util) ? g.fields.util! : null;
  const span = steadySpan({ positions, activity: gpus.map(activityOf) }, opt.idleThreshold, opt.warmupFraction);

  const pooled: Partial<Record<GpuField, number[]>> = {};
  const devices = gpus.map((g, gi) =>
    summarizeDevice(
      g,
      positions[gi]!.map((p) => inSpan(span, p)),
      pooled,
      opt,
    ),
  );
  const { interval, durationMs } = sampling(gpus, timed);
  // Each pooled field is sorted once: its steady state also gives the run's activity figures.
  const pooledFields: Partial<Record<GpuField, PooledField>> = {};
  for (const [field, values] of Object.entries(pooled) as [GpuField, number[]][]) {
    const p = pooledField(values);
    if (p) pooledFields[field] = p;
  }
  return {
    source: samples.source,
    format: samples.format,
    gpuName: mostCommon(gpus.map((g) => g.name).filter((n): n is string => !!n)),
    gpuCount: gpus.length,
    durationSeconds: Number.isFinite(durationMs) ? durationMs / 1000 : null,
    sampleIntervalSeconds: Number.isFinite(interval) ? interval / 1000 : null,
    run: runFigures(devices, pooled, pooledFields, opt),
    devices,
    pooled: pooledFields,
    truncated: samples.truncated,
    warnings: [...samples.warnings],
  };
}

/**
 * One GPU's figures; its steady-state samples of each field are added to `pooled` (fields in a fixed order,
 * which is the order of the pooled fields in the summary).
 */
function summarizeDevice(
  g: GpuSeries,
  steady: boolean[],
  pooled: Partial<Record<GpuField, number[]>>,
  opt: GpuSummaryOptions,
): GpuDeviceSummary {
  const steadyOf = (field: GpuField): number[] | null => {
    const values = g.fields[field];
    if (!hasValues(values)) return null;
    const kept = values!.filter((_, i) => steady[i]);
    const into = pooled[field] ?? [];
    pooled[field] = into;
    for (const v of kept) into.push(v);
    return kept;
  };
  const util = steadyOf('util');
  const sm = steadyOf('smActive');
  const tensor = steadyOf('tensorActive');
  const power = steadyOf('powerW');
  steadyOf('memUsedMiB');
  steadyOf('tempC');
  return {
    label: g.label,
    uuid: g.uuid,
    name: g.name,
    samples: g.times.length,
    steadySamples: steady.filter(Boolean).length,
    utilization: activity(util),
    smActive: activity(sm),
    tensorActive: activity(tensor),
    memory: memory(g.fields.memUsedMiB, g.fields.memTotalMiB),
    power: power && hasValues(power) ? { meanW: meanOf(power), maxW: maxOf(g.fields.powerW!) } : null,
    temperature: hasValues(g.fields.tempC) ? { maxC: maxOf(g.fields.tempC!) } : null,
    starved: starvedFlag(sm, util, opt),
  };
}

/** The sampler's period and the sampled wall time, in ms; NaN without times. */
function sampling(gpus: GpuSeries[], timed: boolean): { interval: number; durationMs: number } {
  const allTimes = timed ? gpus.flatMap((g) => g.times).sort((a, b) => a - b) : [];
  const interval = timed ? sampleInterval(allTimes) : Number.NaN;
  // One sampling instant gives no duration (not zero: a zero would price the run at nothing).
  const durationMs = Number.isFinite(interval) ? allTimes[allTimes.length - 1]! - allTimes[0]! + interval : Number.NaN;
  return { interval, durationMs };
}

/** The run's figures over all GPUs: activity from the pooled samples, the peaks from the devices. */
function runFigures(
  devices: GpuDeviceSummary[],
  pooled: Partial<Record<GpuField, number[]>>,
  pooledFields: Partial<Record<GpuField, PooledField>>,
  opt: GpuSummaryOptions,
): GpuSummary['run'] {
  const powered = devices.filter((d) => d.power);
  const memories = devices.map((d) => d.memory).filter((m): m is MemoryStats => m !== null);
  const peak = memories.reduce<MemoryStats | null>(
    (best, m) => (best === null || (m.peakFraction ?? m.peakMiB) > (best.peakFraction ?? best.peakMiB) ? m : best),
    null,
  );
  const temps = devices.map((d) => d.temperature?.maxC).filter((t): t is number => t !== undefined);
  const runActivity = (field: GpuField): ActivityStats | null => {
    const p = pooledFields[field];
    return p ? activityStats(p.steady) : null;
  };
  return {
    utilization: runActivity('util'),
    smActive: runActivity('smActive'),
    tensorActive: runActivity('tensorActive'),
    memory: peak,
    power: powered.length
      ? {
          meanW: meanOf(powered.map((d) => d.power!.meanW)),
          totalMeanW: powered.reduce((s, d) => s + d.power!.meanW, 0),
          maxW: Math.max(...powered.map((d) => d.power!.maxW)),
        }
      : null,
    temperature: temps.length ? { maxC: Math.max(...temps) } : null,
    starved: starvedFlag(pooled.smActive ?? null, pooled.util ?? null, opt),
    starvedGpus: devices.filter((d) => d.starved?.starved).map((d) => d.label),
  };
}

function pooledField(values: number[]): PooledField | null {
  const steady = steadyOfSamples(values, 0);
  if (!steady) return null;
  const finite = values.filter(Number.isFinite);
  return {
    steady,
    min: finite.reduce((a, b) => Math.min(a, b)),
    max: finite.reduce((a, b) => Math.max(a, b)),
    first: finite[0]!,
    last: finite[finite.length - 1]!,
  };
}

function starvedFlag(sm: number[] | null, util: number[] | null, opt: GpuSummaryOptions): StarvedFlag | null {
  const basis = hasValues(sm) ? 'sm_active' : hasValues(util) ? 'utilization' : null;
  if (basis === null) return null;
  const share = fractionBelow(basis === 'sm_active' ? sm! : util!, opt.starvedThreshold);
  return { starved: share > opt.starvedFraction, basis, threshold: opt.starvedThreshold, fractionBelow: share };
}

function activity(values: number[] | null): ActivityStats | null {
  const s = values ? steadyOfSamples(values, 0) : null;
  return s ? activityStats(s) : null;
}

function activityStats(s: SteadyState): ActivityStats {
  return { mean: s.mean, p10: s.p10, median: s.median, n: s.n };
}

function memory(used: number[] | undefined, total: number[] | undefined): MemoryStats | null {
  if (!hasValues(used)) return null;
  const peakMiB = maxOf(used!);
  const totalMiB = hasValues(total) ? maxOf(total!) : null;
  return { peakMiB, totalMiB, peakFraction: totalMiB ? peakMiB / totalMiB : null };
}

function hasValues(values: ArrayLike<number> | null | undefined): boolean {
  if (!values) return false;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) return true;
  return false;
}

function maxOf(values: number[]): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > m) m = v;
  return m;
}

function meanOf(values: number[]): number {
  let s = 0;
  let n = 0;
  for (const v of values) {
    if (Number.isFinite(v)) {
      s += v;
      n++;
    }
  }
  return n ? s / n : Number.NaN;
}

function mostCommon(names: string[]): string | null {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  let best: string | null = null;
  for (const [n, c] of counts) if (best === null || c > counts.get(best)!) best = n;
  return best;
}
