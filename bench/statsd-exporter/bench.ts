/**
 * `STATSD_EXPORTER=/path/to/statsd_exporter npm run bench:statsd-exporter`: a 50-run manifest batch
 * (test/sinks/fifty-run-manifest.ts) sent by the emit engine into a REAL statsd_exporter (built by hand;
 * no Debian package exists) at its default read buffer, loaded with the mapping `mapping statsd-exporter`
 * makes for those runs, while busy loops keep every core of the machine loaded. Per scenario, rounds
 * alternating: lines sent, lines the exporter counted (its statsd_exporter_lines_total), the kernel's UDP
 * receive-buffer drops over the round (RcvbufErrors), and the send time.
 *
 * Prints a Markdown table and writes it to bench/statsd-exporter/RESULTS.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mappingStatsdExporter } from '../../src/cli/commands/mapping-statsd-exporter.js';
import type { Options } from '../../src/options.js';
import { run } from '../../src/run.js';
import { emitOptions } from '../../test/helpers/emit-options.js';
import { startStatsdExporter } from '../../test/helpers/statsd-exporter-binary.js';
import { fiftyRunManifest } from '../../test/sinks/fifty-run-manifest.js';

const BIN = process.env.STATSD_EXPORTER;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

interface Scenario {
  label: string;
  options: Partial<Options>;
}

const SCENARIOS: Scenario[] = [
  { label: 'the defaults (statsd-protocol auto: TCP here)', options: {} },
  { label: 'UDP at the default pacing', options: { statsdProtocol: 'udp' } },
  { label: 'UDP at 1024 bytes/ms', options: { statsdProtocol: 'udp', statsdMaxBytesPerMs: 1024 } },
];

/** The kernel's count of UDP datagrams dropped for a full receive buffer, all sockets. */
function rcvbufErrors(): number {
  const lines = readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('Udp:'));
  const [names, values] = lines.map((l) => l.split(/\s+/));
  return Number(values![names!.indexOf('RcvbufErrors')]);
}

async function round(mappingFile: string, s: Scenario) {
  const exporter = await startStatsdExporter(BIN!, mappingFile);
  const drops = rcvbufErrors();
  const result = await run(
    emitOptions({
      metadata: fiftyRunManifest(),
      statsdHost: '127.0.0.1',
      statsdPort: exporter.statsdPort,
      ...s.options,
    }),
    quiet,
  );
  const sent = result.statsd!.lines;
  // The exporter has what it will get once its count stops moving (or it has every line).
  const linesTotal = () => exporter.counter('statsd_exporter_lines_total');
  let received = await linesTotal();
  for (let still = 0; received < sent && still < 10; ) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await linesTotal();
    still = now === received ? still + 1 : 0;
    received = now;
  }
  await exporter.stop();
  return {
    protocol: result.statsd!.protocol,
    delivery: result.statsd!.delivery,
    sent,
    received,
    dropped: rcvbufErrors() - drops,
    ms: result.statsd!.sendMs,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  if (!BIN) {
    console.error('set STATSD_EXPORTER to a statsd_exporter binary built from its source (no Debian package exists)');
    process.exit(2);
  }
  const version = await new Promise<string>((resolve) => {
    const c = spawn(BIN, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (out += d));
    c.on('close', () => resolve(out.split('\n')[0]!.trim()));
  });
  // A binary built from a tag without the release's version stamps prints none: say which tag it was.
  const named = process.env.STATSD_EXPORTER_VERSION
    ? `statsd_exporter ${process.env.STATSD_EXPORTER_VERSION}`
    : version;
  const demo = ['gpt3-1.3b-tp1', 'gpt3-7b-tp2', 'llama3-8b-tp4'].map((r) => `fixtures/demo/${r}/metrics_rank_0.csv`);
  const mappingFile = join(mkdtempSync(join(tmpdir(), 'bench-exporter-')), 'mapping.yml');
  writeFileSync(mappingFile, await mappingStatsdExporter(demo.flatMap((f) => ['--csv', f])));
  // A busy loop per core, the whole time: the machine a busy runner is.
  const hogs = cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  await new Promise((r) => setTimeout(r, 2000));
  const loadStart = loadavg()[0]!;
  const results = new Map(SCENARIOS.map((s) => [s, [] as Awaited<ReturnType<typeof round>>[]]));
  try {
    for (let r = 0; r < ROUNDS; r++) for (const s of SCENARIOS) results.get(s)!.push(await round(mappingFile, s));
  } finally {
    for (const h of hogs) h.kill();
  }
  const loadEnd = loadavg()[0]!;
  const rows = SCENARIOS.map((s) => {
    const rs = results.get(s)!;
    return `| ${s.label} | ${rs[0]!.protocol} | ${rs.map((x) => x.delivery).join(', ')} | ${rs[0]!.sent} | ${rs.map((x) => x.received).join(', ')} | ${rs.map((x) => x.sent - x.received).join(', ')} | ${rs.map((x) => x.dropped).join(', ')} | ${median(rs.map((x) => x.ms))} (${Math.min(...rs.map((x) => x.ms))}–${Math.max(...rs.map((x) => x.ms))}) |`;
  });
  const text = [
    '# StatsD into a real statsd_exporter',
    '',
    `Measured by \`npm run bench:statsd-exporter\` on ${new Date().toISOString().slice(0, 10)}: ${named}, built by hand; Node ${process.version}, ${process.platform}, ${cpus().length} cores, each kept busy by a busy loop (load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end).`,
    '',
    `A 50-run manifest batch (copies of the three demo runs) into a fresh exporter per round, at its default read buffer, with the generated mapping. ${ROUNDS} rounds, scenarios alternating. "Received" is the exporter's own statsd_exporter_lines_total; "kernel drops" the RcvbufErrors counter over the round.`,
    '',
    '| scenario | protocol | delivery reported, per round | lines sent | lines received, per round | lost, per round | kernel drops, per round | send time, ms: median (min–max) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  console.log(text);
  writeFileSync(join(import.meta.dirname, 'RESULTS.md'), text);
}

await main();
