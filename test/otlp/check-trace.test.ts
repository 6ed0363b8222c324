/**
 * `check` of a regression with an OTLP endpoint: the trace and the metrics that reach a loopback server
 * following the OTLP/HTTP protocol definitions, decoded there with the official .proto files, in both
 * encodings; a TRACEPARENT joined; an unset endpoint sends nothing; an unreachable one warns and keeps
 * the exit code.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHere } from '../helpers/cli-in-process.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver.js';

const baseline = Array.from(
  { length: 10 },
  (_, i) => `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`,
);
const current = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
const dir = mkdtempSync(join(tmpdir(), 'tmg-otlp-check-'));
const history = join(dir, 'H.json');
const CALLER = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

const check = (env: NodeJS.ProcessEnv, extra: string[] = []) =>
  cliHere(['check', '--history', history, '--experiment', 'gpt3-1.3b-tp1', '--csv', current, '--quiet', ...extra], {
    PATH: process.env.PATH,
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_RUN_ID: '777',
    ...env,
  });

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const rec = await cliHere([
    'record',
    '--history',
    history,
    '--experiment',
    'gpt3-1.3b-tp1',
    '--quiet',
    ...baseline.flatMap((f) => ['--csv', f]),
  ]);
  expect(rec.code).toBe(0);
});
afterAll(() => receiver.close());

function tree(spans: ReceivedSpan[]) {
  const root = spans.find((s) => s.name === 'training run')!;
  const children = spans.filter((s) => s.parentSpanId === root.spanId);
  return { root, children, named: (n: string) => children.find((s) => s.name === n)! };
}

describe.each(['http/protobuf', 'http/json'] as const)('check of a regression over %s', (protocol) => {
  it('exports one trace: the run, its phases, the tool’s work, and the verdict on the check span', async () => {
    const before = receiver.spans.length;
    const result = await check({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_SERVICE_NAME: 'nightly-training',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=ci,team=ml%20infra',
      TRACEPARENT: CALLER,
    });
    expect(result.code).toBe(1);
    expect(receiver.problems).toEqual([]);
    const spans = receiver.spans.slice(before);
    const last = receiver.requests.at(-1)!;
    expect(last.contentType).toBe(protocol === 'http/json' ? 'application/json' : 'application/x-protobuf');
    const { root, children, named } = tree(spans);
    // Joined to the caller's trace, under its span.
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set(['4bf92f3577b34da6a3ce929d0e0e4736']));
    expect(root.parentSpanId).toBe('00f067aa0ba902b7');
    expect(root.resource['service.name']).toBe('nightly-training');
    expect(root.resource.team).toBe('ml infra');
    expect(root.resource['deployment.environment.name']).toBe('ci');
    expect(root.attributes['training.experiment']).toBe('gpt3-1.3b-tp1');
    expect(root.attributes['training.run']).toBe('gpt3-1.3b-tp1');
    expect(root.attributes['vcs.ref.head.revision']).toBe('a'.repeat(40));
    expect(root.attributes['cicd.pipeline.run.id']).toBe('777');
    expect(root.attributes['training.verdict']).toBe('regression');
    expect(root.status.code).toBe(2);
    expect(children.map((s) => s.name)).toEqual(
      expect.arrayContaining(['warm-up', 'steady state', 'read metrics', 'check', 'report']),
    );
    for (const s of spans) {
      expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(s.endTimeUnixNano).toBeGreaterThanOrEqual(s.startTimeUnixNano);
      if (s !== root) {
        expect(s.startTimeUnixNano).toBeGreaterThanOrEqual(root.startTimeUnixNano);
        expect(s.endTimeUnixNano).toBeLessThanOrEqual(root.endTimeUnixNano);
      }
    }
    // The warm-up ends where the steady state begins.
    expect(named('warm-up').attributes['training.step.to']).toBe(
      named('steady state').attributes['training.step.from'],
    );
    expect(named('warm-up').endTimeUnixNano).toBe(named('steady state').startTimeUnixNano);
    const gate = named('check');
    expect(gate.status.code).toBe(2);
    expect(gate.status.message).toContain('mfu');
    expect(gate.attributes['training.verdict']).toBe('regression');
    expect(gate.attributes['training.gate.regressed']).toContain('mfu');
    const mfu = gate.events.find((e) => e.name === 'gate.verdict' && e.attributes['training.metric'] === 'mfu')!;
    expect(mfu.attributes['training.verdict']).toBe('regression');
    expect(typeof mfu.attributes['training.change']).toBe('number');
    expect(mfu.attributes['training.baseline.runs']).toBe(10);
    // The tool's stages in the order they ran.
    expect(named('read metrics').endTimeUnixNano).toBeLessThanOrEqual(gate.startTimeUnixNano);
  });
});

describe('metrics over OTLP', () => {
  it('sends the levels, windows and verdicts as gauges and histograms with the run’s attributes', async () => {
    const before = receiver.points.length;
    const result = await check({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, ['--otlp-signals', 'traces,metrics']);
    expect(result.code).toBe(1);
    expect(receiver.problems).toEqual([]);
    const points = receiver.points.slice(before);
    const named = (n: string) => points.filter((p) => p.metric === n);
    const regression = named('training_metrics.gate.regression');
    expect(regression.map((p) => [p.type, p.value])).toEqual([['gauge', 1]]);
    expect(regression[0]!.attributes.experiment).toBe('gpt3-1.3b-tp1');
    const median = named('training_metrics.mfu.steady.median');
    expect(median).toHaveLength(1);
    expect(median[0]!.unit).toBe('1');
    expect(median[0]!.value).toBeGreaterThan(0);
    expect(median[0]!.value).toBeLessThan(1);
    const change = points.find((p) => p.metric === 'training_metrics.gate.change' && p.attributes.metric === 'mfu')!;
    expect(change.attributes.verdict).toBe('regression');
    expect(change.value).toBeLessThan(0);
    const histograms = points.filter((p) => p.type === 'histogram');
    expect(histograms.length).toBeGreaterThan(0);
    for (const h of histograms) {
      expect(h.count).toBe(h.bucketCounts!.reduce((a, b) => a + b, 0));
      expect(h.explicitBounds!.length + 1).toBe(h.bucketCounts!.length);
    }
    // No id-like attribute: the same bounded tag set as the other routes.
    for (const p of points) for (const v of Object.values(p.attributes)) expect(String(v)).not.toBe('777');
  });
});

describe('without an endpoint, and with one that cannot be reached', () => {
  it('an unset endpoint sends nothing and says nothing of OTLP', async () => {
    const before = receiver.requests.length;
    const result = await check({});
    expect(result.code).toBe(1);
    expect(receiver.requests.length).toBe(before);
    expect(result.err + result.out).not.toMatch(/OTLP/);
  });

  it('an unreachable collector is a warning within sink-timeout; the exit code stays the verdict’s', async () => {
    const closed = await startOtlpReceiver();
    const url = closed.url;
    await closed.close();
    const result = await check(
      { OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=s3cr3t-k3y' },
      ['--sink-timeout', '3', '--otlp-signals', 'traces,metrics'],
    );
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/warning: OTLP traces to http:\/\/127\.0\.0\.1:\d+\/v1\/traces: .*the verdict stands/);
    expect(result.err).toMatch(/warning: OTLP metrics to/);
    expect(result.err + result.out).not.toContain('s3cr3t-k3y');
  });
});
