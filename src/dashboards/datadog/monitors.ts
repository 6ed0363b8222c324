/**
 * Datadog monitors, each the body of `POST /api/v1/monitor` (`type: "query alert"`): MFU dropping against the
 * same window a week earlier, step time rising likewise, loss going bad, and (API route) the gate's own
 * verdict. Runs arrive a few times a day, so windows are a day long and missing data never alerts. Pure.
 */
import { datadogRunGaugeName, datadogStatName, type DatadogSource } from '../../naming/datadog.js';
import { DEFAULT_DATADOG_METRICS, metricQuery, scoped, type DatadogMetricSet } from './queries.js';

export interface DatadogMonitor {
  name: string;
  type: 'query alert';
  query: string;
  message: string;
  tags: string[];
  priority: number;
  options: {
    thresholds: { critical: number; warning?: number };
    notify_no_data: false;
    require_full_window: false;
    include_tags: true;
    renotify_interval: number;
  };
}

export interface DatadogMonitorsOptions {
  source: DatadogSource;
  prefix: string;
  metrics?: DatadogMetricSet;
  /** Branch type whose runs are watched (pull requests are judged by the gate, not paged on). */
  branchType?: string;
  /** Relative drop in MFU (percent) that alerts; warning at 60 % of it. */
  mfuDropPercent?: number;
  /** Relative rise in step time (percent) that alerts. */
  stepTimeRisePercent?: number;
  /** Relative rise in the lowest sampled loss (percent) that alerts (DogStatsD route). */
  lossRisePercent?: number;
  /** Appended to every message: `@slack-channel`, `@team-handle` … */
  notify?: string;
}

/** The trailing comparison a query alert ends with, which must agree with `options.thresholds.critical`. */
export const MONITOR_COMPARISON = /\s(<=|>=|<|>)\s(-?\d+(?:\.\d+)?)$/;

export function datadogMonitors(options: DatadogMonitorsOptions): DatadogMonitor[] {
  const { source, prefix } = options;
  const metrics = options.metrics ?? DEFAULT_DATADOG_METRICS;
  const scope = [`branch_type:${options.branchType ?? 'main'}`];
  const notify = options.notify ? `\n\n${options.notify}` : '';
  // Source, route and prefix tell this tool's monitors apart (and let --apply find each again).
  const tags = ['source:training-metrics-gate', `route:${source}`, `metric_prefix:${prefix}`];
  const out: DatadogMonitor[] = [];

  const monitor = (
    name: string,
    query: string,
    critical: number,
    warning: number | undefined,
    message: string,
    priority: number,
  ): void => {
    const thresholds: DatadogMonitor['options']['thresholds'] = { critical };
    if (warning !== undefined) thresholds.warning = warning;
    out.push({
      name,
      type: 'query alert',
      query,
      message: message + notify,
      tags,
      priority,
      options: {
        thresholds,
        notify_no_data: false,
        require_full_window: false,
        include_tags: true,
        renotify_interval: 0,
      },
    });
  };
  const round = (x: number): number => Math.round(x * 100) / 100;

  /** Worse than the same day a week before by more than `percent` (a warning at 60 % of it). */
  const weekOverWeek = (
    query: string,
    worse: 'drop' | 'rise',
    percent: number,
    name: string,
    message: string,
  ): void => {
    const sign = worse === 'drop' ? -1 : 1;
    monitor(
      name,
      `pct_change(avg(last_1d),last_1w):${scoped(query, scope, ['experiment'])} ${worse === 'drop' ? '<' : '>'} ${sign * percent}`,
      sign * percent,
      sign * round(percent * 0.6),
      message,
      2,
    );
  };

  const mfuDrop = options.mfuDropPercent ?? 5;
  for (const m of metrics.mfu) {
    const q = metricQuery(source, prefix, m, 'centre');
    if (!q) continue;
    weekOverWeek(
      q.query,
      'drop',
      mfuDrop,
      `[training] ${m.header} dropped more than ${mfuDrop} % against the week before on {{experiment.name}}`,
      `${m.header} (${q.label}) of experiment {{experiment.name}} changed by {{value}} % against the same day a week before.\n` +
        'Compare the job summaries of recent runs: a kernel, config or hardware change usually shows there first.',
    );
  }

  const stepRise = options.stepTimeRisePercent ?? 5;
  for (const m of metrics.stepTime) {
    const q = metricQuery(source, prefix, m, 'centre');
    if (!q) continue;
    weekOverWeek(
      q.query,
      'rise',
      stepRise,
      `[training] ${m.header} rose more than ${stepRise} % against the week before on {{experiment.name}}`,
      `${m.header} (${q.label}) of experiment {{experiment.name}} changed by {{value}} % against the same day a week before.`,
    );
  }

  for (const m of metrics.loss) {
    if (source === 'api') {
      monitor(
        `[training] ${m.header} has NaN or infinite values in {{experiment.name}} / {{run.name}}`,
        `max(last_1d):${scoped(`max:${datadogStatName(prefix, m.header, 'nonFinite')}`, [], ['experiment', 'run'])} > 0`,
        0,
        undefined,
        `Run {{run.name}} of {{experiment.name}} logged {{value}} NaN/Inf values of ${m.header}: the run is numerically broken.`,
        1,
      );
      monitor(
        `[training] ${m.header} diverged in {{experiment.name}} / {{run.name}}`,
        `max(last_1d):${scoped(`max:${datadogStatName(prefix, m.header, 'diverged')}`, [], ['experiment', 'run'])} >= 1`,
        1,
        undefined,
        `${m.header} of run {{run.name}} rose far above its running minimum and stayed there (divergence).`,
        1,
      );
    } else {
      const rise = options.lossRisePercent ?? 10;
      const q = metricQuery(source, prefix, m, 'lowest');
      if (!q) continue;
      weekOverWeek(
        q.query,
        'rise',
        rise,
        `[training] lowest ${m.header} rose more than ${rise} % against the week before on {{experiment.name}}`,
        `The lowest sampled ${m.header} of {{experiment.name}} changed by {{value}} % against the same day a week before. ` +
          'NaN losses cannot travel over StatsD: the gate reports them, and the API route sends a NaN count.',
      );
    }
  }

  if (source === 'api') {
    monitor(
      '[training] the regression gate failed {{experiment.name}} / {{run.name}}',
      `max(last_1d):${scoped(`max:${datadogRunGaugeName(prefix, 'regression')}`, scope, ['experiment', 'run'])} >= 1`,
      1,
      undefined,
      'The gate judged run {{run.name}} of {{experiment.name}} a regression against its baseline history; the job summary says which metric and by how much.',
      1,
    );
  }
  return out;
}
