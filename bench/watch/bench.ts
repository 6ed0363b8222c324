/**
 * `npm run bench:watch`: the watch command (the bundled CLI, dist/cli.js: run `npm run bundle` first; or
 * BENCH_WATCH_CLI=path/to/cli.js, a bundle built elsewhere) wrapping a child that writes a 20-column CSV
 * (test/helpers/training-child.mjs). Four figures:
 *   cpu      the watch process's own CPU time (/proc/<pid>/stat) while each file grows 100 rows/s, over
 *            BENCH_WATCH_SECONDS (default 60) after BENCH_WATCH_WARMUP s (default 30), as a share of one
 *            core, one run per mode of BENCH_WATCH_CPU (default 1x10,1x1,8x10,8x1: files × rows per write;
 *            8 files are rank files watched by a glob)
 *   metrics  one GET /metrics after another (BENCH_WATCH_GETS, default 1000) during the first cpu run: p50, p99, max
 *   latency  BENCH_WATCH_TRIALS (default 50) runs whose loss turns NaN after 1–3 s, the child writing
 *            BENCH_WATCH_LATENCY_ROWS_PER_WRITE rows at a time (default 1): from the NaN row written
 *            to the SIGTERM the child gets (both times taken by the child, one clock), and to watch's exit
 *   memory   a 1-hour run at 100 rows/s time-compressed: BENCH_WATCH_ROWS (default 360,000) rows in chunks
 *            of 3,000 every 0.5 s; watch's RSS sampled every second against the step it has read
 * BENCH_WATCH_PARTS=cpu,latency,memory picks parts (metrics goes with cpu). Prints Markdown and writes
 * bench/watch/RESULTS.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freePort } from '../../test/helpers/prometheus-servers.js';
import { CLI, quantile, sampleSum, sampleValue, until, WatchProcess } from './watch-process.js';

const SECONDS = Number(process.env.BENCH_WATCH_SECONDS ?? 60);
const GETS = Number(process.env.BENCH_WATCH_GETS ?? 1000);
const TRIALS = Number(process.env.BENCH_WATCH_TRIALS ?? 50);
const ROWS = Number(process.env.BENCH_WATCH_ROWS ?? 360_000);
const PARTS = (process.env.BENCH_WATCH_PARTS ?? 'cpu,latency,memory').split(',');
// Long enough for start-up work (module compilation, the memory reducer's GCs after start) to be over.
const WARMUP = Number(process.env.BENCH_WATCH_WARMUP ?? 30);
const STEP = 'training_metrics_watch_step';
// The CPU part's runs: FILES×ROWS_PER_WRITE (1x10: one file written 10 rows at a time; 8x1: 8 rank files,
// one row per write each).
const CPU_MODES = parseModes(process.env.BENCH_WATCH_CPU ?? '1x10,1x1,8x10,8x1');
// The rows per write of the latency trials' child.
const LATENCY_ROWS_PER_WRITE = Number(process.env.BENCH_WATCH_LATENCY_ROWS_PER_WRITE ?? 1);

if (!existsSync(CLI) || !readFileSync(CLI, 'utf8').includes('watch'))
  throw new Error(`${CLI} has no watch command: run \`npm run bundle\` first (or set BENCH_WATCH_CLI)`);

const dir = mkdtempSync(join(tmpdir(), 'bench-watch-'));
const ms = (x: number) => x.toFixed(x < 10 ? 2 : 0);
const sections: string[] = [];

/** One CPU mode: FILES files (one, or ranks' files watched by a glob) written ROWS_PER_WRITE rows at a time. */
interface CpuMode {
  files: number;
  rowsPerWrite: number;
}

