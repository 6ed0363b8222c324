import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { tableFromColumns } from '../../src/ingest/table-from-columns.js';
import type { RunSummary } from '../../src/model.js';
import { sendStatsd } from '../../src/sinks/statsd/send.js';
import { countSeries, toStatsdMetrics } from '../../src/sinks/statsd/metrics.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';
import hotShots, { type ClientOptions, type StatsD as StatsDClient } from 'hot-shots';

const StatsD = hotShots as unknown as new (options: ClientOptions) => StatsDClient;

async function sampleRun(steps = 5000): Promise<RunSummary> {
  const s = Array.from({ length: steps }, (_, i) => i);
  return summarizeRun(
    {
      name: 'gpt-small',
      experiment: 'gpt-small',
      tags: {},
      fingerprint: {},
      table: tableFromColumns('run.csv', s, {
        'train.lm_loss': s.map((i) => 2 + 8 / Math.sqrt(i + 1)),
        MFU: s.map((i) => 0.42 + 0.01 * Math.sin(i)),
        step_time: s.map((i) => (i < 10 ? 9 : 1.2)),
        lr: s.map(() => 3e-4),
        bias_shift: s.map(() => -0.25),
      }),
    },
    DEFAULT_CONFIG,
  );
}

const TAGS = { experiment: 'gpt-small', workflow_name: 'daily', event: 'schedule', branch_type: 'main' };

