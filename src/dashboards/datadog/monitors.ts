/**
 * Datadog monitors, each the body of `POST /api/v1/monitor` (`type: "query alert"`): MFU dropping against the
 * same window a week earlier, step time rising likewise, loss going bad, and (API route) the gate's own
 * verdict. Runs arrive a few times a day, so windows are a day long and missing data never alerts. Pure.
 */
import { datadogRunGaugeName, datadogStatName, type DatadogSource } from '../../naming/datadog.js';
import {
  DEFAULT_DATADOG_METRICS,
  type DatadogMetricSet,
  type DatadogPanelMetric,
  metricQuery,
  scoped,
} from './queries.js';

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

/** What a monitor says, before the tags and the notify handle every monitor of a call shares. */
interface MonitorSpec {
  name: string;
  query: string;
  critical: number;
  warning?: number;
  message: string;
  priority: number;
}

/** What every monitor of one call carries: this tool's tags, the watched branch type, the notify handle. */
interface MonitorContext {
  source: DatadogSource;
  prefix: string;
  tags: string[];
  scope: string[];
  notify: string;
}

export function datadogMonitors(options: DatadogMonitorsOptions): DatadogMonitor[] {
  const { source, prefix } = options;
  const metrics = options.metrics ?? DEFAULT_DATADOG_METRICS;
  const ctx: MonitorContext = {
    source,
    prefix,
    // Source, route and prefix tell this tool's monitors apart (and let --apply find each again).
    tags: ['source:training-metrics-gate', `route:${source}`, `metric_prefix:${prefix}`],
    scope: [`branch_type:${options.branchType ?? 'main'}`],
    notify: options.notify ? `\n\n${options.notify}` : '',
  };
  const mfuDrop = options.mfuDropPercent ?? 5;
  const stepRise = options.stepTimeRisePercent ?? 5;
  const specs: MonitorSpec[] = [
    ...metrics.mfu.flatMap((m) => {
      const q = metricQuery(source, prefix, m, 'centre');
      if (!q) return [];
      return weekOverWeek(ctx, q.query, 'drop', mfuDrop, {
        name: `[training] ${m.header} dropped more than ${mfuDrop} % against the week before on {{experiment.name}}`,
        message:
          `${m.header} (${q.label}) of experiment {{experiment.name}} changed by {{value}} % against the same day a week before.\n` +
          'Compare the job summaries of recent runs: a kernel, config or hardware change usually shows there first.',
      });
    }),
    ...metrics.stepTime.flatMap((m) => {
      const q = metricQuery(source, prefix, m, 'centre');
      if (!q) return [];
      return weekOverWeek(ctx, q.query, 'rise', stepRise, {
        name: `[training] ${m.header} rose more than ${stepRise} % against the week before on {{experiment.name}}`,
        message: `${m.header} (${q.label}) of experiment {{experiment.name}} changed by {{value}} % against the same day a week before.`,
      });
    }),
    ...metrics.loss.flatMap((m) =>
      source === 'api' ? lossHealthMonitors(ctx, m.header) : lossRiseMonitor(ctx, m, options.lossRisePercent ?? 10),
    ),
    ...(source === 'api' ? [gateMonitor(ctx)] : []),
  ];
  return specs.map((spec) => monitorBody(ctx, spec));
}

function monitorBody(ctx: MonitorContext, spec: MonitorSpec): DatadogMonitor {
  const thresholds: DatadogMonitor['options']['thresholds'] = { critical: spec.critical };
  if (spec.warning !== undefined) thresholds.warning = spec.warning;
  return {
    name: spec.name,
    type: 'query alert',
    query: spec.query,
    message: spec.message + ctx.notify,
    tags: ctx.tags,
    priority: spec.priority,
    options: {
      thresholds,
      notify_no_data: false,
      require_full_window: false,
      include_tags: true,
      renotify_interval: 0,
    },
  };
}

const round = (x: number): number => Math.round(x * 100) / 100;

/** Worse than the same day a week before by more than `percent` (a warning at 60 % of it). */
function weekOverWeek(
  ctx: MonitorContext,
  query: string,
  worse: 'drop' | 'rise',
  percent: number,
  text: { name: string; message: string },
): MonitorSpec[] {
  const sign = worse === 'drop' ? -1 : 1;
  return [
    {
      name: text.name,
      query: `pct_change(avg(last_1d),last_1w):${scoped(query, ctx.scope, ['experiment'])} ${worse === 'drop' ? '<' : '>'} ${sign * percent}`,
      critical: sign * percent,
      warning: sign * round(percent * 0.6),
      message: text.message,
      priority: 2,
    },
  ];
}

/** API route: a run's NaN/Inf count and divergence flag of a loss column, per run. */
function lossHealthMonitors(ctx: MonitorContext, header: string): MonitorSpec[] {
  return [
    {
      name: `[training] ${header} has NaN or infinite values in {{experiment.name}} / {{run.name}}`,
      query: `max(last_1d):${scoped(`max:${datadogStatName(ctx.prefix, header, 'nonFinite')}`, [], ['experiment', 'run'])} > 0`,
      critical: 0,
      message: `Run {{run.name}} of {{experiment.name}} logged {{value}} NaN/Inf values of ${header}: the run is numerically broken.`,
      priority: 1,
    },
    {
      name: `[training] ${header} diverged in {{experiment.name}} / {{run.name}}`,
      query: `max(last_1d):${scoped(`max:${datadogStatName(ctx.prefix, header, 'diverged')}`, [], ['experiment', 'run'])} >= 1`,
      critical: 1,
      message: `${header} of run {{run.name}} rose far above its running minimum and stayed there (divergence).`,
      priority: 1,
    },
  ];
}

/** DogStatsD route: the lowest sampled loss rising week over week (NaN cannot travel over StatsD). */
function lossRiseMonitor(ctx: MonitorContext, m: DatadogPanelMetric, rise: number): MonitorSpec[] {
  const q = metricQuery(ctx.source, ctx.prefix, m, 'lowest');
  if (!q) return [];
  return weekOverWeek(ctx, q.query, 'rise', rise, {
    name: `[training] lowest ${m.header} rose more than ${rise} % against the week before on {{experiment.name}}`,
    message:
      `The lowest sampled ${m.header} of {{experiment.name}} changed by {{value}} % against the same day a week before. ` +
      'NaN losses cannot travel over StatsD: the gate reports them, and the API route sends a NaN count.',
  });
}

/** API route: the gate's own verdict. */
function gateMonitor(ctx: MonitorContext): MonitorSpec {
  return {
    name: '[training] the regression gate failed {{experiment.name}} / {{run.name}}',
    query: `max(last_1d):${scoped(`max:${datadogRunGaugeName(ctx.prefix, 'regression')}`, ctx.scope, ['experiment', 'run'])} >= 1`,
    critical: 1,
    message:
      'The gate judged run {{run.name}} of {{experiment.name}} a regression against its baseline history; the job summary says which metric and by how much.',
    priority: 1,
  };
}
