#!/usr/bin/env node
// `npm start`: the whole job on the bundled fixtures, nothing external needed. Starts a StatsD listener
// on loopback, runs the built CLI (dist/cli.js) the way a workflow would — emit a perf batch, record a
// baseline history, check today's run against it — and prints what was sent and what the gate said.
import { spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cli = 'dist/cli.js';
const demo = 'fixtures/demo';
const out = mkdtempSync(join(tmpdir(), 'training-metrics-gate-'));

const socket = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
const datagrams = [];
socket.on('message', (m) => datagrams.push(m.toString()));
await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve));
const port = socket.address().port;

function tmg(args) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const rule = (title) => console.log(`\n── ${title} ${'─'.repeat(Math.max(0, 72 - title.length))}`);

rule(`1. emit: a perf batch of 3 runs → StatsD listener on 127.0.0.1:${port}`);
const emitJson = join(out, 'emit.json');
const emit = tmg([
  'emit',
  '--metadata',
  join(demo, 'experiment_metadata.jsonl'),
  '--statsd-port',
  String(port),
  '--prefix',
  'daily_training_metrics',
  '--tags',
  'team:llm-perf',
  '--json',
  emitJson,
]);
process.stderr.write(emit.stderr);
await new Promise((r) => setTimeout(r, 300));
const lines = datagrams.flatMap((d) => d.split('\n')).filter(Boolean);
const report = JSON.parse(readFileSync(emitJson, 'utf8'));
console.log(
  `exit ${emit.code}; ${report.runs.length} runs, ${report.runs.reduce((s, r) => s + r.steps.count, 0)} steps read`,
);
console.log(
  `sent ${report.statsd.lines} lines in ${report.statsd.datagrams} datagrams (${report.statsd.bytes} bytes), ${report.statsd.series} distinct series`,
);
console.log(
  `received ${lines.length} lines in ${datagrams.length} datagrams → ${report.statsd.lines - lines.length} lost`,
);
const byKind = (re) => lines.filter((l) => re.test(l));
console.log('\nA few of the lines received, one per kind:');
for (const [label, re] of [
  ['loss, sampled every 50 steps', /lm_loss:.*\|g\|/],
  ['timer, warm-up skipped', /\|ms\|/],
  ['window histogram', /mfu:.*\|h\|/],
  ['gauge, last value', /consumed_tokens:.*\|g/],
]) {
  const l = byKind(re)[0];
  if (l) console.log(`  ${label.padEnd(30)} ${l}`);
}
socket.close();

if (existsSync(join(demo, 'baseline'))) {
  const history = join(out, 'history.json');
  const experiment = 'gpt3-1.3b-tp1';
  rule(`2. record: ten earlier runs of ${experiment} → ${history}`);
  const baseline = readdirSync(join(demo, 'baseline'))
    .sort()
    .map((f) => join(demo, 'baseline', f));
  const rec = tmg([
    'record',
    '--history',
    history,
    '--experiment',
    experiment,
    ...baseline.flatMap((f) => ['--csv', f]),
  ]);
  process.stdout.write(rec.stdout);
  process.stderr.write(rec.stderr);
  console.log(`exit ${rec.code}`);

  rule(`3. check: today's ${experiment} against its history`);
  const md = join(out, 'report.md');
  const html = join(out, 'report.html');
  const check = tmg([
    'check',
    '--history',
    history,
    '--experiment',
    experiment,
    '--csv',
    join(demo, experiment, 'metrics_rank_0.csv'),
    '--json',
    join(out, 'check.json'),
    '--markdown',
    md,
    '--html',
    html,
  ]);
  process.stdout.write(check.stdout);
  process.stderr.write(check.stderr);
  console.log(`exit ${check.code} (1 = regression found: the demo run carries a 6 % MFU drop)`);
  if (existsSync(join(out, 'check.json'))) {
    const verdicts = JSON.parse(readFileSync(join(out, 'check.json'), 'utf8'));
    const count = (v) => (verdicts.metrics ?? []).filter((m) => m.verdict === v).length;
    console.log(
      `verdicts: ${count('regression')} regression, ${count('pass')} pass, ${count('improvement')} improvement, ${count('insufficient-history')} insufficient history, ${count('missing')} missing`,
    );
  }
  console.log(`\nReports: ${md}${existsSync(html) ? `, ${html}` : ''}`);
}
console.log(`\nEverything written is under ${out}`);
