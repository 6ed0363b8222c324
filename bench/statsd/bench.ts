/**
 * `npm run bench:statsd`: a 50-run manifest batch (copies of the demo runs, test/sinks/fifty-run-manifest.ts)
 * sent by the emit engine over UDP to a reader in its own process with the kernel's default receive buffer.
 * Per scenario (pacing × reader), rounds alternate; each gives lines sent, lines received and the time the
 * StatsD stage took from its first line to its close. Also: how many full datagrams a default receive
 * buffer holds while its reader is stalled, the figure the default pacing is chosen against.
 *
 * Prints a Markdown table and writes it to bench/statsd/RESULTS.md.
 */
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_OPTIONS, githubContextFromEnv } from '../../src/options.js';
import { run } from '../../src/run.js';
import { fiftyRunManifest } from '../../test/sinks/fifty-run-manifest.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const READER = join(import.meta.dirname, '../../test/sinks/slow-udp-reader.mjs');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

interface Scenario {
  label: string;
  bytesPerMs: number;
  /** The reader sleeps `pauseMs` after every `every` datagrams. */
  every: number;
  pauseMs: number;
}

const DEFAULT = DEFAULT_OPTIONS.statsdMaxBytesPerMs;
const SCENARIOS: Scenario[] = [
  { label: 'default pacing, reader at full speed', bytesPerMs: DEFAULT, every: 1e9, pauseMs: 0 },
  { label: 'default pacing, reader pausing 1 ms every 16 datagrams', bytesPerMs: DEFAULT, every: 16, pauseMs: 1 },
  { label: 'default pacing, reader pausing 1 ms every 8 datagrams', bytesPerMs: DEFAULT, every: 8, pauseMs: 1 },
  {
    label: '2/3 of the default, reader pausing 1 ms every 8 datagrams',
    bytesPerMs: Math.round((DEFAULT * 2) / 3),
    every: 8,
    pauseMs: 1,
  },
  { label: 'unpaced, reader at full speed', bytesPerMs: 1e9, every: 1e9, pauseMs: 0 },
  { label: 'unpaced, reader pausing 1 ms every 16 datagrams', bytesPerMs: 1e9, every: 16, pauseMs: 1 },
  { label: 'unpaced, reader pausing 1 ms every 8 datagrams', bytesPerMs: 1e9, every: 8, pauseMs: 1 },
];

/** Full datagrams a default-size receive buffer holds while nothing reads it. */
async function stalledCapacity(): Promise<{ rcvbuf: number; held: number }> {
  const rx = createSocket('udp4');
  await new Promise<void>((r) => rx.bind(0, '127.0.0.1', r));
  const tx = createSocket('udp4');
  const buf = Buffer.alloc(1432, 97);
  let held = 0;
  for (let i = 0; i < 400; i++) tx.send(buf, rx.address().port, '127.0.0.1');
  const until = Date.now() + 300;
  while (Date.now() < until); // the reader is stalled: the event loop is blocked
  rx.on('message', () => held++);
  await new Promise((r) => setTimeout(r, 300));
  const rcvbuf = rx.getRecvBufferSize();
  rx.close();
  tx.close();
  return { rcvbuf, held };
}

async function round(manifest: string, s: Scenario) {
  // recvBufferSize 0: the kernel's default.
  const child = spawn(process.execPath, [READER, '0', String(s.every), String(s.pauseMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const out = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const { port, recvBufferSize } = JSON.parse((await out.next()).value as string);
  const result = await run(
    {
      ...DEFAULT_OPTIONS,
      command: 'emit',
      github: githubContextFromEnv({}),
      notices: [],
      metadata: manifest,
      statsdHost: '127.0.0.1',
      statsdPort: port,
      statsdMaxBytesPerMs: s.bytesPerMs,
    },
    quiet,
  );
  child.stdin!.end();
  const got = JSON.parse((await out.next()).value as string) as { lines: number; datagrams: number; spanMs: number };
  await once(child, 'exit');
  const st = result.statsd!;
  return {
    sent: st.lines,
    received: got.lines,
    datagrams: st.datagrams,
    bytes: st.bytes,
    ms: st.sendMs,
    recvBufferSize,
    // Flooded (unpaced), what the reader took per ms is what it can drain on this machine now.
    drainPerMs: got.datagrams / Math.max(1, got.spanMs),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const manifest = fiftyRunManifest();
  const loadBefore = loadavg()[0]!;
  const capacity = await stalledCapacity();
  const results = new Map<Scenario, Awaited<ReturnType<typeof round>>[]>(SCENARIOS.map((s) => [s, []]));
  for (let r = 0; r < ROUNDS; r++) for (const s of SCENARIOS) results.get(s)!.push(await round(manifest, s));

  const rows = SCENARIOS.map((s) => {
    const rs = results.get(s)!;
    const lost = rs.map((x) => x.sent - x.received);
    return `| ${s.label} | ${s.bytesPerMs >= 1e9 ? '—' : s.bytesPerMs} | ${rs[0]!.sent} | ${rs.map((x) => x.received).join(', ')} | ${lost.join(', ')} | ${median(rs.map((x) => x.ms))} (${Math.min(...rs.map((x) => x.ms))}–${Math.max(...rs.map((x) => x.ms))}) | ${median(rs.map((x) => x.drainPerMs)).toFixed(1)} |`;
  });
  const first = results.get(SCENARIOS[0]!)![0]!;
  const node = process.version;
  const text = [
    '# StatsD burst benchmark',
    '',
    `Measured by \`npm run bench:statsd\` on ${new Date().toISOString().slice(0, 10)} (Node ${node}, ${process.platform}, ${cpus().length} cores, load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end).`,
    '',
    `A 50-run manifest batch (copies of the three demo runs): ${first.sent} StatsD lines, ${first.datagrams} datagrams of at most 1432 bytes, ${first.bytes} bytes, sent by the emit engine over UDP on loopback to a reader in its own process with the default receive buffer (${first.recvBufferSize} bytes). ${ROUNDS} rounds, scenarios alternating.`,
    '',
    `The send time runs from the StatsD stage's first line to its close; paced, it cannot be under bytes ÷ rate (${Math.round(first.bytes / DEFAULT_OPTIONS.statsdMaxBytesPerMs)} ms at the default ${DEFAULT_OPTIONS.statsdMaxBytesPerMs} bytes/ms), and the unpaced rows show what the machine itself took.`,
    '',
    '| scenario | pacing, bytes/ms | lines sent | lines received, per round | lost, per round | send time, ms: median (min–max) | datagrams/ms the reader took: median |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Paced, the reader takes what it is sent (about 4.3 datagrams per ms at the default); flooded, what it took per ms is what it can drain on this machine at that moment.',
    '',
    `A receive buffer of ${capacity.rcvbuf} bytes (the kernel default here) held ${capacity.held} datagrams of 1432 bytes while its reader was stalled: the kernel charges each datagram its whole buffer allocation, about ${Math.round(capacity.rcvbuf / Math.max(1, capacity.held))} bytes, not its payload.`,
    '',
  ].join('\n');
  console.log(text);
  writeFileSync(join(import.meta.dirname, 'RESULTS.md'), text);
}

await main();
