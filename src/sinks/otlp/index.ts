/**
 * The OTLP sink: a run as a trace (its phases, the tool's work, the gate's verdict) and its metrics, sent
 * to an OpenTelemetry Collector over OTLP/HTTP with OpenTelemetry's own SDK and exporters. Only this
 * folder loads the SDK, and only the OTLP stage (src/stages/otlp.ts) and watch's live trace load this
 * folder, on demand: a run without an endpoint never does. `target.ts` (what to send where) is light and
 * read by the shells directly; `send-metrics.ts` (the metrics SDK) and `live-trace.ts` (watch's) are
 * imported on their own, by path, so a run loads only the SDK parts it uses.
 */
export { otlpPoints, type OtlpPoint } from './metric-points.js';
export { planJobTrace, type JobPlanInput } from './trace-plan.js';
export { jobSpans } from './job-spans.js';
export { runAttributes, ciAttributes } from './run-attributes.js';
export { isEvaluationMetric } from './run-phases.js';
export { exported, spanExporter } from './exporters.js';
export { makeSpans, startTracing, traceparentOf, hrTime, type Tracing } from './tracer.js';
export type { PlannedSpan } from './span-plan.js';
