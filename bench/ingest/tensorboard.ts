/**
 * TensorBoard event files: this tool's `emit --dry-run` against TensorBoard's own readers and a plain Node
 * loop, on the same files in the same run, each reading in a fresh process, rounds alternating so that a
 * shared machine's drift falls on all alike; the median CPU time (user + system) of the rounds.
 *
 * - this tool: `node dist/cli.js emit --csv FILE --dry-run --quiet` (run `npm run bundle` first);
 * - TensorBoard's Rust data server (`tensorboard-data-server`) loading every point
 *   (`--samples-per-plugin scalars=all --reload once -v`), timed to its "Finished load cycle" log line;
 *   by default it checks a record's CRCs only when the record fails to parse, so it is also run with
 *   `--checksum`, which checks both as this tool does;
 * - EventAccumulator (Python, every point: size_guidance 0), one round: it takes some 20 s a file;
 * - the floor: bench/ingest/tensorboard/plain-decoder.mjs (framing, both CRC32Cs, step, tag and
 *   simple_value by hand, nothing kept);
 * - the same points as a CSV, read by this tool.
 *
 * Files from bench/ingest/tensorboard/make_big.py: 50 and 200 MiB of one event per value (20 tags a
 * step), and 50 MiB of one event per step holding its 20 values.
 *
 *   npm run bench:tensorboard -- [--python VENV/bin/python] [--rounds 3] [--dir /tmp/tb-bench]
 *
 * Needs a Python with tensorboard, tensorboard-data-server, numpy and google-crc32c (bench/ingest/tensorboard/README.md).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { withSection } from '../gate/results-sections.js';
import { collectTable, openTable } from '../../src/ingest/index.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
// A Python with tensorboard, tensorboard-data-server, numpy and google-crc32c (a venv: bench/ingest/tensorboard/README.md).
const PYTHON = args.get('python') ?? 'python3';
const ROUNDS = Number(args.get('rounds') ?? 3);
const DIR = args.get('dir') ?? '/tmp/tb-bench';
const OUT = 'bench/ingest/RESULTS.md';
const MIB = 2 ** 20;

interface Reading {
  cpu: number;
  rssMiB: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

function file(name: string, mb: number, extra: string[] = []): string {
  const path = join(DIR, name);
  if (!existsSync(path)) {
    mkdirSync(DIR, { recursive: true });
    execFileSync(PYTHON, ['bench/ingest/tensorboard/make_big.py', path, String(mb), ...extra], { stdio: 'inherit' });
  }
  return path;
}

/** CPU seconds and peak RSS of a command, from GNU time (its line is the last on stderr; stdout is dropped). */
function gnuTime(cmd: string, argv: string[]): Reading {
  const quoted = [cmd, ...argv].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const line = execFileSync('bash', ['-c', `/usr/bin/time -f '%U %S %M' ${quoted} 2>&1 >/dev/null | tail -1`], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  }).trim();
  const [user, sys, kb] = line.split(' ').map(Number);
  if (!Number.isFinite(user)) throw new Error(`${cmd}: ${line}`);
  return { cpu: user! + sys!, rssMiB: kb! / 1024 };
}

const ours = (path: string) =>
  gnuTime(process.execPath, ['dist/cli.js', 'emit', '--csv', path, '--dry-run', '--quiet']);
const plain = (path: string) => gnuTime(process.execPath, ['bench/ingest/tensorboard/plain-decoder.mjs', path]);
const accumulator = (path: string) => gnuTime(PYTHON, ['bench/ingest/tensorboard/read_accumulator.py', path]);

