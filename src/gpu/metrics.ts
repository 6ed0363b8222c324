/**
 * GpuSummary as what the sinks and the gate consume:
 * - gauges: `gpu.util.mean` … tagged `gpu:<label>` per device, and `gpu.run.*` for the run (other names,
 *   since every line of one StatsD/Prometheus name must carry the same tag keys);
 * - MetricSummary entries (`gpu.utilization`, `gpu.sm_active`, …) the gate judges like any step metric.
 */
import type { ClassRule } from '../classify/index.js';
import type { MetricClass, MetricSummary } from '../model.js';
import type { GpuField } from './capture/samples.js';
import type { ActivityStats, GpuDeviceSummary, GpuSummary } from './summary.js';

/** One gauge value for a sink; the sink adds its prefix and the run's tags. */
export interface GpuGauge {
  name: string;
  value: number;
  /** percent, mebibytes, ratio, watts, celsius, count, boolean */
  unit: string;
  tags: Record<string, string>;
}

export function gpuGauges(summary: GpuSummary): GpuGauge[] {
  const out: GpuGauge[] = [];
  for (const d of summary.devices) out.push(...deviceGauges('gpu', d, { gpu: d.label }));
  const run = summary.run;
  out.push(...deviceGauges('gpu.run', { ...run, starved: run.starved }, {}));
  out.push({ name: 'gpu.run.count', value: summary.gpuCount, unit: 'count', tags: {} });
  if (run.starved) out.push({ name: 'gpu.run.starved_gpus', value: run.starvedGpus.length, unit: 'count', tags: {} });
  if (run.power) out.push({ name: 'gpu.run.power.total_mean', value: run.power.totalMeanW, unit: 'watts', tags: {} });
  return out.filter((g) => Number.isFinite(g.value));
}

type DeviceLike = Pick<
  GpuDeviceSummary,
  'utilization' | 'smActive' | 'tensorActive' | 'memory' | 'temperature' | 'starved'
> & {
  power: { meanW: number; maxW: number } | null;
};

function deviceGauges(prefix: string, d: DeviceLike, tags: Record<string, string>): GpuGauge[] {
  const out: GpuGauge[] = [];
  const add = (name: string, value: number | null | undefined, unit: string) => {
    if (value !== null && value !== undefined) out.push({ name: `${prefix}.${name}`, value, unit, tags });
  };
  const act = (name: string, a: ActivityStats | null) => {
    add(`${name}.mean`, a?.mean, 'percent');
    add(`${name}.p10`, a?.p10, 'percent');
  };
  act('util', d.utilization);
  act('sm_active', d.smActive);
  act('tensor_active', d.tensorActive);
  add('memory.peak', d.memory?.peakMiB, 'mebibytes');
  add('memory.total', d.memory?.totalMiB, 'mebibytes');
  add('memory.peak_fraction', d.memory?.peakFraction, 'ratio');
  add('power.mean', d.power?.meanW, 'watts');
  add('power.max', d.power?.maxW, 'watts');
  add('temperature.max', d.temperature?.maxC, 'celsius');
  if (d.starved) add('starved', d.starved.starved ? 1 : 0, 'boolean');
  return out;
}

/** The gateable GPU metrics, their field and default class (a config `metrics:` rule may override them). */
const GPU_METRICS: { name: string; field: GpuField; class: MetricClass }[] = [
  { name: 'gpu.utilization', field: 'util', class: cls('higher', 'percent', true) },
  { name: 'gpu.sm_active', field: 'smActive', class: cls('higher', 'percent', true) },
  { name: 'gpu.tensor_active', field: 'tensorActive', class: cls('higher', 'percent', true) },
  { name: 'gpu.memory.used', field: 'memUsedMiB', class: cls('lower', 'mebibytes', true) },
  { name: 'gpu.power', field: 'powerW', class: cls('none', 'watts', false) },
  { name: 'gpu.temperature', field: 'tempC', class: cls('none', 'celsius', false) },
];

function cls(direction: MetricClass['direction'], unit: string, gate: boolean): MetricClass {
  return { kind: 'window', direction, unit, gate, minEffect: 0.05 };
}

/**
 * MetricSummary entries over all GPUs' steady-state samples pooled, so the gate compares this run's GPU
 * activity with earlier runs' like any step metric. Sample numbers stand in for steps (there are no steps).
 */
export function gpuMetricSummaries(summary: GpuSummary, config?: { rules: ClassRule[] }): MetricSummary[] {
  const out: MetricSummary[] = [];
  for (const m of GPU_METRICS) {
    const pooled = summary.pooled[m.field];
    if (!pooled) continue;
    const override = config?.rules.find((r) => r.matches(m.name))?.override ?? {};
    out.push({
      name: m.name,
      class: { ...m.class, ...override },
      count: pooled.steady.n,
      nan: 0,
      inf: 0,
      firstNonFiniteStep: null,
      first: pooled.first,
      last: pooled.last,
      lastStep: pooled.steady.n - 1,
      min: pooled.min,
      max: pooled.max,
      steady: pooled.steady,
      windows: [],
    });
  }
  return out;
}
