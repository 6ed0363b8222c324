/**
 * Datadog names: what the API sink sends, what the DogStatsD flavour of the StatsD sink sends (as the Datadog
 * Agent turns it into metrics), and how dashboards and monitors query each. Built on `statsdName`, so every
 * route shares one metric key per column.
 */
import type { MetricKind } from '../model.js';
import { RUN_GAUGES, statsdName } from '../naming.js';

/** Which route the metrics reach Datadog by: the Agent's DogStatsD, or the HTTP API (`/api/v2/series`). */
export type DatadogSource = 'dogstatsd' | 'api';

/**
 * Run-level statistics the API sink sends per metric, as name suffixes. They never collide with what the
 * Agent derives from DogStatsD (`.avg`, `.median`, `.95percentile`, `.max`, `.count` of a histogram).
 */
export const DATADOG_RUN_STATS = {
  median: 'steady.median',
  p10: 'steady.p10',
  p90: 'steady.p90',
  final: 'final',
  nonFinite: 'nonfinite',
  diverged: 'diverged',
  regression: 'regression',
  /** The step number of a loss sample, tagged `step:N` like the sample: the x axis of a loss curve. */
  step: 'step',
} as const;
export type DatadogRunStat = keyof typeof DATADOG_RUN_STATS;

/** `<prefix>.<key>.<stat suffix>`: a run-level gauge of one metric (API sink). */
export function datadogStatName(prefix: string, header: string, stat: DatadogRunStat): string {
  return `${statsdName(prefix, header)}.${DATADOG_RUN_STATS[stat]}`;
}

export type DatadogRunGauge = keyof typeof RUN_GAUGES;

/** `<prefix>.run.steps`, `<prefix>.run.truncated`, `<prefix>.run.duration`, `<prefix>.gate.regression`. */
export function datadogRunGaugeName(prefix: string, gauge: DatadogRunGauge): string {
  return statsdName(prefix, RUN_GAUGES[gauge]);
}

/**
 * Datadog's unit for one of our units (https://docs.datadoghq.com/metrics/units), or undefined where Datadog
 * has none (TFLOPs, tokens per second): an unknown unit is left off rather than guessed.
 */
export function datadogUnit(unit: string): string | undefined {
  return DATADOG_UNITS[unit];
}

const DATADOG_UNITS: Record<string, string> = {
  ratio: 'fraction',
  percent: 'percent',
  seconds: 'second',
  milliseconds: 'millisecond',
  bytes: 'byte',
  mebibytes: 'mebibyte',
  gibibytes: 'gibibyte',
};

/**
 * How the Datadog Agent stores a DogStatsD timer (`|ms`, a histogram): these suffixed gauges per flush,
 * aggregated per host. Windows (`|d`, distributions) keep their own name and global percentiles instead.
 */
export const DOGSTATSD_HISTOGRAM_SUFFIXES = ['avg', 'count', 'median', '95percentile', 'max'] as const;

/**
 * The metric names the Agent stores for one DogStatsD line type: `g` → the name (gauge), `d` → the name
 * (distribution), `ms`/`h` → the histogram's suffixed gauges.
 */
export function dogstatsdAgentNames(name: string, type: 'g' | 'ms' | 'h' | 'd'): string[] {
  return type === 'ms' || type === 'h' ? DOGSTATSD_HISTOGRAM_SUFFIXES.map((s) => `${name}.${s}`) : [name];
}

/**
 * The metric names the Agent creates from what the DogStatsD flavour sends for one column:
 * loss and gauge → `<name>` (gauge); window → `<name>` (distribution); timer → `<name>.<suffix>` (histogram).
 */
export function dogstatsdMetricNames(prefix: string, header: string, kind: MetricKind): string[] {
  const name = statsdName(prefix, header);
  switch (kind) {
    case 'ignore':
      return [];
    case 'timer':
      return DOGSTATSD_HISTOGRAM_SUFFIXES.map((s) => `${name}.${s}`);
    default:
      return [name];
  }
}

/** Datadog tag keys the dashboards filter on as template variables; every metric we send carries them. */
export const DATADOG_TEMPLATE_TAGS = ['experiment', 'branch_type'] as const;

/** Datadog metric names: ASCII letters, digits, `_` and `.`, starting with a letter, at most 200 characters. */
export function isValidDatadogMetricName(name: string): boolean {
  return name.length > 0 && name.length <= 200 && /^[a-zA-Z][a-zA-Z0-9_.]*$/.test(name);
}

/** The API base URL for a Datadog site (`DD_SITE`): `datadoghq.eu` → `https://api.datadoghq.eu`. */
export function datadogApiBase(site: string | undefined): string {
  const s = (site ?? '')
    .trim()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '')
    .replace(/^(app|api)\./, '');
  return `https://api.${s || 'datadoghq.com'}`;
}
