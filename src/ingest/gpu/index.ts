/** GPU telemetry ingest: nvidia-smi CSV and dmon, amd-smi CSV, dcgm-exporter / nvidia_gpu_exporter scrapes. */
export { readGpuFile, readGpuScrape, readGpuInputs, parseGpuText, mergeGpuSamples } from './read.js';
export { parseGpuCsv } from './nvidiaSmiCsv.js';
export { parseDmon, looksLikeDmon } from './dmon.js';
export { parseGpuScrape } from './scrape.js';
export type { GpuSamples, GpuSeries, GpuField, GpuSourceFormat } from './samples.js';
