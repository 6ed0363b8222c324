/** Reading GPU captures from disk: the entry points the CLI (`--gpu-csv`, `--gpu-scrape`) and the action call. */
import { readTextFile } from '../../ingest/file.js';
import { looksLikeDmon, parseDmon } from './dmon.js';
import { parseGpuCsv } from './nvidia-smi-csv.js';
import type { GpuSamples } from './samples.js';
import { parseGpuScrape } from './scrape.js';

/** Parse GPU samples from text, telling nvidia-smi/amd-smi CSV from dmon output by content. */
export function parseGpuText(source: string, text: string): GpuSamples {
  return looksLikeDmon(text) ? parseDmon(source, text) : parseGpuCsv(source, text);
}

/** Read an nvidia-smi `--query-gpu` CSV, an amd-smi metrics CSV, or `nvidia-smi dmon` output (detected by content). */
export async function readGpuFile(path: string): Promise<GpuSamples> {
  return parseGpuText(path, await readTextFile(path));
}

/** Read one Prometheus text scrape of dcgm-exporter or nvidia_gpu_exporter (one sample per GPU). */
export async function readGpuScrape(path: string): Promise<GpuSamples> {
  return parseGpuScrape(path, await readTextFile(path));
}

/**
 * Join captures: series with the same uuid (several scrapes of one GPU over time, a sampler restarted into a
 * second file) are concatenated in time order. Without a uuid, scrapes are joined by label, while CSVs are
 * taken as different machines (a file per node): their clashing labels become `<file number>:<label>`.
 */
export function mergeGpuSamples(parts: GpuSamples[]): GpuSamples {
  if (parts.length === 1) return parts[0]!;
  const merged = new Map<string, GpuSamples['gpus'][number]>();
  const labels = new Set<string>();
  for (const [p, part] of parts.entries()) {
    for (const original of part.gpus) {
      const key =
        original.uuid ?? (part.format === 'prometheus' ? `label:${original.label}` : `file:${p}:${original.label}`);
      const clash = !merged.has(key) && labels.has(original.label);
      const gpu = clash ? { ...original, label: `${p}:${original.label}` } : original;
      labels.add(gpu.label);
      const into = merged.get(key);
      if (!into) {
        merged.set(key, {
          ...gpu,
          times: [...gpu.times],
          fields: Object.fromEntries(Object.entries(gpu.fields).map(([f, v]) => [f, [...v]])),
        });
        continue;
      }
      const before = into.times.length;
      // Loops, not push(...array): a day of samples overflows the argument stack.
      for (const t of gpu.times) into.times.push(t);
      for (const f of new Set([...Object.keys(into.fields), ...Object.keys(gpu.fields)]) as Set<
        keyof typeof gpu.fields
      >) {
        const a = into.fields[f] ?? new Array<number>(before).fill(Number.NaN);
        for (const v of gpu.fields[f] ?? new Array<number>(gpu.times.length).fill(Number.NaN)) a.push(v);
        into.fields[f] = a;
      }
    }
  }
  for (const gpu of merged.values()) sortByTime(gpu);
  return {
    source: parts.map((p) => p.source).join(', '),
    format: parts[0]!.format,
    gpus: [...merged.values()],
    warnings: parts.flatMap((p) => p.warnings),
    truncated: parts.some((p) => p.truncated),
  };
}

function sortByTime(gpu: GpuSamples['gpus'][number]): void {
  if (gpu.times.some(Number.isNaN)) return; // no times: keep file order
  const order = gpu.times.map((_, i) => i).sort((a, b) => gpu.times[a]! - gpu.times[b]!);
  gpu.times = order.map((i) => gpu.times[i]!);
  for (const f of Object.keys(gpu.fields) as (keyof typeof gpu.fields)[])
    gpu.fields[f] = order.map((i) => gpu.fields[f]![i]!);
}

/**
 * Everything given with `--gpu-csv` / `--gpu-scrape` (inputs `gpu-csv`, `gpu-scrape`) as one set of samples,
 * or null when nothing was given. Several files of the same GPUs are joined (see mergeGpuSamples).
 */
export async function readGpuInputs(csvPaths: string[], scrapePaths: string[]): Promise<GpuSamples | null> {
  const parts = [
    ...(await Promise.all(csvPaths.map(readGpuFile))),
    ...(await Promise.all(scrapePaths.map(readGpuScrape))),
  ];
  return parts.length ? mergeGpuSamples(parts) : null;
}