/** `1x10`, `8x1`: files × rows per write. */
function parseModes(text: string): CpuMode[] {
  return text.split(',').map((m) => {
    const [files, rowsPerWrite] = m.split('x').map(Number);
    if (!(files! >= 1 && rowsPerWrite! >= 1)) throw new Error(`BENCH_WATCH_CPU: ${m} is not FILESxROWS_PER_WRITE`);
    return { files: files!, rowsPerWrite: rowsPerWrite! };
  });
}

interface CpuRun extends CpuMode {
  cpu: number;
  wall: number;
  rows: number;
  code: number;
  load: number;
}

/** CPU share of one core while tailing, for each mode; then /metrics response times from the first mode's run. */
async function cpuAndMetrics(): Promise<void> {
  const runs: CpuRun[] = [];
  let scrape: Awaited<ReturnType<typeof pairedGets>> | null = null;
  for (const [i, mode] of CPU_MODES.entries()) {
    const { run, port, result } = await cpuRun(mode, i);
    runs.push(result);
    if (i === 0) scrape = await pairedGets(port, await run.metrics(port));
    run.stop();
    result.code = await run.exited;
  }
  const share = (r: CpuRun) => (100 * r.cpu) / r.wall;
  sections.push(
    [
      '## CPU while tailing: 100 rows/s × 20 columns per file',
      '',
      `Each run: the watch process's CPU over ${SECONDS} s after ${WARMUP} s of warm-up. One file is \`--csv FILE\`; 8 files`,
      "are `metrics_rank_0.csv … metrics_rank_7.csv` in one folder, watched as `--csv 'DIR/metrics_rank_*.csv'`, each",
      'getting every row (800 rows/s in all). Rows read: the steps the step gauges advanced, summed over the files.',
      '',
      '| files | rows per write | watch CPU | duration | share of one core | rows read | load average at the end | target |',
      '|---|---|---|---|---|---|---|---|',
      ...runs.map(
        (r) =>
          `| ${r.files} | ${r.rowsPerWrite} | ${r.cpu.toFixed(2)} s | ${r.wall.toFixed(1)} s | **${share(r).toFixed(2)} %** | ${r.rows} (${(r.rows / r.wall).toFixed(1)} rows/s) | ${r.load.toFixed(1)} | ≤ 1 % |`,
      ),
      '',
      `Watch's exit codes (stopped by SIGTERM after the figures): ${runs.map((r) => r.code).join(', ')}.`,
      '',
    ].join('\n'),
  );
  if (!scrape) return;
  sections.push(
    [
      `## GET /metrics: ${GETS} requests one after another, during the first run above (${scrape.bytes} bytes each)`,
      '',
      'Each request to watch is paired with one to a bare Node HTTP server (another process) answering the same',
      'bytes, so what a loaded machine adds to both shows beside what watch adds.',
      '',
      '| server | p50 | p99 | max | target |',
      '|---|---|---|---|---|',
      `| watch's /metrics | ${ms(quantile(scrape.watch, 0.5))} ms | **${ms(quantile(scrape.watch, 0.99))} ms** | ${ms(scrape.watch.at(-1)!)} ms | ≤ 10 ms |`,
      `| bare server, same bytes | ${ms(quantile(scrape.bare, 0.5))} ms | ${ms(quantile(scrape.bare, 0.99))} ms | ${ms(scrape.bare.at(-1)!)} ms | |`,
      '',
    ].join('\n'),
  );
}

