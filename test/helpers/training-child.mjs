/**
 * A training job for watch to wrap, in the watch tests and bench/watch: appends rows of 20 metric columns to a
 * CSV on a schedule, as a trainer's CSV logger does (one write per tick, the last line always whole), then
 * exits with --exit CODE (default 0).
 *
 *   node training-child.mjs FILE --rate ROWS_PER_S --seconds S            steady growth
 *   node training-child.mjs FILE --rate R --nan-after S --times OUT.json   a NaN loss after S seconds; the
 *       time of that write and of the SIGTERM that follows go to OUT.json (one clock: this process's)
 *   node training-child.mjs FILE --rows N --chunk C --every MS            N rows, C at a time (time-compressed run)
 *
 * With --rate: --rows-per-write K writes K rows at a time, every K / RATE seconds (default: a tenth of a
 * second's rows, 10 at 100 rows/s); --rows-per-write 1 writes each row as it is made, one write per step,
 * as a trainer's logger that flushes every row does. --ranks N writes N files instead of one: FILE holds
 * `{rank}`, replaced by 0 … N-1 (`out/metrics_rank_{rank}.csv`), each file getting every row at its step.
 * --stop-file PATH ends the run (with --exit CODE) once PATH exists: a test that looks at the run while it
 * goes stops it when it is done looking, so a slow machine cannot see the run end before it has looked.
 *
 * Plain JavaScript so that the child starts as fast as a shell script would and costs the bench nothing.
 * The header is written only to a new or empty file.
 */
import { closeSync, existsSync, fstatSync, openSync, writeFileSync, writeSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
const args = {};
for (let i = 0; i < rest.length; i += 2) args[rest[i].replace(/^--/, '')] = rest[i + 1];
const num = (name, fallback) => (args[name] === undefined ? fallback : Number(args[name]));

const COLUMNS = [
  'step',
  'lm_loss',
  'MFU',
  'throughput_tokens_per_sec',
  'samples_per_sec',
  'step_time_ms',
  'data_time_ms',
  'forward_time_ms',
  'backward_time_ms',
  'optimizer_time_ms',
  'memory.allocated [MiB]',
  'memory.reserved [MiB]',
  'memory.max_allocated [MiB]',
  'tflops',
  'grad_norm',
  'learning_rate',
  'loss_scale',
  'tokens_seen',
  'epoch',
  'val_loss',
];

/** A small deterministic generator (same sequence every run): bench inputs are reproducible. */
class Noise {
  constructor(seed) {
    this.a = seed >>> 0;
  }
  next() {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  }
}

const noise = new Noise(7);

/** One healthy row at `step`: a loss falling with per-batch noise, steady windows with jitter. */
function row(step, loss = null) {
  const n = () => noise.next();
  const lm = loss ?? 2 + 8 / Math.sqrt(step + 1) + 0.15 * n();
  return [
    step,
    lm.toFixed(5),
    (0.45 + 0.01 * n()).toFixed(4),
    (152000 + 2000 * n()).toFixed(1),
    (74.2 + n()).toFixed(2),
    (420 + 8 * n()).toFixed(2),
    (12 + n()).toFixed(2),
    (130 + 3 * n()).toFixed(2),
    (260 + 5 * n()).toFixed(2),
    (18 + n()).toFixed(2),
    (61234 + 40 * n()).toFixed(0),
    (70000 + 10 * n()).toFixed(0),
    (65000 + 20 * n()).toFixed(0),
    (178 + 3 * n()).toFixed(2),
    (1.1 + 0.2 * n()).toFixed(4),
    (3e-4).toExponential(3),
    65536,
    step * 2048,
    Math.floor(step / 10000),
    step % 500 === 0 ? (2.3 + 0.05 * n()).toFixed(4) : '',
  ].join(',');
}

const ranks = args.ranks === undefined ? null : num('ranks', 1);
if (ranks !== null && !file.includes('{rank}')) throw new Error('--ranks needs FILE with {rank} in it');
const files = ranks === null ? [file] : Array.from({ length: ranks }, (_, r) => file.replaceAll('{rank}', String(r)));
const fds = files.map((f) => openSync(f, 'a'));
for (const fd of fds) if (fstatSync(fd).size === 0) writeSync(fd, `${COLUMNS.join(',')}\n`);
const state = { step: 0 };

/** `count` rows from the current step, one write (unbuffered: at once in the file) per file. */
function append(count, loss = null) {
  for (const fd of fds) {
    let text = '';
    for (let i = 0; i < count; i++) text += `${row(state.step + i, loss)}\n`;
    writeSync(fd, text);
  }
  state.step += count;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

if (args.rows !== undefined) {
  const total = num('rows', 0);
  const chunk = num('chunk', 1000);
  while (state.step < total) {
    append(Math.min(chunk, total - state.step));
    await sleep(num('every', 100));
  }
} else {
  const rate = num('rate', 100);
  const perTick = num('rows-per-write', Math.max(1, Math.round((rate * 100) / 1000)));
  const tickMs = (1000 * perTick) / rate;
  const nanAfter = num('nan-after', Number.POSITIVE_INFINITY);
  const until = now() + num('seconds', 3600) * 1000;
  const times = { nanAt: null, termAt: null };
  if (args.times) {
    process.on('SIGTERM', () => {
      times.termAt = now();
      writeFileSync(args.times, JSON.stringify(times));
      process.exit(143);
    });
  }
  const stopFile = args['stop-file'];
  const started = now();
  // Ticks keep to the wall clock (a late tick does not shift the next), so the rate is what was asked.
  for (let tick = 1; now() < until && !(stopFile && existsSync(stopFile)); tick++) {
    if (times.nanAt === null && now() - started >= nanAfter * 1000) {
      append(1, Number.NaN);
      times.nanAt = now();
    } else append(perTick);
    await sleep(Math.max(0, started + tick * tickMs - now()));
  }
}
for (const fd of fds) closeSync(fd);
process.exitCode = num('exit', 0);
