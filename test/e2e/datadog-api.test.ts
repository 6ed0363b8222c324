import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendToDatadog, type DatadogSinkOptions, type SinkReport } from '../../src/sinks/datadog/send.js';
import { toDatadogSeries } from '../../src/sinks/datadog/series.js';
import {
  startFakeDatadog,
  MAX_BODY_BYTES,
  MAX_DECOMPRESSED_BYTES,
  type FakeDatadog,
} from '../helpers/datadog-api-server.js';
import { gptGate, gptRun, lossSamples } from '../helpers/datadog-fixtures.js';

const KEY = 'f3b9c1d2e4a5968778695a4b3c2d1e0f';
const TAGS = { workflow_name: 'train', event: 'push', branch_type: 'main' };

let dd: FakeDatadog;
let waits: number[];
let output: string[];
let restoreOutput: () => void;

/** Record everything written to stdout/stderr, so that a test can prove the key was never printed. */
function captureOutput(): () => void {
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const grab = (chunk: unknown): boolean => {
    output.push(String(chunk));
    return true;
  };
  process.stdout.write = grab as typeof process.stdout.write;
  process.stderr.write = grab as typeof process.stderr.write;
  const log = console.log,
    warn = console.warn,
    error = console.error,
    info = console.info;
  console.log =
    console.warn =
    console.error =
    console.info =
      (...a: unknown[]) => void output.push(a.map(String).join(' '));
  return () => {
    process.stdout.write = out;
    process.stderr.write = err;
    Object.assign(console, { log, warn, error, info });
  };
}

