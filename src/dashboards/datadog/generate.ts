/**
 * `training-metrics-gate dashboard datadog` and `monitors datadog`: one call each for the commands.
 * Pure: classified columns in (from `--csv`, already read as a run reads them), JSON-ready objects out.
 */
import type { MetricClass } from '../../model.js';
import type { DatadogSource } from '../../naming/datadog.js';
import { datadogDashboard, type DatadogDashboard } from './dashboard.js';
import { datadogMonitors, type DatadogMonitor } from './monitors.js';
import { DEFAULT_DATADOG_METRICS, metricSetFromColumns, type DatadogMetricSet } from './queries.js';

export interface DatadogGeneratorOptions {
  source: DatadogSource;
  prefix: string;
  /**
   * The columns of a run (`--csv`) classified as the run is (with its `--config`), so each lands in the panel
   * the run's classes put it in; the usual columns when absent (no `--csv`).
   */
  columns?: readonly { name: string; class: Pick<MetricClass, 'kind' | 'unit'> }[] | null;
  /** Tag that tells model versions apart (`--model-tag`, default `model`). */
  modelTag?: string;
  /** Appended to monitor messages (`--notify`, e.g. `@slack-ml-perf`). */
  notify?: string;
  title?: string;
}

/** The columns each panel shows: the run's, or the usual ones. */
export function datadogMetricSet(columns: DatadogGeneratorOptions['columns']): DatadogMetricSet {
  return columns ? metricSetFromColumns(columns) : DEFAULT_DATADOG_METRICS;
}

export function generateDatadogDashboard(options: DatadogGeneratorOptions): DatadogDashboard {
  const metrics = datadogMetricSet(options.columns);
  return datadogDashboard({
    source: options.source,
    prefix: options.prefix,
    metrics,
    modelTag: options.modelTag,
    title: options.title,
  });
}

export function generateDatadogMonitors(options: DatadogGeneratorOptions): DatadogMonitor[] {
  const metrics = datadogMetricSet(options.columns);
  return datadogMonitors({ source: options.source, prefix: options.prefix, metrics, notify: options.notify });
}

/** `--source` value → route, or null when it is neither (the shell reports it as a usage error). */
export function parseDatadogSource(text: string | null | undefined): DatadogSource | null {
  const v = (text ?? 'dogstatsd').trim().toLowerCase();
  return v === 'api' || v === 'dogstatsd' ? v : null;
}
