/**
 * `npm run bench:sketch`: the summary's Sketch (sketches-js' mapping, counts in a Float64Array) against
 * sketches-js' own DDSketch behind the same API (wrapped-ddsketch.ts), on what one 100k-step run gives
 * them: 6 window metrics × 100,000 values (±5 % noise and a warm-up ramp) spread over 32 step windows,
 * then the windows merged into the steady state and 7 quantiles read from each.
 *
 * Each round runs in a fresh process, as the CLI does, so the figure includes the JIT's warm-up; the two
 * alternate round by round, and the median of 7 rounds (BENCH_ROUNDS to change) is reported, in wall and
 * CPU time, with V8's heap at the end.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { Sketch } from '../../src/summarize/sketch.js';
import { mulberry32 } from '../random.js';
import { WrappedDDSketch } from './wrapped-ddsketch.js';

const METRICS = 6;
const STEPS = 100_000;
const WINDOWS = 32;
const LEVELS = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** What both implementations offer, as the summary uses it. */
interface Like {
  acceptMany(values: Float64Array, from: number, to: number): void;
  merge(other: Like): void;
  quantiles(levels: readonly number[]): number[];
}

const IMPLEMENTATIONS: Record<string, { label: string; make: () => Like }> = {
  'sketches-js': {
    label: 'sketches-js DDSketch (its DenseStore; merge keeps negative values)',
    make: () => new WrappedDDSketch() as unknown as Like,
  },
  ours: { label: 'ours (same mapping, counts in a Float64Array)', make: () => new Sketch() as unknown as Like },
};

/** Per metric: a level, ±5 % noise and a warm-up ramp, like MFU, TFLOPs, tokens/s and memory. */
function columns(): Float64Array[] {
  const random = mulberry32(11);
  return Array.from({ length: METRICS }, (_, m) => {
    const level = 10 ** (m - 2);
    return Float64Array.from(
      { length: STEPS },
      (_, i) => level * (0.44 + 0.044 * (random() - 0.5)) * (i < 500 ? 0.5 + i / 1000 : 1),
    );
  });
}

/** The summary's work on the columns; the sum of every quantile read, to check the two agree. */
function workload(data: Float64Array[], make: () => Like): number {
  let check = 0;
  const width = STEPS / WINDOWS;
  for (const values of data) {
    const windows: Like[] = [];
    for (let w = 0; w < WINDOWS; w++) {
      const sketch = make();
      sketch.acceptMany(values, w * width, (w + 1) * width);
      windows.push(sketch);
    }
    const steady = make();
    for (const w of windows) steady.merge(w);
    for (const w of [...windows, steady]) for (const v of w.quantiles(LEVELS)) check += v;
  }
  return check;
}

interface Round {
  ms: number;
  /** CPU time of the process over the workload, all threads: what a machine shared with other jobs disturbs least. */
  cpuMs: number;
  check: number;
  heapMiB: number;
}

/** One round in this process: what a child prints. */
function measureHere(which: string): Round {
  const impl = IMPLEMENTATIONS[which];
  if (!impl) throw new Error(`unknown implementation ${which}`);
  const data = columns();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const check = workload(data, impl.make);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, check, heapMiB: getHeapStatistics().total_heap_size / 2 ** 20 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Alternate fresh processes of each implementation; the Markdown table of medians. */
function compare(): string {
  const self = fileURLToPath(import.meta.url);
  const run = (which: string) =>
    JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', self, which], { encoding: 'utf8' })) as Round;
  const rounds: Record<string, Round[]> = Object.fromEntries(Object.keys(IMPLEMENTATIONS).map((which) => [which, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const which of Object.keys(IMPLEMENTATIONS)) rounds[which]!.push(run(which));
  const theirs = rounds['sketches-js']!;
  const ours = rounds.ours!;
  const same = theirs.every((r) => r.check === ours[0]!.check) && ours.every((r) => r.check === ours[0]!.check);
  const row = (which: string) => {
    const r = rounds[which]!;
    return `| ${IMPLEMENTATIONS[which]!.label} | ${median(r.map((x) => x.ms)).toFixed(1)} | ${median(r.map((x) => x.cpuMs)).toFixed(1)} | ${median(r.map((x) => x.heapMiB)).toFixed(1)} | ${r[0]!.check.toPrecision(12)} |`;
  };
  const ratio = (key: 'ms' | 'cpuMs') => median(theirs.map((x) => x[key])) / median(ours.map((x) => x[key]));
  return [
    `| sketch (${METRICS} × ${STEPS.toLocaleString('en')} values, ${WINDOWS} windows, fresh process) | wall ms (median of ${ROUNDS}) | CPU ms (median) | V8 heap at the end, MiB | quantile checksum |`,
    '|---|---|---|---|---|',
    row('sketches-js'),
    row('ours'),
    '',
    `Ours is ${ratio('ms').toFixed(1)}× faster in wall time, ${ratio('cpuMs').toFixed(1)}× in CPU time; the checksums of all quantiles ${same ? 'match' : 'DIFFER'}.`,
  ].join('\n');
}

const which = process.argv[2];
if (which) console.log(JSON.stringify(measureHere(which)));
else {
  const table = compare();
  console.log(table);
  writeFileSync(
    'bench/sketch/RESULTS.md',
    `# Sketch benchmark\n\nMeasured by \`npm run bench:sketch\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${process.platform}, ${cpus().length} cores).\n\n${table}\n`,
  );
}
