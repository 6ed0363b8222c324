/**
 * Spans made by OpenTelemetry's SDK: a tracer provider with the run's resource, whose ended spans are
 * kept and exported through the OTLP exporter in one request (or, live, as they end: live-trace.ts). A
 * planned span (span-plan.ts) becomes an SDK span with its own start and end times, so a run's phases
 * sit where the run was, not where the export happened.
 */
import {
  type Context,
  defaultTextMapGetter,
  type HrTime,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { type ReadableSpan, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { PlannedSpan } from './span-plan.js';
import type { OtlpTarget } from './target.js';

/** The instrumentation scope every span carries. */
export const SCOPE = 'training-metrics-gate';

/** Milliseconds since the epoch as OpenTelemetry's [seconds, nanoseconds], to the nanosecond. */
export function hrTime(ms: number): HrTime {
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.round((ms - seconds * 1000) * 1e6)];
}

/** Keeps every ended span, for one export at the end or (`ended`) soon after it ends. */
export class KeptSpans implements SpanProcessor {
  readonly spans: ReadableSpan[] = [];
  ended: (() => void) | null = null;
  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    this.spans.push(span);
    this.ended?.();
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
  /** The spans kept since the last call. */
  take(): ReadableSpan[] {
    return this.spans.splice(0, this.spans.length);
  }
}

export interface Tracing {
  tracer: Tracer;
  kept: KeptSpans;
  /** The caller's trace (TRACEPARENT), or the root context; `problem` when TRACEPARENT was not valid. */
  parent: Context;
  problem: string | null;
  shutdown(): Promise<void>;
}

export function startTracing(target: OtlpTarget, version: string): Tracing {
  const kept = new KeptSpans();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      ...target.resource,
      'service.name': target.serviceName,
      'service.version': version,
    }),
    spanProcessors: [kept],
  });
  const { parent, problem } = callerContext(target.traceparent, target.tracestate);
  return {
    tracer: provider.getTracer(SCOPE, version),
    kept,
    parent,
    problem,
    shutdown: () => provider.shutdown(),
  };
}

/** TRACEPARENT and TRACESTATE as W3C Trace Context defines them (the SDK's own propagator reads them). */
export function callerContext(
  traceparent: string | null,
  tracestate: string | null,
): { parent: Context; problem: string | null } {
  if (!traceparent) return { parent: ROOT_CONTEXT, problem: null };
  const carrier: Record<string, string> = { traceparent };
  if (tracestate) carrier.tracestate = tracestate;
  const parent = new W3CTraceContextPropagator().extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
  if (trace.getSpanContext(parent)) return { parent, problem: null };
  return {
    parent: ROOT_CONTEXT,
    problem: `TRACEPARENT "${traceparent.slice(0, 80)}" is not a W3C trace context (00-<32 hex>-<16 hex>-<2 hex>); the trace starts on its own`,
  };
}

/** The W3C `traceparent` of a span, for a child process (TRACEPARENT) to join. */
export function traceparentOf(span: Span): { traceparent: string; tracestate?: string } {
  const carrier: Record<string, string> = {};
  new W3CTraceContextPropagator().inject(trace.setSpan(ROOT_CONTEXT, span), carrier, {
    set: (c, k, v) => {
      (c as Record<string, string>)[k] = v;
    },
  });
  return { traceparent: carrier.traceparent!, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) };
}

/** Make `plan` and its children as spans under `parent`, each ended at its planned time. */
export function makeSpans(tracer: Tracer, plan: PlannedSpan, parent: Context): Span {
  const span = tracer.startSpan(
    plan.name,
    { kind: SpanKind.INTERNAL, startTime: hrTime(plan.start), attributes: plan.attributes },
    parent,
  );
  for (const e of plan.events ?? []) span.addEvent(e.name, e.attributes, hrTime(e.time));
  if (plan.error) span.setStatus({ code: SpanStatusCode.ERROR, message: plan.error });
  const inner = trace.setSpan(parent, span);
  for (const child of plan.children ?? []) makeSpans(tracer, child, inner);
  span.end(hrTime(Math.max(plan.start, plan.end)));
  return span;
}