/** One run of a mode, measured; the caller stops it. */
async function cpuRun(mode: CpuMode, i: number) {
  const port = await freePort();
  const folder = join(dir, `cpu-${i}`);
  mkdirSync(folder);
  const ranked = mode.files > 1;
  const csv = join(folder, ranked ? 'metrics_rank_*.csv' : 'steady.csv');
  const run = new WatchProcess({
    csv,
    ...(ranked ? { childFile: join(folder, 'metrics_rank_{rank}.csv') } : {}),
    port,
    child: [
      '--rate',
      '100',
      '--rows-per-write',
      String(mode.rowsPerWrite),
      ...(ranked ? ['--ranks', String(mode.files)] : []),
      '--seconds',
      String(WARMUP + SECONDS + 30),
    ],
  });
  if (!(await until(async () => sampleValue(await run.metrics(port), STEP) > 0, 30_000)))
    throw new Error(`watch never served a step:\n${run.output}`);
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  const cpu0 = run.cpuSeconds();
  const step0 = sampleSum(await run.metrics(port), STEP);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const wall = (performance.now() - t0) / 1000;
  const cpu = run.cpuSeconds() - cpu0;
  const step1 = sampleSum(await run.metrics(port), STEP);
  const result: CpuRun = { ...mode, cpu, wall, rows: step1 - step0, code: Number.NaN, load: loadavg()[0]! };
  console.error(
    `cpu ${mode.files}x${mode.rowsPerWrite}: ${cpu.toFixed(2)} s over ${wall.toFixed(1)} s = ${((100 * cpu) / wall).toFixed(2)} %, ${result.rows} rows, load ${result.load.toFixed(1)}`,
  );
  return { run, port, result };
}

/** GETS requests to watch's /metrics, each followed by one to a bare server answering `body`: sorted times in ms. */
async function pairedGets(port: number, body: string): Promise<{ watch: number[]; bare: number[]; bytes: number }> {
  const barePort = await freePort();
  const bare = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end(process.env.BODY)).listen(${barePort}, '127.0.0.1')`],
    { env: { BODY: body }, stdio: 'ignore' },
  );
  try {
    if (!(await until(async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok, 10_000)))
      throw new Error('the bare server did not start');
    const times = { watch: [] as number[], bare: [] as number[] };
    const get = async (url: string, into: number[]) => {
      const start = performance.now();
      await (await fetch(url)).text();
      into.push(performance.now() - start);
    };
    for (let i = 0; i < GETS; i++) {
      await get(`http://127.0.0.1:${port}/metrics`, times.watch);
      await get(`http://127.0.0.1:${barePort}/`, times.bare);
    }
    times.watch.sort((a, b) => a - b);
    times.bare.sort((a, b) => a - b);
    return { ...times, bytes: body.length };
  } finally {
    bare.kill();
  }
}

/** NaN row written → child stopped, over TRIALS runs. */
async function stopLatency(): Promise<void> {
  const toTerm: number[] = [];
  const toExit: number[] = [];
  const codes = new Map<number, number>();
  for (let i = 0; i < TRIALS; i++) {
    const port = await freePort();
    const csv = join(dir, `nan-${i}.csv`);
    const timesFile = join(dir, `nan-${i}.json`);
    const nanAfter = 1 + (i % 11) * 0.2;
    const run = new WatchProcess({
      csv,
      port,
      flags: ['--abort-on', 'nan'],
      child: [
        '--rate',
        '100',
        '--rows-per-write',
        String(LATENCY_ROWS_PER_WRITE),
        '--nan-after',
        String(nanAfter),
        '--seconds',
        '30',
        '--times',
        timesFile,
      ],
    });
    const code = await run.exited;
    codes.set(code, (codes.get(code) ?? 0) + 1);
    if (!existsSync(timesFile)) throw new Error(`trial ${i}: the child was never sent SIGTERM\n${run.output}`);
    const t = JSON.parse(readFileSync(timesFile, 'utf8')) as { nanAt: number; termAt: number };
    toTerm.push(t.termAt - t.nanAt);
    toExit.push(run.exitedAt! - t.nanAt);
  }
  toTerm.sort((a, b) => a - b);
  toExit.sort((a, b) => a - b);
  const row = (what: string, xs: number[]) =>
    `| ${what} | ${ms(xs[0]!)} | ${ms(quantile(xs, 0.5))} | **${ms(quantile(xs, 0.99))}** | ${ms(xs.at(-1)!)} |`;
  sections.push(
    [
      `## From the NaN row written to the child stopped: ${TRIALS} trials (\`--abort-on nan\`, 100 rows/s, ${LATENCY_ROWS_PER_WRITE} per write, NaN after 1–3 s)`,
      '',
      '| ms | min | p50 | p99 | max |',
      '|---|---|---|---|---|',
      row('NaN row written → SIGTERM received by the child (the child stops there)', toTerm),
      row("NaN row written → watch's own exit (report written)", toExit),
      '',
      `Target: p99 ≤ 2,000 ms. Exit codes of watch: ${[...codes].map(([c, n]) => `${c} × ${n}`).join(', ')}.`,
      '',
    ].join('\n'),
  );
}

