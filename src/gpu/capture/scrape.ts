/**
 * One Prometheus text scrape of a GPU exporter: NVIDIA's dcgm-exporter (`DCGM_FI_*`, labels gpu, UUID,
 * modelName, Hostname) or utkuozdemir's nvidia_gpu_exporter (`nvidia_smi_*`, label uuid, names in
 * `nvidia_smi_gpu_info`). Parsed with parse-prometheus-text-format; each file is one sample per GPU.
 */
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { InputError } from '../../model.js';
import { GPU_FIELDS, SeriesBuilder, type GpuField, type GpuSamples } from './samples.js';

/** Metric name → field, and the factor from the exporter's unit to ours. */
const SCRAPE_METRICS: Record<string, [GpuField, number]> = {
  DCGM_FI_DEV_GPU_UTIL: ['util', 1],
  DCGM_FI_DEV_MEM_COPY_UTIL: ['memUtil', 1],
  DCGM_FI_DEV_FB_USED: ['memUsedMiB', 1],
  DCGM_FI_DEV_FB_TOTAL: ['memTotalMiB', 1],
  DCGM_FI_DEV_POWER_USAGE: ['powerW', 1],
  DCGM_FI_DEV_GPU_TEMP: ['tempC', 1],
  DCGM_FI_DEV_SM_CLOCK: ['smClockMHz', 1],
  DCGM_FI_PROF_SM_ACTIVE: ['smActive', 100],
  DCGM_FI_PROF_SM_OCCUPANCY: ['smOccupancy', 100],
  DCGM_FI_PROF_PIPE_TENSOR_ACTIVE: ['tensorActive', 100],
  DCGM_FI_PROF_DRAM_ACTIVE: ['dramActive', 100],
  nvidia_smi_utilization_gpu_ratio: ['util', 100],
  nvidia_smi_utilization_memory_ratio: ['memUtil', 100],
  nvidia_smi_memory_used_bytes: ['memUsedMiB', 1 / 1048576],
  nvidia_smi_memory_total_bytes: ['memTotalMiB', 1 / 1048576],
  nvidia_smi_power_draw_watts: ['powerW', 1],
  nvidia_smi_temperature_gpu: ['tempC', 1],
  nvidia_smi_clocks_current_sm_clock_hz: ['smClockMHz', 1e-6],
};

/** dcgm-exporter without FB_TOTAL: total = used + free + reserved. */
const DCGM_FREE = ['DCGM_FI_DEV_FB_FREE', 'DCGM_FI_DEV_FB_RESERVED'];

interface Gpu {
  label: string;
  uuid: string | null;
  name: string | null;
  busId: string | null;
  time: number;
  values: Partial<Record<GpuField, number>>;
  free: number;
}

export function parseGpuScrape(source: string, text: string): GpuSamples {
  let families: PrometheusFamily[];
  try {
    families = parsePrometheusTextFormat(text);
  } catch (err) {
    throw new InputError(source, lineOf(text, err), `not Prometheus text format: ${(err as Error).message}`);
  }
  const info = new Map<string, Record<string, string>>();
  for (const s of families.find((f) => f.name === 'nvidia_smi_gpu_info')?.metrics ?? []) {
    if (s.labels?.uuid) info.set(s.labels.uuid, s.labels);
  }
  const hosts = new Set<string>();
  for (const f of families) for (const s of f.metrics) if (s.labels?.Hostname) hosts.add(s.labels.Hostname);

  const gpus = new Map<string, Gpu>();
  const gpuOf = (labels: Record<string, string>, timestamp?: string): Gpu => {
    const uuid = labels.UUID ?? labels.uuid ?? null;
    const host = labels.Hostname ?? '';
    const key = `${host}/${uuid ?? labels.gpu ?? labels.index ?? '0'}`;
    let gpu = gpus.get(key);
    if (!gpu) {
      const known = uuid ? info.get(uuid) : undefined;
      const index = labels.gpu ?? labels.index ?? known?.index ?? String(gpus.size);
      gpu = {
        label: hosts.size > 1 ? `${host}:${index}` : index,
        uuid,
        name: labels.modelName ?? known?.name ?? null,
        busId: labels.pci_bus_id ?? known?.pci_bus_id ?? null,
        time: timestamp === undefined ? Number.NaN : Number(timestamp),
        values: {},
        free: 0,
      };
      gpus.set(key, gpu);
    }
    return gpu;
  };

  for (const family of families) {
    const mapped = SCRAPE_METRICS[family.name];
    const isFree = DCGM_FREE.includes(family.name);
    if (!mapped && !isFree) continue;
    for (const sample of family.metrics) {
      const value = Number(sample.value);
      if (sample.value === undefined || (Number.isNaN(value) && sample.value !== 'NaN')) {
        throw new InputError(
          source,
          lineOf(text, null, family.name),
          `${family.name}: "${sample.value}" is not a number`,
        );
      }
      const gpu = gpuOf(sample.labels ?? {}, sample.timestamp_ms);
      if (isFree) gpu.free += value;
      else gpu.values[mapped![0]] = value * mapped![1];
    }
  }
  if (gpus.size === 0) {
    throw new InputError(
      source,
      null,
      'no GPU metrics in this scrape (expected DCGM_FI_DEV_GPU_UTIL, DCGM_FI_DEV_FB_USED, … or nvidia_smi_*)',
    );
  }
  for (const gpu of gpus.values()) {
    const used = gpu.values.memUsedMiB;
    if (gpu.values.memTotalMiB === undefined && used !== undefined && gpu.free > 0)
      gpu.values.memTotalMiB = used + gpu.free;
  }
  const fields = GPU_FIELDS.filter((f) => [...gpus.values()].some((g) => g.values[f] !== undefined));
  const builder = new SeriesBuilder(fields);
  for (const [key, gpu] of gpus) {
    builder.add(
      key,
      gpu,
      gpu.time,
      fields.map((f) => gpu.values[f] ?? Number.NaN),
    );
  }
  return { source, format: 'prometheus', gpus: builder.series(), warnings: [], truncated: false };
}

/** 1-based line of the text the parser complained about (its message quotes the line), or of a metric's first sample. */
function lineOf(text: string, err: unknown, metric?: string): number | null {
  const lines = text.split('\n');
  if (metric) {
    const i = lines.findIndex((l) => l.startsWith(`${metric}{`) || l.startsWith(`${metric} `));
    return i >= 0 ? i + 1 : null;
  }
  const quoted = /invalid line: (.*)$/s.exec((err as Error)?.message ?? '')?.[1];
  if (!quoted) return null;
  const i = lines.findIndex((l) => l === quoted || l.trim() === quoted.trim());
  return i >= 0 ? i + 1 : null;
}
