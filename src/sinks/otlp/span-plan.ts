/**
 * A trace as plain data, before the SDK makes spans of it: what the pure planners (run-phases, job-spans)
 * return and the tracer (tracer.ts) turns into OpenTelemetry spans with these times, attributes, events and
 * status. Times are milliseconds since the epoch.
 */

export type SpanAttribute = string | number | boolean | string[];
export type SpanAttributes = Record<string, SpanAttribute>;

export interface PlannedEvent {
  name: string;
  time: number;
  attributes: SpanAttributes;
}

export interface PlannedSpan {
  name: string;
  start: number;
  end: number;
  attributes: SpanAttributes;
  events?: PlannedEvent[];
  /** The span's status is an error with this message; absent: unset (OpenTelemetry's default, not "ok"). */
  error?: string;
  children?: PlannedSpan[];
}

/** Bounds that keep a trace small whatever the files hold: spans per run, events per span. */
export const TRACE_LIMITS = { evaluations: 50, events: 100, attributeValue: 256 } as const;

/** A string attribute cut to TRACE_LIMITS.attributeValue characters (names from files can be long). */
export function cut(text: string): string {
  return text.length <= TRACE_LIMITS.attributeValue ? text : `${text.slice(0, TRACE_LIMITS.attributeValue - 1)}…`;
}