const SERVER = join(
  dirname(
    execFileSync(PYTHON, ['-c', 'import tensorboard_data_server as s; print(s.__file__)'], { encoding: 'utf8' }).trim(),
  ),
  'bin',
  'server',
);
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The Rust data server on a folder holding the file: CPU and peak RSS when it says it has read everything. */
function rust(path: string, checksum: boolean): Promise<Reading> {
  const logdir = join(DIR, `logdir-${basename(path)}`);
  const run = join(logdir, 'run');
  if (!existsSync(join(run, 'events.out.tfevents.1.bench'))) {
    mkdirSync(run, { recursive: true });
    linkSync(path, join(run, 'events.out.tfevents.1.bench'));
  }
  const flags = ['--logdir', logdir, '--reload', 'once', '--samples-per-plugin', 'scalars=all', '--port', '0', '-v'];
  const child: ChildProcess = spawn(SERVER, checksum ? [...flags, '--checksum'] : flags, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((done, fail) => {
    let log = '';
    child.stderr!.on('data', (d) => {
      log += d;
      if (!log.includes('Finished load cycle')) return;
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / TICK;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      child.kill('SIGKILL');
      done({ cpu, rssMiB: Number(hwm?.[1]) / 1024 });
    });
    child.on('exit', (code) => {
      if (!log.includes('Finished load cycle')) fail(new Error(`data server exited ${code}: ${log.slice(-500)}`));
    });
  });
}

/** The file's points as a CSV (step, then a column per tag), for this tool's CSV reader. */
async function asCsv(path: string): Promise<string> {
  const out = `${path}.csv`;
  if (existsSync(out)) return out;
  const table = await openTable(path);
  const t = await collectTable(table);
  const lines = [['step', ...table.columns].join(',')];
  t.steps.forEach((s, i) => {
    lines.push([s, ...table.columns.map((c) => (Number.isNaN(t.values[c]![i]!) ? '' : t.values[c]![i]))].join(','));
  });
  writeFileSync(out, `${lines.join('\n')}\n`);
  return out;
}

const load0 = loadavg();
const files = [
  { label: '50 MiB, one event per value', path: file('scalars-50mb.tfevents', 50) },
  { label: '200 MiB, one event per value', path: file('scalars-200mb.tfevents', 200) },
  {
    label: '50 MiB, one event per step (20 values in it)',
    path: file('scalars-50mb-one-event.tfevents', 50, ['--one-event']),
  },
];
const csv = await asCsv(files[0]!.path);
const points = (path: string) =>
  (
    JSON.parse(
      execFileSync(process.execPath, ['bench/ingest/tensorboard/plain-decoder.mjs', path], { encoding: 'utf8' }),
    ) as { points: number }
  ).points;

type Row = { file: string; reader: string; cpu: number[]; rss: number[]; mib: number; points: number };
const rows: Row[] = [];
for (const f of files) {
  const mib = statSync(f.path).size / MIB;
  const n = points(f.path);
  const readers: [string, () => Reading | Promise<Reading>][] = [
    ['this tool, `emit --dry-run`', () => ours(f.path)],
    ["TensorBoard's Rust data server, every point", () => rust(f.path, false)],
    ['the Rust data server with `--checksum` (both CRCs, as this tool)', () => rust(f.path, true)],
    ['plain Node decoder (plain-decoder.mjs)', () => plain(f.path)],
  ];
  if (f.path === files[0]!.path) readers.push(['the same points as a CSV, read by this tool', () => ours(csv)]);
  const got = readers.map(([reader]) => ({
    file: f.label,
    reader,
    cpu: [] as number[],
    rss: [] as number[],
    mib,
    points: n,
  }));
  for (let r = 0; r < ROUNDS; r++)
    for (const [i, [, read]] of readers.entries()) {
      const x = await read();
      got[i]!.cpu.push(x.cpu);
      got[i]!.rss.push(x.rssMiB);
    }
  if (!f.label.startsWith('200')) {
    const x = accumulator(f.path);
    got.push({
      file: f.label,
      reader: "TensorBoard's EventAccumulator, every point (one round)",
      cpu: [x.cpu],
      rss: [x.rssMiB],
      mib,
      points: n,
    });
  }
  rows.push(...got);
  process.stderr.write(`${f.label}: done\n`);
}
const load1 = loadavg();

const fmt = (r: Row) => {
  const cpu = median(r.cpu);
  const mine = median(rows.find((x) => x.file === r.file && x.reader.startsWith('this tool'))!.cpu);
  return `| ${r.file} | ${r.reader} | ${cpu.toFixed(2)} | ${(r.mib / cpu).toFixed(0)} | ${(cpu / mine).toFixed(2)} | ${Math.max(...r.rss).toFixed(0)} MiB |`;
};
const ratio = (file: string, reader: string) => {
  const mine = median(rows.find((x) => x.file === file && x.reader.startsWith('this tool'))!.cpu);
  return mine / median(rows.find((x) => x.file === file && x.reader.startsWith(reader))!.cpu);
};
const perMiB = (file: string) => {
  const r = rows.find((x) => x.file === file && x.reader.startsWith('this tool'))!;
  return median(r.cpu) / r.mib;
};
const tb = execFileSync(
  PYTHON,
  ['-c', 'import tensorboard, sys; print("tensorboard", tensorboard.__version__, "on Python", sys.version.split()[0])'],
  {
    encoding: 'utf8',
  },
).trim();
const body = [
  `\`npm run bench:tensorboard\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${tb}, tensorboard-data-server ${execFileSync(SERVER, ['--version'], { encoding: 'utf8' }).trim()}; ${ROUNDS} rounds, alternating; load average ${load0[0]!.toFixed(1)} at the start, ${load1[0]!.toFixed(1)} at the end, on 2 shared cores). CPU time (user + system) of a fresh process, the median of the rounds; the Rust server's until its "Finished load cycle" line. Points: ${rows
    .filter((r, i, all) => all.findIndex((x) => x.file === r.file) === i)
    .map((r) => `${r.file}: ${r.points.toLocaleString('en-US')}`)
    .join('; ')}.`,
  '',
  '| file | reader | CPU s | MiB/s (CPU) | × this tool | peak RSS |',
  '|---|---|---:|---:|---:|---:|',
  ...rows.map(fmt),
  '',
  ...files
    .slice(0, 2)
    .map(
      (f) =>
        `- ${f.label}: this tool takes ${ratio(f.label, "TensorBoard's Rust").toFixed(2)}× the Rust data server's CPU time (${ratio(f.label, 'the Rust data server with').toFixed(2)}× with \`--checksum\`) and ${ratio(f.label, 'plain').toFixed(2)}× the plain Node decoder's.`,
    ),
  `- Linear in size: ${(perMiB(files[1]!.label) * 1000).toFixed(1)} ms of CPU a MiB at 200 MiB against ${(perMiB(files[0]!.label) * 1000).toFixed(1)} at 50 MiB (the fixed cost of a run, some 0.2 s, is spread over more bytes).`,
  '',
].join('\n');
process.stdout.write(`${body}\n`);
await writeFile(OUT, await withSection(OUT, 'TensorBoard event files', body));
