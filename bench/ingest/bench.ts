/**
 * Ingest throughput: the byte-level fast path against csv-parse on the same realistic 100k × 12 CSV.
 *
 *   npm run bench:ingest                     # 100k steps: a cold run, then 7 rounds, each path
 *   npm run bench:ingest -- --big            # also stream a ~1 GB file in a fresh process, report peak RSS
 *
 * Prints MB/s (median of the rounds) for each path and the ratio.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCsvTable, type CsvTableOptions } from '../../src/ingest/csv/table.js';
import { generateTrainingCsv } from './generate.js';

async function drain(path: string, parser: CsvTableOptions['parser']): Promise<{ ms: number; cpuMs: number; rows: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const table = await openCsvTable(path, { parser });
  let rows = 0;
  for await (const batch of table.batches) rows += batch.steps.length;
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, rows };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'ingest-bench-'));
  try {
    const path = join(dir, 'metrics_rank_0.csv');
    const bytes = await generateTrainingCsv(path, { steps: 100_000, seed: 1 });
    const mb = bytes / 1e6;
    console.log(`file: 100,000 steps × 12 columns, ${mb.toFixed(1)} MB`);
    const wall: Record<string, number[]> = { auto: [], 'csv-parse': [] };
    const cpu: Record<string, number[]> = { auto: [], 'csv-parse': [] };
    // Each path's rounds run back to back (the first one is the cold run of a fresh process), so one
    // path's garbage and compiled code do not land in the other's figures.
    for (const parser of ['auto', 'csv-parse'] as const) {
      for (let round = 0; round < 8; round++) {
        const { ms, cpuMs, rows } = await drain(path, parser);
        if (rows !== 100_000) throw new Error(`${parser}: ${rows} rows`);
        if (round === 0) {
          console.log(`${parser === 'auto' ? 'fast path' : 'csv-parse'} cold run: wall ${ms.toFixed(1)} ms, cpu ${cpuMs.toFixed(1)} ms`);
          continue;
        }
        wall[parser]!.push(ms);
        cpu[parser]!.push(cpuMs);
      }
    }
    // CPU time is reported beside wall time: on a shared machine it is the steadier of the two.
    for (const [label, parser] of [['fast path', 'auto'], ['csv-parse', 'csv-parse']] as const) {
      const w = median(wall[parser]!);
      const c = median(cpu[parser]!);
      console.log(`${label.padEnd(10)}: wall ${w.toFixed(1)} ms (${(mb / (w / 1000)).toFixed(0)} MB/s), cpu ${c.toFixed(1)} ms (${(mb / (c / 1000)).toFixed(0)} MB/s)`);
    }
    console.log(
      `ratio     : wall ${(median(wall['csv-parse']!) / median(wall['auto']!)).toFixed(1)}×, cpu ${(median(cpu['csv-parse']!) / median(cpu['auto']!)).toFixed(1)}×`,
    );

    if (process.argv.includes('--big')) {
      const big = join(dir, 'big.csv');
      await generateTrainingCsv(big, { steps: 8_500_000, seed: 2 });
      // A fresh process, so the peak RSS is the reader's alone.
      const script = join(import.meta.dirname, 'stream-rss.ts');
      execFileSync(process.execPath, ['--import', 'tsx', script, big], { stdio: 'inherit' });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
