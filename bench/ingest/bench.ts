/**
 * Ingest throughput: the two ways the CSV reader can read the same realistic 100k × 12 file — the byte
 * scanner (the default: complete unquoted lines read straight from the bytes) and csv-parse on every
 * line — each cold (the first drain in a fresh process, as a CLI run reads it) and warm (the median of 7
 * drains after it in that process).
 *
 *   npm run bench:ingest                     # writes bench/ingest/RESULTS.md
 *   npm run bench:ingest -- --big            # also stream a ~1 GB file in a fresh process, report peak RSS
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCsvTable, type RowParser } from '../../src/ingest/csv/table.js';
import { generateTrainingCsv } from './generate.js';

const PARSERS: [RowParser, string][] = [
  ['byte-scanner', 'byte scanner (default)'],
  ['csv-parse', 'csv-parse on every line'],
];
const ROUNDS = 7;

async function drain(path: string, parser: RowParser): Promise<{ ms: number; cpuMs: number; rows: number }> {
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

/** In a child process: one cold drain and ROUNDS warm ones, printed as JSON. */
async function measureHere(path: string, parser: RowParser): Promise<void> {
  const cold = await drain(path, parser);
  const warm = [];
  for (let round = 0; round < ROUNDS; round++) warm.push(await drain(path, parser));
  if ([cold, ...warm].some((d) => d.rows !== 100_000)) throw new Error(`${parser}: wrong row count`);
  console.log(JSON.stringify({ cold, wallMs: median(warm.map((d) => d.ms)), cpuMs: median(warm.map((d) => d.cpuMs)) }));
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'ingest-bench-'));
  try {
    const path = join(dir, 'metrics_rank_0.csv');
    const bytes = await generateTrainingCsv(path, { steps: 100_000, seed: 1 });
    const mb = bytes / 1e6;
    console.log(`file: 100,000 steps × 12 columns, ${mb.toFixed(1)} MB`);
    const rows: string[] = [
      `| ${mb.toFixed(1)} MB, 100,000 steps × 12 columns (\`generate.ts\`, seed 1) | cold: first drain in a fresh process, wall | warm: median of ${ROUNDS} after it, wall | warm CPU time | MB/s (warm CPU) |`,
      '|---|---|---|---|---|',
    ];
    const results = new Map<RowParser, { cold: { ms: number }; wallMs: number; cpuMs: number }>();
    for (const [parser, label] of PARSERS) {
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', parser, path],
        { encoding: 'utf8' },
      );
      const r = JSON.parse(out.trim().split('\n').pop()!);
      results.set(parser, r);
      console.log(
        `${label}: cold ${r.cold.ms.toFixed(1)} ms, warm ${r.wallMs.toFixed(1)} ms (cpu ${r.cpuMs.toFixed(1)} ms)`,
      );
      rows.push(
        `| ${label} | ${r.cold.ms.toFixed(0)} ms | ${r.wallMs.toFixed(0)} ms | ${r.cpuMs.toFixed(0)} ms | ${(mb / (r.cpuMs / 1000)).toFixed(0)} |`,
      );
    }
    const fast = results.get('byte-scanner')!;
    const slow = results.get('csv-parse')!;
    const summary = `The byte scanner against csv-parse: ${(slow.cold.ms / fast.cold.ms).toFixed(1)}× faster cold, ${(slow.cpuMs / fast.cpuMs).toFixed(1)}× less warm CPU time. Both give bit-identical batches (tests: src/ingest/csv/table.test.ts, test/ingest/fast-path-equivalence.test.ts, the real fixtures).`;
    console.log(summary);

    const load = loadavg()[0]!.toFixed(1);
    let big = '';
    if (process.argv.includes('--big')) {
      const file = join(dir, 'big.csv');
      await generateTrainingCsv(file, { steps: 8_500_000, seed: 2 });
      // A fresh process, so the peak RSS is the reader's alone.
      const script = join(import.meta.dirname, 'stream-rss.ts');
      big = execFileSync(process.execPath, ['--import', 'tsx', script, file], { encoding: 'utf8' }).trim();
      console.log(big);
    }
    writeFileSync(
      'bench/ingest/RESULTS.md',
      `# Ingest benchmark\n\n\`npm run bench:ingest${big ? ' -- --big' : ''}\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${process.platform}, ${cpus().length} cores, load average ${load} at the start; on a shared machine CPU time is the steadier figure).\n\n${rows.join('\n')}\n\n${summary}\n${big ? `\n${big}\n` : ''}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const measuring = process.argv.indexOf('--measure');
if (measuring >= 0) await measureHere(process.argv[measuring + 2]!, process.argv[measuring + 1] as RowParser);
else await main();
