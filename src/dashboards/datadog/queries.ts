/**
 * Which columns the Datadog dashboard and monitors show, and the metric query for each, by route:
 * the API sink sends run-level gauges (`<name>.steady.median` …); through DogStatsD the Agent keeps windows as
 * distributions (`p50:<name>`), timers as histograms (`<name>.median`, `<name>.95percentile`) and loss as a gauge.
 */
import type { MetricClass, MetricKind } from '../../model.js';
import { metricKey, statsdName } from '../../naming.js';
import { datadogStatName, type DatadogSource } from '../../naming/datadog.js';

export interface DatadogPanelMetric {
  /** Column header as written in the metrics file. */
  header: string;
  kind: MetricKind;
}

/** The columns each panel shows. */
export interface DatadogMetricSet {
  mfu: DatadogPanelMetric[];
  loss: DatadogPanelMetric[];
  stepTime: DatadogPanelMetric[];
  throughput: DatadogPanelMetric[];
  memory: DatadogPanelMetric[];
}

/** The columns of a `metrics_rank_0.csv` as our training jobs write it (fixtures/demo), for use without a file. */
export const DEFAULT_DATADOG_METRICS: DatadogMetricSet = {
  mfu: [{ header: 'MFU', kind: 'window' }],
  loss: [{ header: 'train.lm_loss', kind: 'loss' }],
  stepTime: [{ header: 'step_time', kind: 'timer' }],
  throughput: [
    { header: 'Tflops', kind: 'window' },
    { header: 'tokens_per_sec', kind: 'window' },
  ],
  memory: [
    { header: 'memory.allocated [MiB]', kind: 'window' },
    { header: 'memory.reserved [MiB]', kind: 'window' },
  ],
};

/**
 * Sort classified columns into panels: loss kind → loss; timer → step time; windows by name and unit
 * into MFU, throughput (TFLOPs, tokens/s, samples/s) and memory (bytes, MiB, GiB). Others are left off.
 */
export function metricSetFromColumns(
  columns: readonly { name: string; class: Pick<MetricClass, 'kind' | 'unit'> }[],
): DatadogMetricSet {
  const set: DatadogMetricSet = { mfu: [], loss: [], stepTime: [], throughput: [], memory: [] };
  const seen = new Set<string>();
  for (const c of columns) {
    const key = metricKey(c.name);
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = { header: c.name, kind: c.class.kind };
    const unit = c.class.unit;
    if (c.class.kind === 'loss') set.loss.push(entry);
    else if (c.class.kind === 'timer') set.stepTime.push(entry);
    else if (c.class.kind !== 'window') continue;
    else if (/(^|[._])mfu($|[._])|model_flops_util|hfu/.test(key)) set.mfu.push(entry);
    else if (
      unit === 'tflops' ||
      unit === 'per_second' ||
      /tflop|throughput|tokens_per_s|samples_per_s|tok_s/.test(key)
    )
      set.throughput.push(entry);
    else if (/bytes$/.test(unit) || /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])/.test(key)) set.memory.push(entry);
  }
  return set;
}

/** Statistic a panel or monitor asks of a metric. */
export type PanelStat = 'centre' | 'high' | 'max' | 'lowest' | 'final';

export interface MetricQuery {
  /** `<aggregator>:<metric>` without the scope, e.g. `p50:training_metrics.mfu`. */
  query: string;
  /** Words for a legend: `p50`, `steady-state median`, `p95 (per host)` … */
  label: string;
}

/**
 * The query for one statistic of one column, or null where the route does not carry it
 * (a final loss over DogStatsD, for instance).
 */
export function metricQuery(
  source: DatadogSource,
  prefix: string,
  m: DatadogPanelMetric,
  stat: PanelStat,
): MetricQuery | null {
  const name = statsdName(prefix, m.header);
  if (source === 'api') {
    if (m.kind === 'gauge') return stat === 'centre' ? { query: `avg:${name}`, label: 'latest' } : null;
    switch (stat) {
      case 'centre':
        return { query: `avg:${datadogStatName(prefix, m.header, 'median')}`, label: 'steady-state median' };
      case 'high':
      case 'max':
        return { query: `max:${datadogStatName(prefix, m.header, 'p90')}`, label: 'steady-state p90' };
      case 'lowest':
        return m.kind === 'loss'
          ? { query: `min:${name}`, label: 'lowest sampled' }
          : { query: `min:${datadogStatName(prefix, m.header, 'p10')}`, label: 'steady-state p10' };
      case 'final':
        return m.kind === 'loss'
          ? { query: `avg:${datadogStatName(prefix, m.header, 'final')}`, label: 'final' }
          : null;
    }
  }
  switch (m.kind) {
    case 'window': // distribution: global percentiles (percentiles must be enabled on the metric in Datadog)
      return {
        centre: { query: `p50:${name}`, label: 'p50' },
        high: { query: `p90:${name}`, label: 'p90' },
        max: { query: `max:${name}`, label: 'max' },
        lowest: { query: `min:${name}`, label: 'min' },
        final: null,
      }[stat];
    case 'timer': // histogram: per-host aggregates the Agent computes every flush
      return {
        centre: { query: `avg:${name}.median`, label: 'median' },
        high: { query: `avg:${name}.95percentile`, label: 'p95' },
        max: { query: `max:${name}.max`, label: 'max' },
        lowest: null,
        final: null,
      }[stat];
    case 'loss':
    case 'gauge':
      return stat === 'centre'
        ? { query: `avg:${name}`, label: 'average' }
        : stat === 'lowest'
          ? { query: `min:${name}`, label: 'lowest sampled' }
          : null;
    default:
      return null;
  }
}

/** A whole query: `<aggregator>:<metric>{<scope>} by {<groups>}`. */
export function scoped(q: string, scope: string[], by: string[] = []): string {
  return `${q}{${scope.length ? scope.join(',') : '*'}}${by.length ? ` by {${by.join(',')}}` : ''}`;
}