describe('StatsD sink over a real UDP socket', () => {
  let udp: UdpListener;
  beforeAll(async () => {
    udp = await listenUdp();
  });
  afterAll(async () => udp.close());
  afterEach(() => {
    udp.datagrams.length = 0;
  });

  it('batches lines into datagrams under maxBufferSize and loses none', async () => {
    const metrics = toStatsdMetrics(await sampleRun(), null, {
      prefix: 'daily_training_metrics',
      flavor: 'plain',
      tags: TAGS,
    });
    const report = await sendStatsd(metrics, {
      host: '127.0.0.1',
      port: udp.port,
      flavor: 'plain',
      maxBufferSize: 1432,
      dryRun: false,
    });
    const lines = await udp.waitForLines(report.lines);
    expect(lines.length).toBe(report.lines);
    expect(udp.datagrams.length).toBe(report.datagrams);
    expect(report.datagrams).toBeLessThan(report.lines / 5);
    for (const d of udp.datagrams) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(1432);
    expect(report.errors).toEqual([]);
  });

  it('writes each kind as documented, with the tag schema and no Datadog extensions', async () => {
    process.env.DD_ENV = 'prod'; // would switch hot-shots' Datadog mode on if left implicit
    try {
      const metrics = toStatsdMetrics(await sampleRun(), null, { prefix: 'p', flavor: 'plain', tags: TAGS });
      const report = await sendStatsd(metrics, {
        host: '127.0.0.1',
        port: udp.port,
        flavor: 'plain',
        maxBufferSize: 1432,
        dryRun: false,
      });
      const lines = await udp.waitForLines(report.lines);
      const schema = '#experiment:gpt-small,workflow_name:daily,event:schedule,branch_type:main';
      expect(lines).toContain(`p.train.lm_loss:10|g|${schema},step:0`);
      // 5000 steps → 25 windows of 200 steps, each sent as 5 quantiles at rate 5/200.
      expect(lines.filter((l) => /^p\.mfu:0\.4\d+\|h\|@0\.025\|#.*,steps:0-199$/.test(l))).toHaveLength(5);
      expect(lines.some((l) => /^p\.step_time:1200\|ms\|@0\.\d+\|#/.test(l))).toBe(true);
      expect(lines.filter((l) => l.startsWith('p.step_time:9000'))).toEqual([]); // warm-up skipped
      expect(lines).toContain(`p.lr:0.0003|g|${schema}`);
      const neg = lines.findIndex((l) => l.startsWith('p.bias_shift:-0.25|g'));
      expect(lines[neg - 1]).toBe(`p.bias_shift:0|g|${schema}`);
      for (const l of lines) {
        expect(l).not.toMatch(/\|c:|\|card:|\|e:/);
        expect(l).not.toContain('env:prod');
      }
    } finally {
      delete process.env.DD_ENV;
    }
  });

  it('sends distributions and DD_ENV as a tag in the datadog flavor', async () => {
    process.env.DD_ENV = 'ci';
    try {
      const metrics = toStatsdMetrics(await sampleRun(500), null, { prefix: 'p', flavor: 'datadog', tags: TAGS });
      const report = await sendStatsd(metrics, {
        host: '127.0.0.1',
        port: udp.port,
        flavor: 'datadog',
        maxBufferSize: 1432,
        dryRun: false,
      });
      const lines = await udp.waitForLines(report.lines);
      expect(lines.some((l) => /^p\.mfu:[\d.]+\|d\|@/.test(l))).toBe(true);
      expect(lines.every((l) => l.includes('env:ci'))).toBe(true);
    } finally {
      delete process.env.DD_ENV;
    }
  });

  it('bounds the volume: a 20× longer run sends about as many lines', async () => {
    const short = toStatsdMetrics(await sampleRun(5_000), null, { prefix: 'p', flavor: 'plain', tags: TAGS });
    const long = toStatsdMetrics(await sampleRun(100_000), null, { prefix: 'p', flavor: 'plain', tags: TAGS });
    expect(long.length).toBeLessThan(short.length * 2);
    expect(countSeries(long)).toBeLessThan(600);
  });

  it('sends a window of a few values as those values, each once at rate 1, over the socket', async () => {
    // Memory logged every 40 steps: windows of 50 steps hold one or two values.
    const steps = [0, 40, 80, 120, 160];
    const memory = [61_000, 61_400, 62_000, 61_800, 63_000];
    const summary = await summarizeRun(
      {
        name: 'sparse',
        experiment: 'sparse',
        tags: {},
        fingerprint: {},
        table: tableFromColumns('run.csv', steps, { 'memory.allocated [MiB]': memory }),
      },
      DEFAULT_CONFIG,
    );
    const metrics = toStatsdMetrics(summary, null, { prefix: 'p', flavor: 'plain', tags: TAGS });
    const report = await sendStatsd(metrics, {
      host: '127.0.0.1',
      port: udp.port,
      flavor: 'plain',
      maxBufferSize: 1432,
      dryRun: false,
    });
    const lines = (await udp.waitForLines(report.lines)).filter((l) => l.startsWith('p.memory.allocated_bytes:'));
    const byWindow = new Map<string, number[]>();
    for (const l of lines) {
      expect(l).toMatch(/^p\.memory\.allocated_bytes:\d+\|h\|#/); // rate 1: no |@
      const window = /steps:(\d+-\d+)/.exec(l)![1]!;
      // Sent in bytes (the plain flavor's base unit): back to MiB to compare with the file.
      byWindow.set(window, [...(byWindow.get(window) ?? []), Number(/:(\d+)\|/.exec(l)![1]) / 2 ** 20]);
    }
    // Every value is sent once, exactly (the smallest and largest of a window are exact; these are integers
    // far apart, so the middle ones are too).
    expect([...byWindow.values()].flat().sort()).toEqual([...memory].sort());
    expect(byWindow.get('0-49')!.sort()).toEqual([61_000, 61_400]);
    expect(byWindow.get('50-99')).toEqual([62_000]);
    // The run ends at step 160: the last window (150–160, 11 of 50 steps) joins its neighbour, and its
    // label ends at the last step.
    expect(byWindow.get('100-160')!.sort()).toEqual([61_800, 63_000]);
    expect(byWindow.has('150-199')).toBe(false);
  });

  it("writes tags exactly as hot-shots itself does, sanitised, with and without the datadog flavor's global tags", async () => {
    const tags = { team: 'a|b,c#d@e', note: 'line\nbreak', 'odd|key': 'v' };
    const metrics = [{ name: 'p.m', value: -1.5, type: 'g' as const, sampleRate: 1, tags }];
    for (const flavor of ['plain', 'datadog'] as const) {
      const env = { ...process.env };
      process.env.DD_ENV = 'prod';
      try {
        const ours = await sendStatsd(metrics, {
          host: '127.0.0.1',
          port: udp.port,
          flavor,
          maxBufferSize: 1432,
          dryRun: true,
        });
        // The reference: hot-shots' own client formatting the same lines from the same tag list.
        const reference = new StatsD({
          mock: true,
          datadog: flavor === 'datadog',
          includeDataDogTags: flavor === 'datadog',
          originDetection: false,
          includeDatadogTelemetry: false,
        });
        const list = Object.entries(tags).map(([k, v]) => `${k}:${v}`);
        const send = (reference as unknown as { send(message: string, tags: string[]): void }).send.bind(reference);
        send('p.m:0|g', list);
        send('p.m:-1.5|g', list);
        expect(ours.printed).toEqual(reference.mockBuffer);
        expect(ours.printed[1]).toContain(flavor === 'datadog' ? '|#env:prod,' : '|#team:');
        await new Promise<void>((r) => reference.close(() => r()));
      } finally {
        process.env = env;
      }
    }
  });

  it('prints instead of sending in a dry run', async () => {
    const metrics = toStatsdMetrics(await sampleRun(200), null, { prefix: 'p', flavor: 'plain', tags: TAGS });
    const report = await sendStatsd(metrics, {
      host: '127.0.0.1',
      port: udp.port,
      flavor: 'plain',
      maxBufferSize: 1432,
      dryRun: true,
    });
    expect(report.printed.length).toBe(report.lines);
    expect(report.datagrams).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(udp.datagrams).toEqual([]);
  });

  it('resolves with its count when nothing listens, and reports a host it cannot resolve instead of throwing', async () => {
    const closed = await listenUdp();
    const port = closed.port;
    await closed.close();
    const metrics = toStatsdMetrics(await sampleRun(200), null, { prefix: 'p', flavor: 'plain', tags: TAGS });
    const report = await sendStatsd(metrics, {
      host: '127.0.0.1',
      port,
      flavor: 'plain',
      maxBufferSize: 512,
      dryRun: false,
    });
    expect(report.lines).toBe(metrics.length + metrics.filter((m) => m.type === 'g' && m.value < 0).length);
    expect(report.datagrams).toBeGreaterThan(0);
    const unknown = await sendStatsd(metrics, {
      host: 'no-such-host.invalid',
      port,
      flavor: 'plain',
      maxBufferSize: 512,
      dryRun: false,
    });
    expect(unknown.lines).toBe(0);
    expect(unknown.errors.join()).toContain('cannot resolve no-such-host.invalid');
  });
});

describe('StatsD sink into the Etsy statsd daemon (second real consumer)', () => {
  let daemon: ChildProcess;
  let out: string;
  let port: number;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'etsy-'));
    out = join(dir, 'flush.jsonl');
    const probe = await listenUdp();
    port = probe.port;
    await probe.close();
    const conf = join(dir, 'config.js');
    writeFileSync(
      conf,
      JSON.stringify({
        port,
        mgmt_port: 0,
        address: '127.0.0.1',
        flushInterval: 300,
        backends: [resolve('test/helpers/etsy-json-backend.cjs')],
        jsonBackendFile: out,
      }),
    );
    daemon = spawn(process.execPath, [resolve('node_modules/statsd/stats.js'), conf], { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    while (!existsSync(out) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => {
    daemon?.kill();
  });

  it('aggregates our lines: gauges, timers with sample rates, tags as names', async () => {
    const metrics = toStatsdMetrics(await sampleRun(2000), null, { prefix: 'p', flavor: 'plain', tags: TAGS });
    await sendStatsd(metrics, { host: '127.0.0.1', port, flavor: 'plain', maxBufferSize: 1432, dryRun: false });
    let flush:
      | {
          gauges: Record<string, number>;
          timer_data: Record<string, { count: number; median: number }>;
          counters: Record<string, number>;
        }
      | undefined;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const rows = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      flush = rows.find((r) => Object.keys(r.gauges).some((k) => k.startsWith('p.lr')));
      if (flush) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(flush).toBeDefined();
    const tagged = 'experiment=gpt-small;workflow_name=daily;event=schedule;branch_type=main';
    expect(flush!.gauges[`p.lr;${tagged}`]).toBeCloseTo(3e-4);
    expect(flush!.gauges[`p.bias_shift;${tagged}`]).toBeCloseTo(-0.25);
    expect(flush!.counters['statsd.bad_lines_seen']).toBe(0);
    const timer = flush!.timer_data[`p.step_time;${tagged}`]!;
    // Sample rates restore the true count of steady-state steps (2000 steps, windows after warm-up).
    expect(timer.count).toBeGreaterThan(1900);
    expect(timer.count).toBeLessThanOrEqual(2000);
    expect(timer.median).toBeCloseTo(1200, 0);
  });

  it('what each line type becomes: levels exact, windows counters, loss one gauge per sampled step', async () => {
    // Etsy statsd knows c, ms, g and s only, and has no timestamps; this pins down what it makes of the
    // plain flavor (docs/statsd.md, "What each consumer makes of the lines").
    const metrics = toStatsdMetrics(await sampleRun(2000), null, { prefix: 'q', flavor: 'plain', tags: TAGS });
    await sendStatsd(metrics, { host: '127.0.0.1', port, flavor: 'plain', maxBufferSize: 1432, dryRun: false });
    const tagged = 'experiment=gpt-small;workflow_name=daily;event=schedule;branch_type=main';
    const levels = metrics.filter((m) => /\.(steady\.(median|p10|p90)|final)$/.test(m.name));
    expect(levels.length).toBeGreaterThanOrEqual(10);
    // Flushes every 300 ms: the lines may span two, so read them all (gauges: the last value wins).
    const read = () => {
      const merged = {
        gauges: {} as Record<string, number>,
        counters: {} as Record<string, number>,
        timers: {} as Record<string, number[]>,
      };
      for (const line of readFileSync(out, 'utf8').trim().split('\n')) {
        const flush = JSON.parse(line);
        Object.assign(merged.gauges, flush.gauges);
        for (const [k, v] of Object.entries(flush.counters as Record<string, number>))
          merged.counters[k] = (merged.counters[k] ?? 0) + v;
        for (const [k, v] of Object.entries(flush.timers as Record<string, number[]>))
          merged.timers[k] = [...(merged.timers[k] ?? []), ...v];
      }
      return merged;
    };
    let flushed = read();
    const until = Date.now() + 30_000;
    while (!levels.every((m) => `${m.name};${tagged}` in flushed.gauges) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      flushed = read();
    }
    const { gauges, counters, timers } = flushed;
    // A run's level arrives exactly, one gauge per statistic
    // (as printed on the line: 9 significant digits).
    for (const m of levels) expect(Math.abs(gauges[`${m.name};${tagged}`]! / m.value - 1), m.name).toBeLessThan(1e-8);
    // A window's |h lines become one counter per `steps` tag, summing 1/rate × value: no distribution.
    const mfuCounters = Object.keys(counters).filter((k) => k.startsWith(`q.mfu;${tagged};steps=`));
    expect(mfuCounters.length).toBeGreaterThan(1);
    expect(Object.keys(timers).some((k) => k.startsWith('q.mfu;'))).toBe(false);
    // Loss samples become one gauge name per sampled step (the step is a tag, so part of the name).
    const lossSteps = Object.keys(gauges).filter((k) => k.startsWith(`q.train.lm_loss;${tagged};step=`));
    expect(lossSteps.length).toBe(metrics.filter((m) => m.name === 'q.train.lm_loss').length);
    // A timer's raw values are the quantile lines, not the steps: Etsy's `sum` is theirs, its count the steps'.
    const stepTimeLines = metrics.filter((m) => m.name === 'q.step_time');
    expect(timers[`q.step_time;${tagged}`]).toHaveLength(stepTimeLines.length);
  });
});
