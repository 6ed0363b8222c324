/**
 * statsd_exporter mapping for the lines the StatsD sink sends, so that Prometheus gets the same names
 * (base units, snake_case) as from the Pushgateway route. The sink sends values already in base units
 * (seconds, bytes, ratio, FLOP/s; timers as `|ms`, which the exporter divides by 1000), so the mapping
 * only names and buckets — no `scale`, which exporters before v0.24.0 ignore without a word:
 *
 *   loss    `<prefix>.<key>:<v>|g|#…,step:<N>`           → gauge `<name>`, the `step` label blanked
 *   timer   `<prefix>.<key>:<ms>|ms|@<rate>|#…`          → histogram `<name>` in seconds
 *   window  `<prefix>.<key>:<v>|h|@<rate>|#…,steps:A-B`  → histogram `<name>`, `steps` blanked
 *   gauge   `<prefix>.<key>:<v>|g|#…`                    → gauge `<name>`
 *   level   `<prefix>.<key>.steady.median:<v>|g|#…`      → gauge `<name>_steady{quantile="0.5"}` (p10, p90 alike)
 *           `<prefix>.<key>.final:<v>|g|#…`              → gauge `<name>_final` (loss)
 *
 * `<key>` is the name the plain flavor sends (`sentStatsdName`: the base unit where it rescaled). The
 * level gauges are the run's exact steady state, the numbers the gate judges; the histograms are for
 * distributions. `_steady` and `_final` follow `<name>` because `<name>` is already the histogram family.
 * Blanking `step`/`steps` (a mapping label overrides a tag of the same name; an empty value is no label
 * in Prometheus) keeps one series per run label set instead of one per step or window.
 * Order: exact globs for the run's columns and the run, gate, GPU and cost gauges (known-gauges.ts), then
 * regexes by name pattern for columns not listed (statsd-exporter-patterns.ts), then a catch-all regex
 * that only cleans the name. The exporter tries regexes only where no glob matched, and no glob has a
 * `*`, so no pair of globs can shadow one another (the "super set will never be matched" warning).
 * Relies only on what statsd_exporter v0.23.0 has (MIN_STATSD_EXPORTER_VERSION).
 *
 * A mapping must never break a scrape. Several columns map to one Prometheus name (`step_time_ms` in one
 * team's CSV, `step_time` in another's), and the exporter keeps one series set per label-name set: two of
 * them with different `help` texts make client_golang refuse the whole family, /metrics answers 500 and
 * Prometheus loses every series (seen on a real v0.23.0). So every rule carries one help text, whatever
 * column or pattern produced the name; and two columns that would give one name two types (a gauge and a
 * histogram, which the exporter drops as a conflict) are told apart by a type suffix on the later one.
 */
import { stringify } from 'yaml';
import type { MetricClass } from '../model.js';
import { metricKey } from '../naming.js';
import { bucketsFor, exponentialBuckets, linearBuckets } from '../naming/buckets.js';
import { prometheusMetricName, snakeName, statsdExporterUnit } from '../naming/prometheus.js';
import { LEVEL_QUANTILES, LEVEL_STATS, sentStatsdName } from '../sinks/statsd/metrics.js';
import { KNOWN_GAUGES } from './known-gauges.js';
import { catchAllMatch, levelPatterns, patternMappings } from './statsd-exporter-patterns.js';

/** The oldest statsd_exporter whose mapping features (glob and regex matches, histogram_options, labels) this uses. */
export const MIN_STATSD_EXPORTER_VERSION = 'v0.23.0';

export interface MappingMetric {
  /** Column name as written in the file (or its key). */
  name: string;
  class: Pick<MetricClass, 'kind' | 'unit'>;
}

export interface StatsdExporterMappingOptions {
  /** StatsD prefix, as given to the StatsD sink (`training_metrics`). */
  prefix: string;
  /** Told each pair of columns whose names had to be told apart. */
  warn?: (message: string) => void;
}

/** The one help text of every family the mapping makes (the unit is in the name). */
export const MAPPING_HELP = 'A training metric sent by training-metrics-gate; its unit is in the name.';

export interface StatsdMapping {
  match: string;
  match_type?: 'glob' | 'regex';
  match_metric_type?: 'gauge' | 'observer' | 'counter';
  name: string;
  help?: string;
  observer_type?: 'histogram' | 'summary';
  histogram_options?: { buckets: number[] };
  labels?: Record<string, string>;
}

