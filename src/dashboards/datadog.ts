/**
 * `training-metrics-gate dashboard datadog` and `monitors datadog`: one call each for the shells.
 * Pure: headers in (from `--csv`, already read), JSON-ready objects out.
 */
import { classify } from '../classify/index.js';
import type { Config } from '../config/index.js';
import type { DatadogSource } from '../naming/datadog.js';
import { datadogDashboard, type DatadogDashboard } from './datadog-dashboard.js';
import { datadogMonitors, type DatadogMonitor } from './datadog-monitors.js';
import { DEFAULT_DATADOG_METRICS, metricSetFromColumns, type DatadogMetricSet } from './datadog-queries.js';

export interface DatadogGeneratorOptions {
  source: DatadogSource;
  prefix: string;
  /** Column headers of a metrics file (`--csv`); the usual columns when absent. */
  headers?: string[] | null;
  /** Classification rules from `--config`, so columns land in the panels the run's config puts them in. */
  config?: Pick<Config, 'rules'>;
  /** Tag that tells model versions apart (`--model-tag`, default `model`). */
  modelTag?: string;
  /** Appended to monitor messages (`--notify`, e.g. `@slack-ml-perf`). */
  notify?: string;
  title?: string;
}

/** The columns each panel shows: classified headers, or the usual ones. */
export function datadogMetricSet(
  headers: string[] | null | undefined,
  config: Pick<Config, 'rules'> = { rules: [] },
): DatadogMetricSet {
  if (!headers?.length) return DEFAULT_DATADOG_METRICS;
  return metricSetFromColumns(headers.map((name) => ({ name, class: classify(name, config) })));
}

export function generateDatadogDashboard(options: DatadogGeneratorOptions): DatadogDashboard {
  const metrics = datadogMetricSet(options.headers, options.config);
  return datadogDashboard({
    source: options.source,
    prefix: options.prefix,
    metrics,
    modelTag: options.modelTag,
    title: options.title,
  });
}

export function generateDatadogMonitors(options: DatadogGeneratorOptions): DatadogMonitor[] {
  const metrics = datadogMetricSet(options.headers, options.config);
  return datadogMonitors({ source: options.source, prefix: options.prefix, metrics, notify: options.notify });
}

/** `--source` value → route, or null when it is neither (the shell reports it as a usage error). */
export function parseDatadogSource(text: string | null | undefined): DatadogSource | null {
  const v = (text ?? 'dogstatsd').trim().toLowerCase();
  return v === 'api' || v === 'dogstatsd' ? v : null;
}
