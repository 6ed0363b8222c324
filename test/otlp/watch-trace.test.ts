/**
 * `watch` with an OTLP endpoint, against a loopback server following the OTLP/HTTP protocol definitions
 * (bodies decoded with the official .proto files): the phases are exported while the command still runs,
 * the command gets a TRACEPARENT naming the run's span (and not the OTLP headers), and a NaN stop is a
 * `watch.stop` event with the step and the value on the root, whose status is an error; the job after the
 * command adds its spans to the same trace.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver.js';
import { Scratch, startWatch } from '../watch/watch-harness.js';

let scratch: Scratch;
let receiver: OtlpReceiver;
const saved = process.env.OTEL_EXPORTER_OTLP_HEADERS;
beforeEach(async () => {
  scratch = new Scratch();
  receiver = await startOtlpReceiver();
  process.env.OTEL_EXPORTER_OTLP_HEADERS = 'authorization=Bearer%20env-secret-token';
});
afterEach(async () => {
  if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_HEADERS;
  else process.env.OTEL_EXPORTER_OTLP_HEADERS = saved;
  await receiver.close();
  scratch.remove();
});

/** Polls for what the receiver got; the bound is generous (a busy machine), the loop bounded. */
async function until<T>(what: () => T | undefined, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const found = what();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not received');
}

describe('watch stopped on a NaN, as a trace', () => {
  it('exports the phases live, hands TRACEPARENT on, and ends with the stop and the job in one trace', async () => {
    const csv = scratch.path('m.csv');
    const dump = scratch.path('env.txt');
    const go = scratch.path('go');
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, k) => {
        const s = from + k;
        return `${s},${(2 + 8 / Math.sqrt(s)).toFixed(4)},${s % 10 === 0 ? (3 + 4 / Math.sqrt(s)).toFixed(4) : ''}`;
      }).join('\\n');
    const script = [
      `env > '${dump}'`,
      `printf 'step,loss,eval_loss\\n${rows(1, 5)}\\n' > '${csv}'`,
      'sleep 0.3',
      `printf '${rows(6, 30)}\\n' >> '${csv}'`,
      // The NaN only once the test has seen the warm-up arrive: the export was live.
      `while [ ! -f '${go}' ]; do sleep 0.05; done`,
      `printf '31,nan,\\n' >> '${csv}'`,
      'sleep 60',
    ].join('\n');
    const { out, done } = startWatch(
      {
        csv: [csv],
        experiment: 'nightly',
        'run-id': 'run-7',
        'otlp-endpoint': receiver.url,
        'otlp-headers': 'x-api-key=input-secret-key',
        json: scratch.path('out.json'),
      },
      ['sh', '-c', script],
    );
    const warmup = await until(() => receiver.spans.find((s) => s.name === 'warm-up'));
    expect(receiver.spans.some((s) => s.name === 'training run')).toBe(false);
    expect(existsSync(scratch.path('out.json'))).toBe(false);
    writeFileSync(go, '');
    out.code = await done;
    expect(out.code).toBe(1);
    expect(receiver.problems).toEqual([]);
    expect(receiver.requests.every((r) => r.headers['x-api-key'] === 'input-secret-key')).toBe(true);

    const spans = receiver.spans;
    const root = spans.find((s) => s.name === 'training run')!;
    expect(root.parentSpanId).toBe('');
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    expect(warmup.parentSpanId).toBe(root.spanId);
    expect(root.attributes['training.experiment']).toBe('nightly');
    expect(root.attributes['training.command']).toBe('watch');
    expect(root.status.code).toBe(2);
    expect(root.status.message).toMatch(/^nan at step 31/);
    const stop = root.events.find((e) => e.name === 'watch.stop')!;
    expect(stop.attributes).toMatchObject({
      'training.stop.reason': 'nan',
      'training.step': 31,
      'training.stop.value': 'NaN',
      'training.metric': 'loss',
    });
    expect(stop.timeUnixNano).toBeGreaterThanOrEqual(root.startTimeUnixNano);
    expect(stop.timeUnixNano).toBeLessThanOrEqual(root.endTimeUnixNano);
    const children = (name: string): ReceivedSpan[] =>
      spans.filter((s) => s.parentSpanId === root.spanId && s.name === name);
    const steady = children('steady state')[0]!;
    expect(steady.status.code).toBe(2);
    expect(steady.startTimeUnixNano).toBe(warmup.endTimeUnixNano);
    expect(children('evaluation').length).toBeGreaterThan(0);
    expect(children('evaluation').at(-1)!.attributes['training.eval.eval_loss']).toBeTypeOf('number');
    expect(children('read metrics')).toHaveLength(1);
    expect(children('read metrics')[0]!.startTimeUnixNano).toBeGreaterThanOrEqual(steady.endTimeUnixNano);

    // The command's own spans would join the trace under the run's span; the headers stayed with watch.
    const env = readFileSync(dump, 'utf8');
    expect(env).toContain(`TRACEPARENT=00-${root.traceId}-${root.spanId}-01`);
    expect(env).not.toContain('env-secret-token');
    expect(env).not.toContain('input-secret-key');
    expect(env).not.toContain('OTEL_EXPORTER_OTLP_HEADERS');
    expect(env).toContain(`OTEL_EXPORTER_OTLP_ENDPOINT=${receiver.url}`);
    expect([...out.info, ...out.warnings, ...out.errors].join('\n')).not.toContain('input-secret-key');
  });
});