/** `f()`, or NaN when it throws (a process gone between two samples). */
function safe(f: () => number): number {
  try {
    return f();
  } catch {
    return Number.NaN;
  }
}

/** RSS against the step read, over a time-compressed 1-hour run. */
async function memoryCurve(): Promise<void> {
  const port = await freePort();
  const csv = join(dir, 'hour.csv');
  const run = new WatchProcess({ csv, port, child: ['--rows', String(ROWS), '--chunk', '3000', '--every', '500'] });
  const samples: { step: number; rss: number }[] = [];
  // Then the normal job on the final file, after the child ended: its peak, apart from the curve.
  let jobPeak = 0;
  while (run.exitedAt === null) {
    const rss = safe(() => run.rssBytes());
    if (samples.at(-1)?.step === ROWS - 1) jobPeak = Math.max(jobPeak, rss || 0);
    else {
      const step = await run
        .metrics(port)
        .then((t) => sampleValue(t, STEP))
        .catch(() => Number.NaN);
      if (Number.isFinite(step)) samples.push({ step, rss });
    }
    await new Promise((r) => setTimeout(r, samples.at(-1)?.step === ROWS - 1 ? 100 : 1000));
  }
  const code = await run.exited;
  // Steps count from 0: step N-1 read is N rows, N / 100 simulated seconds.
  const minutes = (step: number) => (step + 1) / 100 / 60;
  const table = ['| simulated minute | step read | RSS MiB |', '|---|---|---|'];
  for (let m = 0; m <= 60; m += 5) {
    const s = samples.find((x) => minutes(x.step) >= m);
    if (s) table.push(`| ${m} | ${s.step} | ${(s.rss / 2 ** 20).toFixed(1)} |`);
  }
  const late = samples.filter((s) => minutes(s.step) >= 10).map((s) => s.rss);
  if (!late.length) late.push(Number.NaN);
  sections.push(
    [
      `## Memory over a 1-hour run at 100 rows/s, time-compressed (${ROWS} rows × 20 columns in ${samples.length} s)`,
      '',
      ...table,
      '',
      `From simulated minute 10 to the end: RSS ${(Math.min(...late) / 2 ** 20).toFixed(1)}–${(Math.max(...late) / 2 ** 20).toFixed(1)} MiB. Then, the child ended, the normal job on the final ${ROWS}-row file: peak RSS ${(jobPeak / 2 ** 20).toFixed(0)} MiB (sampled every 0.1 s). Watch's exit code: ${code}.`,
      '',
    ].join('\n'),
  );
}

try {
  if (PARTS.includes('cpu')) await cpuAndMetrics();
  if (PARTS.includes('latency')) await stopLatency();
  if (PARTS.includes('memory')) await memoryCurve();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const text = [
  '# Watch benchmark',
  '',
  `Measured by \`npm run bench:watch\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${process.platform}, ${cpus().length} × ${cpu}, load average ${loadavg()[0]!.toFixed(1)} at the end).`,
  `The watched child is test/helpers/training-child.mjs; each watch runs the bundled CLI, ${relative('.', CLI)}.`,
  '',
  ...sections,
].join('\n');
console.log(text);
if (PARTS.length === 3) writeFileSync('bench/watch/RESULTS.md', text);
