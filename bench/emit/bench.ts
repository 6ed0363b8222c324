/**
 * `npm run bench`: the whole emit job, side by side with the peer (a pandas extractor sending one UDP
 * datagram per value, ../shared/peers/ref_extractor.py or PEER=path), on a generated 100k-step ×
 * 12-column CSV. All send to the same real UDP listener on loopback; runs alternate (ours, peer, …) and each
 * speed figure is the median of the per-round ratios, so drift of a shared machine cancels out. Ours runs
 * twice a round: the CLI on this Node, and the action as the runner runs it (dist/index.js, INPUT_*
 * variables, GITHUB_OUTPUT) on Node 24, the runtime action.yml declares — BENCH_NODE24=path, else fetched
 * with `npx node@24`; without one that row is left out.
 * Then a 1 GB CSV (BENCH_BIG_MB to change, 0 to skip) is streamed for peak RSS.
 *
 * Prints a Markdown table and writes it to bench/emit/RESULTS.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runnerEnv } from '../../test/helpers/action.js';
import { generateTrainingCsv } from '../ingest/generate.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const STEPS = Number(process.env.BENCH_STEPS ?? 100_000);
const BIG_MB = Number(process.env.BENCH_BIG_MB ?? 1024);
const PEER = process.env.PEER ?? resolve('../shared/peers/ref_extractor.py');
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

interface Sample {
  seconds: number;
  rssMiB: number | null;
  linesReceived: number;
  datagramsReceived: number;
  stdout: string;
}

const socket = createSocket({ type: 'udp4', recvBufferSize: 32 * 1024 * 1024 });
let lines = 0;
let datagrams = 0;
socket.on('message', (m) => {
  datagrams += 1;
  for (let i = 0; i < m.length; i++) if (m[i] === 10) lines += 1;
  lines += 1;
});
await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
const port = socket.address().port;

/**
 * Both tools run with this environment less NODE_EXTRA_CA_CERTS. A machine that sets it (for a proxy) makes
 * every Node 20 process read that CA bundle before its first line — 28 ms measured here, a fifth of our
 * job — and a runner does not set it; Python does not read it. The action's run gets only what a runner
 * passes (PATH, HOME, INPUT_*, GITHUB_*).
 */
const jobEnv: NodeJS.ProcessEnv = { ...process.env };
delete jobEnv.NODE_EXTRA_CA_CERTS;

