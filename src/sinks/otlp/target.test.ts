import { describe, expect, it } from 'vitest';
import { type OtlpTarget, otlpSecrets, parseOtlpHeaders, resolveOtlpTarget } from './target.js';

const none = { endpoint: null, protocol: null, headers: null, signals: null };
const resolved = (t: ReturnType<typeof resolveOtlpTarget>): OtlpTarget => {
  if (!t || 'skip' in t) throw new Error(`not resolved: ${JSON.stringify(t)}`);
  return t;
};

describe('where OTLP goes', () => {
  it('nowhere without an endpoint: nothing changes', () => {
    expect(resolveOtlpTarget(none, {})).toBeNull();
    expect(resolveOtlpTarget(none, { OTEL_EXPORTER_OTLP_HEADERS: 'a=b', TRACEPARENT: 'x' })).toBeNull();
  });

  it('OTEL_EXPORTER_OTLP_ENDPOINT is a base: /v1/traces appended; traces only unless metrics are asked for', () => {
    const t = resolved(resolveOtlpTarget(none, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }));
    expect(t.traces).toEqual({ url: 'http://collector:4318/v1/traces', protocol: 'http/protobuf', headers: {} });
    expect(t.metrics).toBeNull();
    expect(t.serviceName).toBe('training-metrics-gate');
    const m = resolved(
      resolveOtlpTarget(none, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_METRICS_EXPORTER: 'otlp' }),
    );
    expect(m.metrics?.url).toBe('http://c:4318/v1/metrics');
  });

  it('a signal’s own endpoint is taken as it is; the parameter wins over both', () => {
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://vendor.example/otlp/traces',
    };
    expect(resolved(resolveOtlpTarget(none, env)).traces?.url).toBe('https://vendor.example/otlp/traces');
    expect(resolved(resolveOtlpTarget({ ...none, endpoint: 'http://mine:4318' }, env)).traces?.url).toBe(
      'http://mine:4318/v1/traces',
    );
  });

  it('headers are percent-decoded, the signal’s own win key by key, and every value is a secret', () => {
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Basic%20abc%3D%3D, x-team = ml ',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=traces',
    };
    const t = resolved(resolveOtlpTarget(none, env));
    expect(t.traces?.headers).toEqual({ authorization: 'Basic abc==', 'x-team': 'traces' });
    expect(otlpSecrets(t)).toEqual(['Basic abc==', 'traces']);
    expect(parseOtlpHeaders('novalue,=x,k=v')).toEqual({ k: 'v' });
  });

  it('http/json where asked; grpc and other schemes are refused with a notice, not sent', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
    expect(resolved(resolveOtlpTarget(none, env)).traces?.protocol).toBe('http/json');
    const grpc = resolveOtlpTarget(none, { ...env, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' });
    expect(grpc).toEqual({ skip: expect.stringContaining('protocol grpc is not spoken here') });
    const ftp = resolveOtlpTarget({ ...none, endpoint: 'ftp://user:pw@c' }, {});
    expect(ftp).toEqual({ skip: expect.stringContaining('ftp://***@c/v1/traces is not an http(s) URL') });
  });

  it('OTEL_TRACES_EXPORTER=none turns traces off; otlp-signals says exactly which', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' };
    expect(resolved(resolveOtlpTarget(none, env)).traces).toBeNull();
    const both = resolved(resolveOtlpTarget({ ...none, signals: 'metrics, traces' }, env));
    expect([both.traces?.url, both.metrics?.url]).toEqual(['http://c:4318/v1/traces', 'http://c:4318/v1/metrics']);
    expect(resolveOtlpTarget({ ...none, signals: 'logs' }, env)).toEqual({ skip: expect.stringContaining('logs') });
  });

  it('the resource, the service name and the caller’s trace from the environment', () => {
    const t = resolved(
      resolveOtlpTarget(none, {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_SERVICE_NAME: 'pretrain',
        OTEL_RESOURCE_ATTRIBUTES: 'k8s.namespace.name=ml,team=a%2Cb',
        TRACEPARENT: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      }),
    );
    expect(t.serviceName).toBe('pretrain');
    expect(t.resource).toEqual({ 'k8s.namespace.name': 'ml', team: 'a,b' });
    expect(t.traceparent).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  });
});
