/**
 * What OpenTelemetry costs `emit`: the bundled CLI on the demo run, without an endpoint, with traces to a
 * local stand-in collector, and with traces and metrics; rounds alternate so a busy machine slows each
 * case alike. Prints the median and the spread of the wall time and the CPU time (user + system, the
 * child's own) of each, and the bytes of the bundle's chunks that hold OpenTelemetry's code.
 * Usage: npm run bundle && npx tsx bench/otlp/bench.ts [--rounds 9]
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' } } });
const rounds = Number(values.rounds);
const cli = resolve('dist/cli.js');
const args = ['emit', '--csv', 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv', '--quiet', '--statsd-protocol', 'udp'];

const receiver = spawn(process.execPath, [resolve('bench/otlp/receiver.mjs')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<string>((done) => receiver.stdout.once('data', (d) => done(String(d).trim())));
const endpoint = `http://127.0.0.1:${port}`;

const cases: [string, NodeJS.ProcessEnv][] = [
  ['no endpoint', {}],
  ['traces', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }],
  ['traces + metrics', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_METRICS_EXPORTER: 'otlp' }],
];

/** One run: wall ms, and CPU ms from the child's own report on exit. */
function once(env: NodeJS.ProcessEnv): Promise<{ wall: number; cpu: number }> {
  const report =
    "process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write(`CPU ${(u.userCPUTime+u.systemCPUTime)/1000}\\n`)})";
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(report)}`, cli, ...args],
    {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stdout.resume();
  child.stderr.on('data', (d) => (err += d));
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      const wall = performance.now() - t0;
      if (code !== 0) return fail(new Error(`exit ${code}: ${err}`));
      done({ wall, cpu: Number(/CPU ([\d.]+)/.exec(err)?.[1]) });
    }),
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const times = new Map<string, { wall: number[]; cpu: number[] }>(cases.map(([n]) => [n, { wall: [], cpu: [] }]));
await once({}); // warm the file cache
for (let r = 0; r < rounds; r++)
  for (const [name, env] of cases) {
    const t = await once(env);
    times.get(name)!.wall.push(t.wall);
    times.get(name)!.cpu.push(t.cpu);
  }
receiver.kill();

/** A chunk and every chunk it imports statically (what loading it loads). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join('dist', file), 'utf8');
  for (const m of text.matchAll(/(?:from|import)\s*['"]\.\/((?:chunks\/)?[^'"]+\.js)['"]/g)) {
    const target = file.startsWith('chunks/') && !m[1]!.startsWith('chunks/') ? `chunks/${m[1]}` : m[1]!;
    closure(target, seen);
  }
  return seen;
}
// What the OTLP stage and watch's live trace load beyond what every start of the CLI loads.
const startup = closure('cli.js');
const otlp = new Set<string>();
for (const f of readdirSync('dist/chunks').filter((f) => /^(otlp|send-metrics|live-trace)-/.test(f)))
  for (const c of closure(`chunks/${f}`)) if (!startup.has(c)) otlp.add(c);
const sdkChunks = [...otlp].map((c) => c.replace(/^chunks\//, ''));
const bytes = (files: string[]) => files.reduce((n, f) => n + statSync(join('dist/chunks', f)).size, 0);
console.log(`emit of the demo run (600 steps, 11 columns), ${rounds} rounds, medians (min–max)`);
for (const [name] of cases) {
  const { wall, cpu } = times.get(name)!;
  const range = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
  console.log(
    `  ${name.padEnd(18)} wall ${Math.round(median(wall))} ms (${range(wall)})  CPU ${Math.round(median(cpu))} ms (${range(cpu)})`,
  );
}
console.log(
  `chunks only an OTLP export loads: ${sdkChunks.length}, ${bytes(sdkChunks)} bytes; every start loads ${startup.size} files`,
);
