/**
 * Hostile input against valid input of the same size: each file is drained by the default reader in a
 * fresh process, and each hostile file must take at most twice the time of a valid file of the same
 * size and shape (rows, columns, quoting: a quoted file is read by csv-parse either way). The realistic
 * valid file of generate.ts is measured too, for scale.
 *
 *   npm run bench:ingest:hostile               # 50 MB files; writes the "Hostile input" section of RESULTS.md
 *   npm run bench:ingest:hostile -- --mb 10    # smaller files
 *
 * Hostile shapes: long digit runs that end in a letter (the worst case of a backtracking number
 * pattern), just under and far over the cell cap, in a quoted file too (read by csv-parse), and rows
 * of many short cells that are not numbers (each one classified as text).
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCsvTable } from '../../src/ingest/csv/table.js';
import { generateTrainingCsv } from './generate.js';

const ROUNDS = 3;
const RATIO_LIMIT = 2;

/** Rows of plain numbers first, so that the columns are typed numeric and every hostile cell is classified. */
const NUMERIC_ROWS = 1000;

/** Write rows made by `row(i)` after `header` until the file holds `bytes`. */
async function writeRows(path: string, bytes: number, header: string, row: (i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  const fields = header.split(',').length;
  let written = 0;
  out.write(header);
  for (let i = 0; written < bytes; i++) {
    const line = i < NUMERIC_ROWS ? `${i}${',1.5'.repeat(fields - 1)}\n` : row(i);
    written += line.length;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const NEAR_CAP = '7'.repeat(4000);
const FAR_OVER = '7'.repeat(50_000);
/** A number of `n` digits, as valid as a cell can be (the point keeps it finite). */
const digits = (n: number) => `0.${'7'.repeat(n - 2)}`;

/** Each hostile shape, and a valid file of the same shape: the same rows, columns and quoting. */
const HOSTILE: { name: string; header: string; row: (i: number) => string; validRow: (i: number) => string }[] = [
  {
    name: '4,000-digit cells ending in a letter',
    header: 'step,a,b\n',
    row: (i) => `${i},${NEAR_CAP}x,${NEAR_CAP}.${NEAR_CAP}e\n`,
    validRow: (i) => `${i},${digits(4001)},${digits(8002)}\n`,
  },
  {
    name: '50,000-digit cells ending in a letter',
    header: 'step,a\n',
    row: (i) => `${i},${FAR_OVER}x\n`,
    validRow: (i) => `${i},${digits(4096)}${' '.repeat(45_905)}\n`,
  },
  {
    name: 'quoted 4,000-digit cells ending in a letter (csv-parse)',
    header: 'step,a\n',
    row: (i) => `${i},"${NEAR_CAP}x"\n`,
    validRow: (i) => `${i},"${digits(4001)}"\n`,
  },
  {
    name: 'rows of 12 short cells that are not numbers',
    header: 'step,a,b,c,d,e,f,g,h,i,j,k,l\n',
    row: (i) => `${i},1x,2e,3-,0x1F,1.2.3,e5,+,nan5,infx,1_0,12 %,--\n`,
    validRow: (i) => `${i},1.,2e0,3,0.1,1.23,5e0,1,0.5,1.,1.0,12,1e1\n`,
  },
];

async function drain(path: string): Promise<number> {
  const cpu = process.cpuUsage();
  const table = await openCsvTable(path);
  for await (const _ of table.batches);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}

/** Median CPU time of ROUNDS drains of `path`, each in a fresh process. */
function measure(path: string): number {
  const times = Array.from({ length: ROUNDS }, () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--drain', path], {
      encoding: 'utf8',
    });
    return Number(out.trim().split('\n').pop());
  });
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

const RESULTS = 'bench/ingest/RESULTS.md';

/** `text` with its `## Hostile input` section (up to the next `## ` heading) replaced, or added at the end. */
function replaceSection(text: string, section: string): string {
  const start = text.indexOf('## Hostile input');
  if (start < 0) return `${text.trimEnd()}\n\n${section}`;
  const next = text.indexOf('\n## ', start + 1);
  return `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next)}`;
}

async function main(): Promise<void> {
  const load = loadavg()[0]!.toFixed(1);
  const mbAt = process.argv.indexOf('--mb');
  const mb = mbAt >= 0 ? Number(process.argv[mbAt + 1]) : 50;
  const dir = await mkdtemp(join(tmpdir(), 'ingest-hostile-'));
  try {
    const valid = join(dir, 'valid.csv');
    // generate.ts writes about 120 bytes a step.
    await generateTrainingCsv(valid, { steps: Math.round((mb * 1e6) / 120), seed: 3 });
    const validBytes = (await stat(valid)).size;
    const validMs = measure(valid);
    const rows = [
      `| file (${(validBytes / 1e6).toFixed(0)} MB each) | CPU time, median of ${ROUNDS} fresh processes | × the valid file of the same shape | × the realistic valid file |`,
      '|---|---|---|---|',
      `| realistic valid: generate.ts, 12 columns | ${validMs.toFixed(0)} ms | | 1.00 |`,
    ];
    let worst = 0;
    for (const [k, h] of HOSTILE.entries()) {
      const path = join(dir, `hostile-${k}.csv`);
      const same = join(dir, `valid-${k}.csv`);
      await writeRows(path, validBytes, h.header, h.row);
      await writeRows(same, validBytes, h.header, h.validRow);
      const ms = measure(path);
      const sameMs = measure(same);
      worst = Math.max(worst, ms / sameMs);
      rows.push(
        `| valid, same shape as the next row | ${sameMs.toFixed(0)} ms | 1.00 | ${(sameMs / validMs).toFixed(2)} |`,
      );
      rows.push(
        `| hostile: ${h.name} | ${ms.toFixed(0)} ms | ${(ms / sameMs).toFixed(2)} | ${(ms / validMs).toFixed(2)} |`,
      );
      console.log(rows.at(-2));
      console.log(rows.at(-1));
    }
    const verdict = `Worst hostile file: ${worst.toFixed(2)}× the time of the valid file of its shape (limit ${RATIO_LIMIT}×): ${worst <= RATIO_LIMIT ? 'within' : 'OVER'} the limit.`;
    console.log(verdict);
    const command = `npm run bench:ingest:hostile${mbAt >= 0 ? ` -- --mb ${mb}` : ''}`;
    const section = `## Hostile input\n\n\`${command}\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${process.platform}, ${cpus().length} cores, load average ${load} at the start).\n\n${rows.join('\n')}\n\n${verdict}\n`;
    writeFileSync(RESULTS, replaceSection(existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '', section));
    if (worst > RATIO_LIMIT) process.exitCode = 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const draining = process.argv.indexOf('--drain');
if (draining >= 0) console.log(await drain(process.argv[draining + 1]!));
else await main();
