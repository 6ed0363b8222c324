/**
 * OpenTelemetry's own OTLP/HTTP exporters for the target's encoding: `http/protobuf` through the
 * `-proto` packages, `http/json` through the `-http` ones. Loaded on demand, only the one a run uses.
 * Each request is given what is left of the sinks' deadline; the exporters retry a refused or failed
 * request themselves within it (429, 502–504, connection errors, with the wait a server asks for).
 */
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { OtlpSignalTarget } from './target.js';

/** The same user agent on both routes, so a collector's logs tell the tool's requests apart. */
const USER_AGENT = 'training-metrics-gate';

function config(target: OtlpSignalTarget, timeoutMillis: number) {
  return {
    url: target.url,
    headers: { ...target.headers },
    timeoutMillis: Math.max(1, Math.round(timeoutMillis)),
    // No socket left open after the last request, so the process ends when the job does.
    keepAlive: false,
    userAgent: USER_AGENT,
  };
}

export async function spanExporter(target: OtlpSignalTarget, timeoutMillis: number): Promise<SpanExporter> {
  if (target.protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter(config(target, timeoutMillis));
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter(config(target, timeoutMillis));
}

export async function metricExporter(target: OtlpSignalTarget, timeoutMillis: number): Promise<PushMetricExporter> {
  if (target.protocol === 'http/json') {
    const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-http');
    return new OTLPMetricExporter(config(target, timeoutMillis));
  }
  const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter(config(target, timeoutMillis));
}

/** An exporter's callback as a promise: ok, or the error in one line; `fallback` once the deadline passes. */
export function exported(
  start: (done: (result: { code: number; error?: Error }) => void) => void,
  deadline: number,
): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => resolve({ ok: false, error: 'no answer before sink-timeout' }),
      Math.max(0, deadline - Date.now()),
    );
    try {
      start((r) => {
        clearTimeout(timer);
        resolve(r.code === 0 ? { ok: true } : { ok: false, error: oneLine(r.error) });
      });
    } catch (e) {
      clearTimeout(timer);
      resolve({ ok: false, error: oneLine(e as Error) });
    }
  });
}

function oneLine(e: Error | undefined): string {
  if (!e) return 'export failed';
  const code = (e as NodeJS.ErrnoException).code;
  const status = (e as { code?: unknown }).code;
  const text = (e.message || String(e)).split('\n')[0]!;
  return typeof status === 'number' ? `HTTP ${status}: ${text}` : code ? `${code}: ${text}` : text;
}
