/**
 * The tool's own work as spans (read, check, sinks, report, record: run()'s stages as timed), and the gate's
 * verdict on the check span: the run's verdict and counts as attributes, one `gate.verdict` event per
 * metric (its verdict, value, baseline, change and reason), and the status an error on a regression.
 * Pure: from the stages' times and the verdicts.
 */
import type { GateResult, MetricVerdict } from '../../model.js';
import { metricKey } from '../../naming.js';
import type { StageSpan } from '../../stages/run-context.js';
import { cut, type PlannedEvent, type PlannedSpan, type SpanAttributes, TRACE_LIMITS } from './span-plan.js';

/** Stage names as run() times them → span names an SRE reads (`check` is the gate). */
const SPAN_NAMES: Record<string, string> = {
  read: 'read metrics',
  gpu: 'read gpu telemetry',
  check: 'check',
  statsd: 'send statsd',
  'http sinks': 'send http sinks',
  'otlp metrics': 'send otlp metrics',
  report: 'report',
  record: 'record history',
};

export function jobSpans(stages: StageSpan[], verdict: GateResult | null): PlannedSpan[] {
  return stages.map((s) => {
    const span: PlannedSpan = {
      name: SPAN_NAMES[s.name] ?? s.name,
      start: s.start,
      end: s.end,
      attributes: { 'training.stage': s.name },
    };
    return s.name === 'check' && verdict ? withVerdict(span, verdict) : span;
  });
}

function withVerdict(span: PlannedSpan, gate: GateResult): PlannedSpan {
  const regressed = gate.metrics.filter((m) => m.verdict === 'regression').map((m) => metricKey(m.name));
  const attributes: SpanAttributes = {
    ...span.attributes,
    'training.verdict': gate.verdict,
    'training.regression': gate.regression,
    'training.gate.judged': gate.judged,
    'training.gate.metrics': gate.metrics.length,
    'training.fingerprint': cut(gate.fingerprint),
  };
  if (regressed.length) attributes['training.gate.regressed'] = regressed.slice(0, TRACE_LIMITS.events).map(cut);
  if (gate.notJudged) attributes['training.gate.not_judged'] = cut(gate.notJudged);
  if (gate.culprit?.compare) attributes['training.gate.culprit.compare'] = cut(gate.culprit.compare);
  const events = gate.metrics.slice(0, TRACE_LIMITS.events).map((m) => verdictEvent(m, span.end));
  return {
    ...span,
    attributes,
    events,
    ...(gate.regression ? { error: cut(`regression: ${regressed.join(', ')}`) } : {}),
  };
}

function verdictEvent(m: MetricVerdict, time: number): PlannedEvent {
  const attributes: SpanAttributes = {
    'training.metric': cut(metricKey(m.name)),
    'training.metric.name': cut(m.name),
    'training.verdict': m.verdict,
    'training.metric.direction': m.direction,
    'training.verdict.reason': cut(m.reason),
  };
  if (m.current !== null && Number.isFinite(m.current)) attributes['training.metric.value'] = m.current;
  if (m.baseline) {
    attributes['training.baseline.centre'] = m.baseline.centre;
    attributes['training.baseline.band'] = m.baseline.band;
    attributes['training.baseline.runs'] = m.baseline.runs;
  }
  if (m.change !== null && Number.isFinite(m.change)) attributes['training.change'] = m.change;
  if (m.compared) {
    attributes['training.compared.from'] = m.compared.from;
    attributes['training.compared.to'] = m.compared.to;
  }
  return { name: 'gate.verdict', time, attributes };
}
