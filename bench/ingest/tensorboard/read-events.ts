/**
 * Reads one TensorBoard event file (or run directory) through openTable and drains its batches, in a
 * process of its own so its peak memory is its own; prints one JSON line: seconds, CPU seconds, rows,
 * columns, points, peak RSS in MiB.
 */
import { openTable } from '../../../src/ingest/index.js';

const started = performance.now();
const cpu = process.cpuUsage();
const table = await openTable(process.argv[2]!);
let rows = 0;
let points = 0;
for await (const batch of table.batches) {
  rows += batch.steps.length;
  for (const column of batch.values) for (const v of column) if (!Number.isNaN(v)) points++;
}
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    cpu_seconds: (used.user + used.system) / 1e6,
    rows,
    columns: table.columns.length,
    points,
    max_rss_mb: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