/** Run a command to completion; wall time from spawn to exit, peak RSS from /usr/bin/time when present. */
async function measure(cmd: string[], env: NodeJS.ProcessEnv = jobEnv): Promise<Sample> {
  lines = 0;
  datagrams = 0;
  const argv = TIME ? [TIME, '-f', 'MAXRSS_KB=%M', ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  await new Promise((r) => setTimeout(r, 300)); // let the listener drain its socket
  if (code !== 0) throw new Error(`${cmd.join(' ')} exited ${code}: ${stderr.slice(-500)}`);
  const rss = /MAXRSS_KB=(\d+)/.exec(stderr);
  return {
    seconds,
    rssMiB: rss ? Number(rss[1]) / 1024 : null,
    linesReceived: lines,
    datagramsReceived: datagrams,
    stdout,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'tmg-bench-'));
const csv = join(dir, 'metrics_rank_0.csv');
const size = await generateTrainingCsv(csv, { steps: STEPS, seed: 7, sparseValidation: true });
console.log(`generated ${csv}: ${STEPS} steps × 12 columns, ${(size / 1e6).toFixed(1)} MB`);

const ours = (file: string, json: string) => [
  process.execPath,
  'dist/cli.js',
  'emit',
  '--csv',
  file,
  '--statsd-host',
  '127.0.0.1',
  '--statsd-port',
  String(port),
  '--prefix',
  'daily_training_metrics',
  '--tags',
  'experiment:sim,branch_type:main',
  '--json',
  json,
];
const peer = [PYTHON, PEER, csv, '--host', '127.0.0.1', '--port', String(port), '--prefix', 'daily_training_metrics'];

/** A Node 24 binary: BENCH_NODE24, else the one `npx node@24` fetches; null when there is none. */
function node24(): string | null {
  if (process.env.BENCH_NODE24) return process.env.BENCH_NODE24;
  try {
    return (
      execFileSync('npx', ['--yes', 'node@24', '-p', 'process.execPath'], {
        encoding: 'utf8',
        timeout: 120_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || null
    );
  } catch {
    return null;
  }
}
const NODE24 = node24();
if (!NODE24) console.log('no Node 24 (set BENCH_NODE24=path): the action row is left out');

/** The action as the runner starts it (inputs, GITHUB_OUTPUT, RUNNER_TEMP), made once: each run appends its outputs. */
const runnerDir = mkdtempSync(join(tmpdir(), 'tmg-bench-runner-'));
const actionJson = join(dir, 'action.json');
const actionEnv = runnerEnv(
  {
    csv,
    'statsd-host': '127.0.0.1',
    'statsd-port': String(port),
    prefix: 'daily_training_metrics',
    tags: 'experiment:sim,branch_type:main',
    json: actionJson,
  },
  runnerDir,
);
const havePeer = existsSync(PEER);
if (!havePeer) console.log(`peer not found at ${PEER}: set PEER=path to compare`);

const a: Sample[] = [];
const b: Sample[] = [];
const c: Sample[] = [];
const ratios: number[] = [];
const actionRatios: number[] = [];
const oursJson = join(dir, 'ours.json');
for (let round = 0; round <= ROUNDS; round++) {
  const mine = await measure(ours(csv, oursJson));
  const theirs = havePeer ? await measure(peer) : null;
  const action = NODE24 ? await measure([NODE24, 'dist/index.js'], actionEnv) : null;
  if (round === 0) continue; // warm-up: page cache, JIT of the interpreter binaries
  a.push(mine);
  if (action) c.push(action);
  if (theirs) {
    b.push(theirs);
    ratios.push(theirs.seconds / mine.seconds);
    if (action) actionRatios.push(theirs.seconds / action.seconds);
  }
  process.stdout.write(
    `round ${round}: ours ${mine.seconds.toFixed(3)} s${action ? `, action on Node 24 ${action.seconds.toFixed(3)} s` : ''}${theirs ? `, peer ${theirs.seconds.toFixed(3)} s` : ''}\n`,
  );
}
const report = JSON.parse(readFileSync(oursJson, 'utf8'));
const sentLines: number = report.statsd.lines;
const sentDatagrams: number = report.statsd.datagrams;
const peerSent = b.length ? Number(/datagrams=(\d+)/.exec(b[b.length - 1]!.stdout)?.[1]) : NaN;

const rows: string[] = [];
rows.push(
  `| figure (${STEPS.toLocaleString('en')} steps × 12 columns, ${(size / 1e6).toFixed(1)} MB) | training-metrics-gate | peer (pandas, 1 datagram/value) | ratio |`,
);
rows.push('|---|---|---|---|');
const fmt = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
rows.push(
  `| whole job, the CLI on Node ${process.versions.node}, median wall seconds (${ROUNDS} alternating rounds) | ${fmt(median(a.map((s) => s.seconds)))} | ${fmt(median(b.map((s) => s.seconds)))} | **${fmt(median(ratios), 1)}× faster** (median of per-round ratios, min ${fmt(Math.min(...ratios), 1)}×) |`,
);
if (c.length) {
  const version = execFileSync(NODE24!, ['-v'], { encoding: 'utf8' }).trim().slice(1);
  const sent = JSON.parse(readFileSync(actionJson, 'utf8')).statsd;
  rows.push(
    `| whole job, the action (dist/index.js as the runner runs it) on Node ${version}, its runtime in action.yml | ${fmt(median(c.map((s) => s.seconds)))} | ${fmt(median(b.map((s) => s.seconds)))} | **${fmt(median(actionRatios), 1)}× faster** (min ${fmt(Math.min(...actionRatios), 1)}×; ${sent.lines} lines in ${sent.datagrams} datagrams, ${sent.lines - c[c.length - 1]!.linesReceived} lost) |`,
  );
}
rows.push(
  `| datagrams sent | ${sentDatagrams} | ${peerSent} | ${fmt((100 * sentDatagrams) / peerSent, 2)} % of the peer's |`,
);
rows.push(`| StatsD lines sent | ${sentLines} | ${peerSent} | |`);
rows.push(
  `| lines received by the loopback listener (last round) | ${a[a.length - 1]!.linesReceived} (lost ${sentLines - a[a.length - 1]!.linesReceived}) | ${b.length ? b[b.length - 1]!.linesReceived : 'n/a'} (lost ${b.length ? peerSent - b[b.length - 1]!.linesReceived : 'n/a'}) | |`,
);
rows.push(
  `| peak RSS, MiB | ${fmt(median(a.map((s) => s.rssMiB ?? NaN)), 0)} | ${fmt(median(b.map((s) => s.rssMiB ?? NaN)), 0)} | |`,
);

if (BIG_MB > 0) {
  const big = join(dir, 'big.csv');
  const bigSteps = Math.round((STEPS * BIG_MB * 1e6 * 1.048576) / size);
  console.log(`generating ~${BIG_MB} MiB CSV (${bigSteps.toLocaleString('en')} steps)…`);
  const bigSize = await generateTrainingCsv(big, { steps: bigSteps, seed: 8, sparseValidation: true });
  const s = await measure(ours(big, join(dir, 'big.json')));
  const bigReport = JSON.parse(readFileSync(join(dir, 'big.json'), 'utf8'));
  rows.push(
    `| ${(bigSize / 2 ** 30).toFixed(2)} GiB CSV (${bigSteps.toLocaleString('en')} steps): wall seconds / peak RSS MiB / lines sent / lost | ${fmt(s.seconds, 1)} s / ${fmt(s.rssMiB ?? NaN, 0)} MiB / ${bigReport.statsd.lines} / ${bigReport.statsd.lines - s.linesReceived} | | ${fmt(bigSize / 1e6 / s.seconds, 0)} MB/s |`,
  );
  rmSync(big);
}
socket.close();
rmSync(dir, { recursive: true, force: true });
rmSync(runnerDir, { recursive: true, force: true });

const table = rows.join('\n');
console.log(`\n${table}\n`);
const machine = `${process.platform}, ${cpus().length} cores`;
const note =
  'Both tools run with this environment less NODE_EXTRA_CA_CERTS, which this machine sets and a runner does not (with it, every Node 20 start reads a CA bundle first: +28 ms).';
writeFileSync(
  'bench/emit/RESULTS.md',
  `# Emit benchmark\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${machine}). ${note}\n\n${table}\n`,
);
