/**
 * Drain one CSV in a fresh process and print its peak RSS: the --big part of bench.ts runs this so that
 * the figure is the reader's alone, not the generator's or earlier rounds'. Exits non-zero when the peak
 * passes PEAK_LIMIT: streaming must not grow with the file.
 *
 *   npx tsx bench/ingest/stream-rss.ts FILE
 */
import { stat } from 'node:fs/promises';
import { openTable } from '../../src/ingest/index.js';

const PEAK_LIMIT = 300 * 2 ** 20;

const file = process.argv[2];
if (!file) throw new Error('usage: stream-rss.ts FILE');
const atRest = process.memoryUsage().rss;
const started = performance.now();
const cpu = process.cpuUsage();
const table = await openTable(file);
let rows = 0;
let peak = process.memoryUsage().rss;
for await (const batch of table.batches) {
  rows += batch.steps.length;
  peak = Math.max(peak, process.memoryUsage().rss);
}
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;
const { size } = await stat(file);
peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
console.log(
  `big file: ${(size / 1e9).toFixed(2)} GB, ${rows} rows in ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU (${(size / 1e6 / cpuSeconds).toFixed(0)} MB/s of CPU time), peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB (${(atRest / 2 ** 20).toFixed(0)} MiB of it the process at rest, before the file is opened)`,
);
if (peak > PEAK_LIMIT) {
  console.error(`peak RSS over ${PEAK_LIMIT / 2 ** 20} MiB`);
  process.exitCode = 1;
}
