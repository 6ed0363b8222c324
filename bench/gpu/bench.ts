/**
 * How long reading and summarising a long GPU capture takes: a 24-hour job, 8 GPUs sampled every 5 s
 * (138,240 rows, about 13 MB) in the gpu-monitor's CSV shape. Run: `npm run bench:gpu -- [hours] [gpus]`.
 */
import { mkdtempSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGpuFile } from '../../src/gpu/capture/read.js';
import { summarizeGpu } from '../../src/gpu/summary.js';

const hours = Number(process.argv[2] ?? 24);
const gpus = Number(process.argv[3] ?? 8);
const samples = (hours * 3600) / 5;
const lines = [
  'timestamp, index, uuid, name, utilization.gpu [%], utilization.memory [%], memory.used [MiB], memory.total [MiB], power.draw [W], temperature.gpu, clocks.sm [MHz]',
];
const t0 = Date.UTC(2026, 0, 1);
for (let i = 0; i < samples; i++) {
  const d = new Date(t0 + i * 5000).toISOString().replace('T', ' ').replace('Z', '').replace(/-/g, '/');
  for (let g = 0; g < gpus; g++) {
    lines.push(
      `${d}, ${g}, GPU-${g}, NVIDIA H100 80GB HBM3, ${50 + ((i * 7 + g) % 50)}, 30, ${60000 + (i % 1000)}, 81559, ${600 + (i % 50)}.00, 60, 1980`,
    );
  }
}
const path = join(mkdtempSync(join(tmpdir(), 'gpu-bench-')), 'gpu.csv');
writeFileSync(path, `${lines.join('\n')}\n`);

const heapBefore = process.memoryUsage().heapUsed;
const start = performance.now();
const parsed = await readGpuFile(path);
const parsedAt = performance.now();
const summary = summarizeGpu(parsed);
const end = performance.now();
console.log(
  JSON.stringify({
    rows: samples * gpus,
    bytes: statSync(path).size,
    readMs: Math.round(parsedAt - start),
    summarizeMs: Math.round(end - parsedAt),
    rowsPerSecond: Math.round((samples * gpus) / ((end - start) / 1000)),
    heapGrowthMiB: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1048576),
    rssMiB: Math.round(process.memoryUsage().rss / 1048576),
    gpus: summary.gpuCount,
    utilMean: summary.run.utilization?.mean,
  }),
);
