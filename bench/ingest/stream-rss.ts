/**
 * Drain one CSV in a fresh process and print its peak RSS: the --big part of bench.ts runs this so that
 * the figure is the reader's alone, not the generator's or earlier rounds'.
 *
 *   npx tsx bench/ingest/stream-rss.ts FILE
 */
import { stat } from 'node:fs/promises';
import { openTable } from '../../src/ingest/index.js';

const file = process.argv[2];
if (!file) throw new Error('usage: stream-rss.ts FILE');
const started = performance.now();
const table = await openTable(file);
let rows = 0;
let peak = process.memoryUsage().rss;
for await (const batch of table.batches) {
  rows += batch.steps.length;
  peak = Math.max(peak, process.memoryUsage().rss);
}
const seconds = (performance.now() - started) / 1000;
const { size } = await stat(file);
peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
console.log(
  `big file  : ${(size / 1e9).toFixed(2)} GB, ${rows} rows in ${seconds.toFixed(1)} s (${(size / 1e6 / seconds).toFixed(0)} MB/s), peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
);