function options(extra: Partial<DatadogSinkOptions> = {}): DatadogSinkOptions {
  return {
    url: dd.url,
    apiKey: KEY,
    prefix: 'training_metrics',
    tags: TAGS,
    // Waits are recorded, not slept: what is asserted is the delay chosen, not the clock.
    deps: { sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
    ...extra,
  };
}

function expectNoKey(report: SinkReport): void {
  const everything = JSON.stringify(report) + output.join('');
  expect(everything).not.toContain(KEY);
}

beforeEach(async () => {
  dd = await startFakeDatadog({ apiKey: KEY, echoKeyInErrors: true });
  waits = [];
  output = [];
  restoreOutput = captureOutput();
});
afterEach(async () => {
  restoreOutput();
  await dd.close();
});

describe("Datadog API sink against a loopback server following Datadog's documented API", () => {
  it('is accepted (202) with every series the summaries make, the key in DD-API-KEY, and says points are stamped now', async () => {
    const run = gptRun();
    const report = await sendToDatadog([run], [gptGate(run, false)], options());
    expect(report.warnings).toEqual([]);
    expect(report.ok).toBe(true);
    const expected = toDatadogSeries([run], [gptGate(run, false)], {
      prefix: 'training_metrics',
      tags: TAGS,
      now: Date.now(),
    }).series.length;
    expect(dd.accepted).toHaveLength(expected);
    expect(report.series).toBe(expected);
    expect(dd.requests.map((r) => r.status)).toEqual([202]);
    expect(dd.requests[0]!.headers['dd-api-key']).toBe(KEY);
    expect(report.notes.join('\n')).toMatch(/stamped with the submission time .*1 hour old or 10 minutes ahead/);
    expect(dd.accepted.find((s) => s.metric === 'training_metrics.gate.regression')!.points[0]!.value).toBe(0);
    expectNoKey(report);
  });

  it('without compression, splits a large batch into payloads of at most 512,000 bytes that are all accepted', async () => {
    const runs = Array.from({ length: 4 }, (_, i) => gptRun(`run_${i}`, 'gpt3-15b-8t', lossSamples(1000, 13)));
    const report = await sendToDatadog(runs, null, options({ compress: false }));
    expect(report.ok).toBe(true);
    expect(dd.requests.length).toBeGreaterThan(1);
    for (const r of dd.requests) {
      expect(r.status).toBe(202);
      expect(r.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES);
    }
    expect(dd.accepted.filter((s) => s.metric === 'training_metrics.lm_loss')).toHaveLength(4000);
    expect(report.series).toBe(dd.accepted.length);
  });

  it('by default sends gzip bodies within both limits (512,000 bytes sent, under 5 MiB inflated), in far fewer requests', async () => {
    const runs = Array.from({ length: 30 }, (_, i) => gptRun(`run_${i}`, 'gpt3-15b-8t', lossSamples(1000, 13)));
    const report = await sendToDatadog(runs, [gptGate(runs[0]!, true)], options());
    expect(report.warnings).toEqual([]);
    expect(dd.requests.every((r) => r.status === 202 && r.headers['content-encoding'] === 'gzip')).toBe(true);
    for (const r of dd.requests) {
      expect(r.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES);
      expect(r.decompressedBytes!).toBeLessThan(MAX_DECOMPRESSED_BYTES);
    }
    const inflated = dd.requests.reduce((n, r) => n + r.decompressedBytes!, 0);
    // Plain JSON would need at least inflated / 512,000 requests.
    expect(dd.requests.length).toBeLessThan(inflated / MAX_BODY_BYTES / 3);
    expect(dd.accepted.filter((s) => s.metric === 'training_metrics.lm_loss')).toHaveLength(30_000);
    expect(report.series).toBe(dd.accepted.length);
  });

  it('the server refuses an unsplit body over 512,000 bytes with 413, and the sink warns without retrying', async () => {
    const runs = Array.from({ length: 4 }, (_, i) => gptRun(`run_${i}`, 'gpt3-15b-8t', lossSamples(1000, 13)));
    const report = await sendToDatadog(runs, null, options({ maxPayloadBytes: 5_000_000, compress: false }));
    expect(dd.requests.map((r) => r.status)).toEqual([413]);
    expect(report.ok).toBe(false);
    expect(report.warnings[0]).toMatch(/HTTP 413.*payload too large/i);
  });

  it('waits as a 429 Retry-After asks, then succeeds', async () => {
    dd.script.push({ status: 429, headers: { 'Retry-After': '2' }, body: '{"errors":["Rate limit exceeded"]}' });
    const report = await sendToDatadog([gptRun()], null, options());
    expect(dd.requests.map((r) => r.status)).toEqual([429, 202]);
    expect(waits).toEqual([2000]);
    expect(report.ok).toBe(true);
    expect(report.warnings).toEqual([]);
  });

  it('retries 500s with growing backoff, then gives up with a warning and never throws', async () => {
    for (let i = 0; i < 5; i++) dd.script.push({ status: 500 });
    const report = await sendToDatadog([gptRun()], null, options({ retry: { maxAttempts: 4, baseDelayMs: 100 } }));
    expect(dd.requests.map((r) => r.status)).toEqual([500, 500, 500, 500]);
    expect(waits).toEqual([75, 150, 300]);
    expect(report.ok).toBe(false);
    expect(report.accepted).toBe(0);
    expect(report.warnings[0]).toMatch(/not sent .*HTTP 500.*gave up after 4 attempts/);
    expectNoKey(report);
  });

  it('stops after one payload exhausts its retries instead of repeating the outage for every payload', async () => {
    for (let i = 0; i < 20; i++) dd.script.push({ status: 503 });
    const runs = Array.from({ length: 4 }, (_, i) => gptRun(`run_${i}`, 'gpt3-15b-8t', lossSamples(1000, 13)));
    const report = await sendToDatadog(
      runs,
      null,
      options({ retry: { maxAttempts: 3, baseDelayMs: 10 }, compress: false }),
    );
    expect(dd.requests.map((r) => r.status)).toEqual([503, 503, 503]);
    expect(report.payloads).toBe(1);
    expect(report.warnings[1]).toMatch(/the remaining [1-9]\d* payload\(s\) \(\d+ series\) not sent/);
  });

  it('keeps within the time allowed for sending, waits included', async () => {
    for (let i = 0; i < 5; i++) dd.script.push({ status: 500 });
    let clock = Date.now();
    const report = await sendToDatadog([gptRun()], null, {
      ...options({ retry: { maxAttempts: 5, baseDelayMs: 400, budgetMs: 1000 } }),
      deps: {
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
        now: () => clock,
        random: () => 0.5,
      },
    });
    expect(waits).toEqual([300, 600]);
    expect(dd.requests).toHaveLength(3);
    expect(report.warnings[0]).toMatch(/HTTP 500.*out of the 1 s allowed for sending/);
  });

  it('gives up at once when Retry-After is longer than the longest wait allowed', async () => {
    dd.script.push({ status: 429, headers: { 'Retry-After': '3600' } });
    const report = await sendToDatadog([gptRun()], null, options());
    expect(dd.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(report.warnings[0]).toMatch(/asked to wait 3600 s/);
  });

  it("does not retry a 400 (points outside the accepted time window) and warns with the API's reason", async () => {
    const twoHoursAgo = Date.now() - 2 * 3600 * 1000;
    const report = await sendToDatadog([gptRun()], null, options({ now: twoHoursAgo }));
    expect(dd.requests.map((r) => r.status)).toEqual([400]);
    expect(report.ok).toBe(false);
    expect(report.warnings[0]).toMatch(/HTTP 400: .*outside the accepted window/);
  });

  it('a wrong key gets 403 once, and the key is redacted even where the server echoes it', async () => {
    const wrong = '0123456789abcdef0123456789abcdef';
    const report = await sendToDatadog([gptRun()], null, options({ apiKey: wrong }));
    expect(dd.requests.map((r) => r.status)).toEqual([403]);
    expect(report.warnings[0]).toMatch(/HTTP 403: Forbidden \(key \*\*\*\).*check the API key/);
    expect(JSON.stringify(report) + output.join('')).not.toContain(wrong);
  });

  it('the server answers 403 to a request without DD-API-KEY', async () => {
    const res = await fetch(`${dd.url}/api/v2/series`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"series":[]}',
    });
    expect(res.status).toBe(403);
  });

  it('the server refuses what the documented schema refuses: bad type, empty points, fractional or stale timestamps, unknown fields', async () => {
    const now = Math.floor(Date.now() / 1000);
    const post = (series: unknown[]) =>
      fetch(`${dd.url}/api/v2/series`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'DD-API-KEY': KEY },
        body: JSON.stringify({ series }),
      });
    const ok = { metric: 'a.b', type: 3, points: [{ timestamp: now, value: 1 }], tags: ['k:v'] };
    expect((await post([ok])).status).toBe(202);
    expect((await post([{ ...ok, type: 7 }])).status).toBe(400);
    expect((await post([{ ...ok, points: [] }])).status).toBe(400);
    expect((await post([{ ...ok, points: [{ timestamp: now + 0.5, value: 1 }] }])).status).toBe(400);
    expect((await post([{ ...ok, points: [{ timestamp: now - 3700, value: 1 }] }])).status).toBe(400);
    expect((await post([{ ...ok, points: [{ timestamp: now + 700, value: 1 }] }])).status).toBe(400);
    expect((await post([{ ...ok, tagz: ['k:v'] }])).status).toBe(400);
  });

  it('the server inflates gzip bodies and refuses one that inflates to 5 MiB or more', async () => {
    const { gzipSync } = await import('node:zlib');
    const now = Math.floor(Date.now() / 1000);
    const post = (body: string) =>
      fetch(`${dd.url}/api/v2/series`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'DD-API-KEY': KEY },
        body: gzipSync(body),
      });
    const one = { metric: 'a.b', type: 3, points: [{ timestamp: now, value: 1 }], tags: [`k:${'v'.repeat(150)}`] };
    expect((await post(JSON.stringify({ series: [one] }))).status).toBe(202);
    const huge = JSON.stringify({ series: Array.from({ length: 30_000 }, () => one) });
    expect(Buffer.byteLength(huge)).toBeGreaterThan(MAX_DECOMPRESSED_BYTES);
    expect(gzipSync(huge).length).toBeLessThan(MAX_BODY_BYTES);
    expect((await post(huge)).status).toBe(413);
  });

  it('warns, without throwing, when nothing listens', async () => {
    const url = dd.url;
    await dd.close();
    dd = await startFakeDatadog({ apiKey: KEY });
    const report = await sendToDatadog([gptRun()], null, options({ url, retry: { maxAttempts: 2, baseDelayMs: 10 } }));
    expect(report.ok).toBe(false);
    expect(report.warnings[0]).toMatch(/gave up after 2 attempts/);
    expectNoKey(report);
  });
});
