/**
 * What a run becomes over OTLP, as plain data (pure): the StatsD route's numbers under the StatsD route's
 * names (`<prefix>.<key>`, the plain flavor's base units), so one dashboard reads either route once a
 * Collector's Prometheus exporter has turned `.` into `_`:
 *
 *   level    gauge     <base>.steady.{median,p10,p90}, <base>.final     loss, quality, timer, window
 *   last     gauge     <base>                                          loss, quality, gauge: the last value
 *   window   histogram <name>   (+ steps=A-B)                          window and timer metrics' windows
 *   run      gauge     <prefix>.run.steps, <prefix>.run.truncated, <prefix>.run.duration
 *   verdict  gauge     <prefix>.gate.regression; <prefix>.gate.change (metric, verdict) per judged metric
 *
 * Attributes are the run's tag set (experiment, workflow_name, event, branch_type, user and manifest tags,
 * `run` where a batch shares an experiment), refused id-like values left out as on every route, so the
 * series stay bounded by runs × metrics. A window records each of its quantiles once (its values where it
 * has five or fewer): the histogram has the window's shape at a cost bounded by the number of windows; its
 * count is that of the quantiles, not the steps' (`run.steps` has those). Timers are in seconds.
 */
import { bucketsFor } from '../../naming/buckets.js';
import type { GateResult, MetricSummary, RunSummary } from '../../model.js';
import { metricKey, RUN_GAUGES, statsdName } from '../../naming.js';
import { prometheusMetricName } from '../../naming/prometheus.js';
import { LEVEL_STATS, sentFactor, sentStatsdName, windowValues } from '../statsd/metrics.js';

export interface OtlpPoint {
  name: string;
  kind: 'gauge' | 'histogram';
  /** UCUM, as OTLP's unit field takes it ('' where no base unit is known). */
  unit: string;
  /** A gauge's value, or a histogram's recorded values. */
  values: number[];
  attributes: Record<string, string>;
  /** A histogram's bucket bounds (the statsd_exporter mapping's, for the same unit). */
  buckets?: number[];
}

const UCUM: Record<string, string> = { seconds: 's', bytes: 'By', ratio: '1', watts: 'W', celsius: 'Cel', hertz: 'Hz' };

function baseUnit(unit: string): string {
  return prometheusMetricName('', 'x', unit).unit;
}

export function otlpPoints(
  run: RunSummary,
  gate: GateResult | null,
  prefix: string,
  attributes: Record<string, string>,
): OtlpPoint[] {
  const out: OtlpPoint[] = [];
  const gauge = (name: string, value: number, unit = '', extra: Record<string, string> = {}) => {
    if (Number.isFinite(value))
      out.push({ name, kind: 'gauge', unit, values: [value], attributes: { ...attributes, ...extra } });
  };
  for (const m of run.metrics) metricPoints(out, m, prefix, attributes, gauge);
  gauge(statsdName(prefix, RUN_GAUGES.steps), run.steps.last);
  gauge(statsdName(prefix, RUN_GAUGES.truncated), run.truncated ? 1 : 0);
  if (run.durationSeconds !== undefined) gauge(statsdName(prefix, RUN_GAUGES.duration), run.durationSeconds, 's');
  if (gate) {
    gauge(statsdName(prefix, RUN_GAUGES.regression), gate.regression ? 1 : 0);
    for (const v of gate.metrics)
      if (v.change !== null)
        gauge(statsdName(prefix, 'gate.change'), v.change, '1', { metric: metricKey(v.name), verdict: v.verdict });
  }
  return out;
}

function metricPoints(
  out: OtlpPoint[],
  m: MetricSummary,
  prefix: string,
  attributes: Record<string, string>,
  gauge: (name: string, value: number, unit?: string) => void,
): void {
  const { kind, unit } = m.class;
  if (kind === 'ignore') return;
  const factor = sentFactor(unit, 'plain');
  const ucum = UCUM[baseUnit(unit)] ?? '';
  const base = sentStatsdName(prefix, m.name, { kind: 'gauge', unit }, 'plain');
  if (m.steady) {
    gauge(`${base}.${LEVEL_STATS.median}`, m.steady.median * factor, ucum);
    gauge(`${base}.${LEVEL_STATS.p10}`, m.steady.p10 * factor, ucum);
    gauge(`${base}.${LEVEL_STATS.p90}`, m.steady.p90 * factor, ucum);
  }
  if (m.loss && m.loss.finalWindow.count > 0)
    gauge(`${base}.${LEVEL_STATS.final}`, m.loss.finalWindow.median * factor, ucum);
  if ((kind === 'loss' || kind === 'quality' || kind === 'gauge') && m.count > 0) gauge(base, m.last * factor, ucum);
  if (kind !== 'window' && kind !== 'timer') return;
  const buckets = bucketsFor(baseUnit(unit));
  for (const w of m.windows) {
    const values = windowValues(w).map(([v]) => v * factor);
    if (!values.length) continue;
    out.push({
      name: kind === 'timer' ? base : sentStatsdName(prefix, m.name, m.class, 'plain'),
      kind: 'histogram',
      unit: ucum,
      values,
      attributes: kind === 'window' ? { ...attributes, steps: `${w.from}-${w.to}` } : attributes,
      ...(buckets ? { buckets } : {}),
    });
  }
}