/**
 * statsd_exporter's own check of a glob `match` (pkg/mapper metricLineRE, v0.21.0 on): the first component
 * starts with a letter or `_`, later ones may start with a digit.
 */
const FIRST_GLOB_COMPONENT = /^[a-zA-Z_][a-zA-Z0-9_-]*$/;
const GLOB_COMPONENT = /^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/;

// Where a histogram's buckets lie, shared with the Grafana dashboard and the OTLP sink.
export { bucketsFor, exponentialBuckets, linearBuckets };

function matchFor(statsd: string): Pick<StatsdMapping, 'match' | 'match_type'> {
  const [first = '', ...rest] = statsd.split('.');
  if (FIRST_GLOB_COMPONENT.test(first) && rest.every((c) => GLOB_COMPONENT.test(c))) return { match: statsd };
  // A name the glob syntax refuses (a leading digit with no prefix): match the literal name as a regex instead.
  return { match: `^${statsd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, match_type: 'regex' };
}

/** The mapping entry for one column, or null for ignored columns. */
export function mappingFor(metric: MappingMetric, prefix: string): StatsdMapping | null {
  const { kind } = metric.class;
  if (kind === 'ignore') return null;
  // A timer is named in seconds whatever its column said: statsd_exporter turns `|ms` into seconds.
  const { name, unit: baseUnit } = prometheusMetricName(prefix, metric.name, statsdExporterUnit(metric.class));
  const statsd = sentStatsdName(prefix, metric.name, metric.class, 'plain');
  const entry: StatsdMapping = { ...matchFor(statsd), name, help: MAPPING_HELP };
  // A loss and a quality metric are sent as gauges of their sampled points, each with its step.
  const sampled = kind === 'loss' || kind === 'quality';
  entry.match_metric_type = sampled || kind === 'gauge' ? 'gauge' : 'observer';
  if (entry.match_metric_type === 'gauge') {
    if (sampled) entry.labels = { step: '' };
    return entry;
  }
  const buckets = bucketsFor(baseUnit);
  if (buckets) {
    entry.observer_type = 'histogram';
    entry.histogram_options = { buckets };
  } else {
    entry.observer_type = 'summary';
  }
  if (kind === 'window') entry.labels = { steps: '' };
  return entry;
}

/** The Prometheus names of a column's level gauges: `<name>_steady` (with `quantile`) and `<name>_final`. */
export function levelNames(prefix: string, metric: MappingMetric): { steady: string; final: string } {
  const { name } = prometheusMetricName(prefix, metric.name, statsdExporterUnit(metric.class));
  return { steady: `${name}_steady`, final: `${name}_final` };
}

/** The mapping entries for a column's level gauges (none for gauges and ignored columns). */
function levelMappingsFor(metric: MappingMetric, prefix: string): StatsdMapping[] {
  const { kind, unit } = metric.class;
  if (kind === 'gauge' || kind === 'ignore') return [];
  // Sent as a gauge of the column would be: in the unit of its Prometheus name (seconds for a timer).
  const statsd = sentStatsdName(prefix, metric.name, { kind: 'gauge', unit }, 'plain');
  const names = levelNames(prefix, metric);
  const out = LEVEL_QUANTILES.map(([stat, quantile]) => ({
    ...matchFor(`${statsd}.${LEVEL_STATS[stat]}`),
    match_metric_type: 'gauge' as const,
    name: names.steady,
    help: MAPPING_HELP,
    labels: { quantile },
  }));
  if (kind !== 'loss' && kind !== 'quality') return out;
  return [
    ...out,
    {
      ...matchFor(`${statsd}.${LEVEL_STATS.final}`),
      match_metric_type: 'gauge',
      name: names.final,
      help: MAPPING_HELP,
    },
  ];
}

/** What a mapping made without the run's files cannot know, for its header and the command's warning. */
export const NO_COLUMNS_NOTE = [
  'Made without --csv: columns are named by pattern from their StatsD names (the default classes).',
  'A class the values or a config decide (a rising throughput read as a counter, a percent MFU column',
  'whose name says nothing) is not seen: generate with --csv FILE for exact names.',
];

/** Regex mappings by name pattern, then the catch-all: for names no exact glob matched. */
function generalMappings(prefix: string): StatsdMapping[] {
  const pre = snakeName(prefix);
  const levels: StatsdMapping[] = levelPatterns(prefix).map((p) => ({
    match: p.match,
    match_type: 'regex',
    match_metric_type: 'gauge',
    name: p.name(pre),
    help: MAPPING_HELP,
    labels: p.labels,
  }));
  const out: StatsdMapping[] = patternMappings(prefix).map((p) => {
    const entry: StatsdMapping = {
      match: p.match,
      match_type: 'regex',
      match_metric_type: p.metricType,
      name: p.name(pre),
      help: MAPPING_HELP,
    };
    if (p.metricType === 'gauge') {
      entry.labels = { step: '' };
      return entry;
    }
    const buckets = bucketsFor(p.unit);
    if (buckets) {
      entry.observer_type = 'histogram';
      entry.histogram_options = { buckets };
    } else {
      entry.observer_type = 'summary';
    }
    entry.labels = { steps: '' };
    return entry;
  });
  // One catch-all for every type (two of one match would be the same rule twice).
  // Level gauges before the gauge patterns, which would read `runtime.steady.median` as a `runtime…` gauge.
  const firstGauge = out.findIndex((m) => m.match_metric_type === 'gauge');
  out.splice(firstGauge < 0 ? out.length : firstGauge, 0, ...levels);
  const all = catchAllMatch(prefix);
  out.push({ ...all, match_type: 'regex', help: MAPPING_HELP, labels: { step: '', steps: '' } });
  return out;
}

/**
 * The mapping YAML for statsd_exporter (`--statsd.mapping-config`). With `metrics` (the columns of a run
 * and their classes) each column gets an exact mapping with its histogram buckets; columns not listed, or
 * an empty list, are named by pattern (the default classes) or, failing that, only cleaned.
 */
export function statsdExporterMapping(metrics: MappingMetric[], options: StatsdExporterMappingOptions): string {
  if (!/^[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z_][a-zA-Z0-9_]*)*$/.test(options.prefix) && options.prefix !== '') {
    throw new Error(`prefix "${options.prefix}" cannot be matched by a statsd_exporter glob`);
  }
  const mappings: StatsdMapping[] = [];
  const seen = new Set<string>();
  const families = new FamilyTypes(options.warn);
  for (const metric of metrics) {
    const key = metricKey(metric.name);
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = mappingFor(metric, options.prefix);
    if (entry) mappings.push(families.claim(entry, metric.name));
    for (const level of levelMappingsFor(metric, options.prefix)) mappings.push(families.claim(level, metric.name));
  }
  // The run, gate, GPU and cost gauges the engine sends beside the columns.
  for (const gauge of KNOWN_GAUGES) {
    if (seen.has(gauge.name)) continue;
    seen.add(gauge.name);
    const entry = mappingFor({ name: gauge.name, class: { kind: 'gauge', unit: gauge.unit } }, options.prefix)!;
    mappings.push(families.claim(entry, gauge.name));
  }
  mappings.push(...generalMappings(options.prefix));
  const header = [
    `# statsd_exporter mapping for training-metrics-gate (--statsd.mapping-config=FILE), statsd_exporter ${MIN_STATSD_EXPORTER_VERSION} or later.`,
    `# StatsD prefix "${options.prefix}"; names and units match the Pushgateway route (values arrive in base units).`,
    ...(metrics.length === 0 ? NO_COLUMNS_NOTE.map((l) => `# ${l}`) : []),
    '',
  ].join('\n');
  return (
    header + stringify({ defaults: { match_type: 'glob', glob_disable_ordering: false }, mappings }, { lineWidth: 0 })
  );
}

/**
 * The type each Prometheus name was first given, by the column that gave it. A later column that would
 * give the same name another type gets the type as a suffix (`…_seconds_gauge`), since the exporter would
 * drop its lines as a conflict.
 */
class FamilyTypes {
  private readonly types = new Map<string, { type: string; column: string }>();

  constructor(private readonly warn?: (message: string) => void) {}

  claim(entry: StatsdMapping, column: string): StatsdMapping {
    const type = entry.match_metric_type === 'gauge' ? 'gauge' : (entry.observer_type ?? 'summary');
    const first = this.types.get(entry.name);
    if (!first) {
      this.types.set(entry.name, { type, column });
      return entry;
    }
    if (first.type === type) return entry;
    const name = `${entry.name}_${type}`;
    this.warn?.(
      // Column names quoted as JSON strings: one line, whatever they hold.
      `columns ${JSON.stringify(first.column)} (${first.type}) and ${JSON.stringify(column)} (${type}) both map to ${entry.name}: the second is named ${name}`,
    );
    return this.claim({ ...entry, name }, column);
  }
}
