/**
 * Whether and where the OTLP sink sends, from the parameters and OpenTelemetry's own environment
 * variables (https://opentelemetry.io/docs/specs/otel/protocol/exporter/), resolved once by the shells at
 * start-up: this module stays light, the SDK loads only when a run exports.
 *
 * - `OTEL_EXPORTER_OTLP_ENDPOINT` is a base URL: `/v1/traces` and `/v1/metrics` are appended. The signal's
 *   own `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `_METRICS_ENDPOINT` is used as it is. The `otlp-endpoint`
 *   parameter, given, is a base URL and wins over both.
 * - `_PROTOCOL` (and the signal's own): `http/protobuf` (the default) or `http/json`. `grpc` is refused
 *   with a notice: its port (4317) does not speak HTTP, and sending there would only time out.
 * - `_HEADERS` (and the signal's own, which win key by key): `key=value,…`, values percent-decoded as the
 *   W3C Baggage format says. They are secrets (an API key): never printed, never handed to a watched command.
 * - `OTEL_TRACES_EXPORTER` / `OTEL_METRICS_EXPORTER`: `none` turns a signal off, `otlp` on. Traces are on
 *   by default; metrics only where asked (`otlp-signals` or `OTEL_METRICS_EXPORTER=otlp`), since a job that
 *   already sends them over StatsD would count every series twice.
 * - `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`: the resource (service.name wins over the attribute).
 * - `TRACEPARENT` / `TRACESTATE`: a caller's trace (a CI system's) the run's spans join.
 */

export type OtlpProtocol = 'http/protobuf' | 'http/json';
export type OtlpSignal = 'traces' | 'metrics';

export interface OtlpSignalTarget {
  url: string;
  protocol: OtlpProtocol;
  headers: Record<string, string>;
}

export interface OtlpTarget {
  /** The endpoint as given, for messages (no headers in it). */
  endpoint: string;
  traces: OtlpSignalTarget | null;
  metrics: OtlpSignalTarget | null;
  serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES, parsed. */
  resource: Record<string, string>;
  /** The caller's W3C trace context, as given (checked when the trace is made). */
  traceparent: string | null;
  tracestate: string | null;
}

export const DEFAULT_SERVICE_NAME = 'training-metrics-gate';

export interface OtlpGiven {
  endpoint: string | null;
  protocol: string | null;
  headers: string | null;
  signals: string | null;
}

/** Where to send, null when no endpoint is set; `{ skip }` with a notice when one is set but cannot be used. */
export function resolveOtlpTarget(given: OtlpGiven, env: NodeJS.ProcessEnv): OtlpTarget | { skip: string } | null {
  const base = given.endpoint?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || '';
  const own = (signal: 'TRACES' | 'METRICS') =>
    given.endpoint?.trim() ? '' : env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]?.trim() || '';
  if (!base && !own('TRACES') && !own('METRICS')) return null;
  const wanted = signalsWanted(given.signals, env);
  if ('skip' in wanted) return wanted;
  const target = (signal: OtlpSignal): OtlpSignalTarget | { skip: string } | null => {
    if (!wanted.signals.has(signal)) return null;
    const upper = signal === 'traces' ? 'TRACES' : 'METRICS';
    const url = own(upper) || (base ? joinPath(base, `v1/${signal}`) : '');
    if (!url) return null;
    if (!isHttpUrl(url)) return { skip: `OTLP: ${shown(url)} is not an http(s) URL; nothing sent over OTLP` };
    const protocol =
      given.protocol?.trim() || env[`OTEL_EXPORTER_OTLP_${upper}_PROTOCOL`] || env.OTEL_EXPORTER_OTLP_PROTOCOL;
    const p = (protocol?.trim() || 'http/protobuf') as string;
    if (p !== 'http/protobuf' && p !== 'http/json')
      return {
        skip: `OTLP: protocol ${p} is not spoken here (http/protobuf or http/json, to the collector's OTLP/HTTP port, 4318 by default); no ${signal} sent over OTLP`,
      };
    return {
      url,
      protocol: p,
      headers: {
        ...parseOtlpHeaders(given.headers ?? env.OTEL_EXPORTER_OTLP_HEADERS ?? ''),
        ...(given.headers ? {} : parseOtlpHeaders(env[`OTEL_EXPORTER_OTLP_${upper}_HEADERS`] ?? '')),
      },
    };
  };
  const traces = target('traces');
  const metrics = target('metrics');
  for (const t of [traces, metrics]) if (t && 'skip' in t) return t;
  return {
    endpoint: shown(base || own('TRACES') || own('METRICS')),
    traces: traces as OtlpSignalTarget | null,
    metrics: metrics as OtlpSignalTarget | null,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME,
    resource: parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES ?? ''),
    traceparent: env.TRACEPARENT?.trim() || null,
    tracestate: env.TRACESTATE?.trim() || null,
  };
}

/** The signals asked for: the parameter's list, else the OTEL_*_EXPORTER variables, else traces only. */
function signalsWanted(given: string | null, env: NodeJS.ProcessEnv): { signals: Set<OtlpSignal> } | { skip: string } {
  if (given?.trim()) {
    const words = given
      .split(',')
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    const unknown = words.filter((w) => w !== 'traces' && w !== 'metrics');
    if (unknown.length)
      return { skip: `otlp-signals: expected traces, metrics or both, got "${given}"; nothing sent over OTLP` };
    return { signals: new Set(words as OtlpSignal[]) };
  }
  const signals = new Set<OtlpSignal>();
  const exporter = (name: string) => (env[name] ?? '').split(',').map((w) => w.trim().toLowerCase());
  if (!exporter('OTEL_TRACES_EXPORTER').includes('none')) signals.add('traces');
  if (exporter('OTEL_METRICS_EXPORTER').includes('otlp')) signals.add('metrics');
  return { signals };
}

/** `key=value,key2=value2`, keys and values trimmed and percent-decoded (W3C Baggage, as the spec says). */
export function parseOtlpHeaders(text: string): Record<string, string> {
  return parseKeyValues(text);
}

function parseKeyValues(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const part of text.split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const key = decode(part.slice(0, i).trim());
    const value = decode(part.slice(i + 1).trim());
    if (key) out[key] = value;
  }
  return out;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function joinPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** A URL as messages show it: credentials in it (`https://user:key@…`) taken out. */
function shown(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1***@');
}

/** Every header value of a target, for the secret registries. */
export function otlpSecrets(target: OtlpTarget | null): string[] {
  if (!target) return [];
  return [target.traces, target.metrics].flatMap((t) => (t ? Object.values(t.headers) : [])).filter(Boolean);
}
