/**
 * Bounded names: a 1M-character config key is refused as a tag key (not carried onto every line), a
 * 10k-character column is sent by no sink, a long tag value is cut with a warning, an experiment name beyond
 * the bound is an input error for its run, and no StatsD datagram exceeds max-buffer-size.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_LIMITS } from '../../src/naming.js';
import { DEFAULT_OPTIONS, githubContextFromEnv, type Options } from '../../src/options.js';
import { run } from '../../src/run.js';
import { toDatadogSeries } from '../../src/sinks/datadog/series.js';
import { toPrometheusSamples } from '../../src/sinks/prometheus/samples.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-bounds-'));
const github = githubContextFromEnv({});
const MAX = 1432;

function options(more: Partial<Options>): Options {
  return { ...DEFAULT_OPTIONS, command: 'emit', github, notices: [], ...more };
}
function collect(): {
  io: { info(t: string): void; warn(t: string): void; error(t: string): void };
  warnings: string[];
} {
  const warnings: string[] = [];
  return { io: { info: () => {}, warn: (t) => warnings.push(t), error: (t) => warnings.push(t) }, warnings };
}

let statsd: UdpListener;
beforeAll(async () => {
  statsd = await listenUdp();
});
afterAll(() => statsd.close());

describe('bounded names', () => {
  it('refuses a 1M-character manifest config key as a tag key, quickly, and the other tags still go', async () => {
    const sub = join(dir, 'huge-key');
    mkdirSync(join(sub, 'a'), { recursive: true });
    writeFileSync(join(sub, 'a', 'metrics.csv'), 'step,loss\n1,2.5\n2,2.4\n3,2.3\n');
    const config = { ['k'.repeat(1_000_000)]: 'v', model: 'm1' };
    writeFileSync(join(sub, 'm.jsonl'), `${JSON.stringify({ name: 'a', dir: 'a', config })}\n`);
    const { io, warnings } = collect();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    const result = await run(
      options({
        metadata: join(sub, 'm.jsonl'),
        statsdHost: '127.0.0.1',
        statsdPort: statsd.port,
        statsdProtocol: 'udp',
      }),
      io,
    );
    // Quadratic work on a 1 MB key would take hours; the loose bound keeps a loaded machine from failing it.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    expect(result.exitCode).toBe(0);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^tag refused: k{40}… is 1000000 characters long, more than the 100 a tag key may have$/),
    );
    const lines = await statsd.waitForLines(result.statsd!.lines);
    expect(lines.length).toBe(result.statsd!.lines);
    for (const l of lines) {
      expect(l).toContain('model:m1');
      expect(l).not.toContain('kkkk');
    }
  });

  it('sends a 500-character column on no sink, with a warning, and the other columns as usual', async () => {
    const long = `m${'x'.repeat(500)}`;
    const csv = join(dir, 'long-column.csv');
    writeFileSync(csv, `step,loss,${long}\n1,2.5,1\n2,2.4,2\n3,2.3,3\n`);
    const { io, warnings } = collect();
    const before = statsd.datagrams.length;
    const result = await run(
      options({ csv: [csv], statsdHost: '127.0.0.1', statsdPort: statsd.port, statsdProtocol: 'udp' }),
      io,
    );
    expect(result.exitCode).toBe(0);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^StatsD: metric training_metrics\.mx+… \(518 characters\) not sent/),
    );
    await statsd.waitForLines(result.statsd!.lines);
    const sent = statsd.datagrams.slice(before);
    expect(sent.join('\n')).toContain('training_metrics.loss:');
    expect(sent.join('\n')).not.toContain('xxxx');
    for (const d of sent) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(MAX);

    const prom = toPrometheusSamples(result.summaries, null, { prefix: 'p', tags: {}, allowIdTags: false, github });
    expect(prom.groups[0]!.families.some((f) => f.name.includes('xxxx'))).toBe(false);
    expect(prom.warnings).toContainEqual(
      expect.stringMatching(/^pushgateway: metric p_mx+… \(503 characters\) not sent/),
    );
    const dd = toDatadogSeries(result.summaries, null, { prefix: 'p', tags: {}, github, now: 0 });
    expect(dd.series.some((s) => s.metric.includes('xxxx'))).toBe(false);
    expect(dd.series.some((s) => s.metric === 'p.loss')).toBe(true);
    expect(dd.tooLong).toEqual([expect.stringMatching(/^metric p\.mx+… \(503 characters\) not sent/)]);
  });

  it('refuses a 10k-character column name as an input error naming the file and line (exit 2)', async () => {
    const csv = join(dir, 'huge-column.csv');
    writeFileSync(csv, `step,loss,m${'x'.repeat(10_000)}\n1,2.5,1\n2,2.4,2\n`);
    const { io } = collect();
    const result = await run(options({ csv: [csv], dryRun: true }), io);
    expect(result.exitCode).toBe(2);
    expect(result.errors).toEqual([
      `${csv}:1: column 3's name is 10001 characters long (at most 1000): "m${'x'.repeat(39)}…"`,
    ]);
  });

  it('refuses a StatsD line whose tags alone exceed the datagram, and never sends a datagram over the limit', async () => {
    const csv = join(dir, 'many-tags.csv');
    writeFileSync(csv, 'step,loss\n1,2.5\n2,2.4\n');
    const tags = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`t${i}`, 'v'.repeat(150)]));
    const { io, warnings } = collect();
    const before = statsd.datagrams.length;
    const result = await run(
      options({ csv: [csv], tags, statsdHost: '127.0.0.1', statsdPort: statsd.port, statsdProtocol: 'udp' }),
      io,
    );
    expect(result.exitCode).toBe(0);
    expect(warnings.filter((w) => /exceeds max-buffer-size/.test(w)).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    for (const d of statsd.datagrams.slice(before)) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(MAX);
  });

  it('cuts a long tag value to 200 characters, with a warning', async () => {
    const csv = join(dir, 'long-value.csv');
    writeFileSync(csv, 'step,loss\n1,2.5\n2,2.4\n');
    const { io, warnings } = collect();
    const result = await run(options({ csv: [csv], tags: { note: 'n'.repeat(5000) }, dryRun: true }), io);
    expect(result.statsd!.printed[0]).toContain(`note:${'n'.repeat(NAME_LIMITS.tagValue)}`);
    expect(result.statsd!.printed[0]).not.toContain('n'.repeat(NAME_LIMITS.tagValue + 1));
    expect(warnings).toContain('tag refused: note: the value (5000 characters) was cut to its first 200');
  });

  it('refuses an experiment name over 200 characters as an input error, and the other runs still go', async () => {
    const ok = join(dir, 'ok.csv');
    writeFileSync(ok, 'step,loss\n1,2.5\n2,2.4\n');
    const { io } = collect();
    const result = await run(options({ csv: [ok], experiment: 'e'.repeat(201), dryRun: true }), io);
    expect(result.exitCode).toBe(2);
    expect(result.errors).toEqual([
      `experiment: "${'e'.repeat(40)}…" is 201 characters long; experiment names are at most 200`,
    ]);
    const fine = await run(options({ csv: [ok], experiment: 'e'.repeat(200), dryRun: true }), io);
    expect(fine.exitCode).toBe(0);
  });
});
