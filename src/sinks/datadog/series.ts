/**
 * Run summaries and gate verdicts → Datadog `/api/v2/series` gauges. Pure: the same input and `now` always
 * give the same series.
 *
 * The API accepts points at most one hour old and ten minutes ahead, so nothing is stamped with its
 * historical time: every point carries the submission time, and the loss samples are told apart by a
 * `step:N` tag instead of by their timestamps.
 */
import type { GateResult, MetricSummary, RunSummary } from '../../model.js';
import { runTagSet, statsdName } from '../../naming.js';
import type { GitHubContext } from '../../options.js';
import { datadogRunGaugeName, datadogStatName, datadogUnit, type DatadogRunStat } from '../../naming/datadog.js';

/** `type` in `/api/v2/series`: 0 unspecified, 1 count, 2 rate, 3 gauge. */
export const DATADOG_GAUGE = 3;

export interface DatadogPoint {
  /** Integer seconds since the epoch. */
  timestamp: number;
  value: number;
}

/** One entry of the `series` array of `POST /api/v2/series`. */
export interface DatadogSeries {
  metric: string;
  type: 0 | 1 | 2 | 3;
  points: DatadogPoint[];
  tags: string[];
  unit?: string;
}

export interface DatadogSeriesOptions {
  prefix: string;
  /** The user's tags (`--tags`), on every series. */
  tags: Record<string, string>;
  /**
   * Where the job ran: adds the schema tags workflow_name, event and branch_type exactly as the StatsD route
   * does (`baseTags`). Without it, `tags` must carry them.
   */
  github?: GitHubContext;
  /** Submission time, milliseconds since the epoch. */
  now: number;
  /** Keep tag values that look like unique ids (see `looksLikeUniqueId`). */
  allowIdTags?: boolean;
  /** More gauges for a run (GPU telemetry, cost), sent as `<prefix>.<name>` with the run's tags and their own. */
  extraGauges?: (run: RunSummary, index: number) => { name: string; value: number; tags: Record<string, string> }[];
}

export interface DatadogSeriesResult {
  series: DatadogSeries[];
  /** Values left out because they were NaN or infinite (JSON cannot carry them), as `metric (run)`. */
  skipped: string[];
  /** Tags refused as unique ids, with why. */
  refused: string[];
}

/** Build the gauges for every run: steady-state median/p10/p90, final loss, loss samples, last step, truncation, duration, verdicts. */
export function toDatadogSeries(
  summaries: RunSummary[],
  gate: GateResult[] | null,
  options: DatadogSeriesOptions,
): DatadogSeriesResult {
  const timestamp = Math.floor(options.now / 1000);
  const out: DatadogSeriesResult = { series: [], skipped: [], refused: [] };
  const refused = new Set<string>();

  for (const [index, run] of summaries.entries()) {
    // As the StatsD route, plus the run's name.
    const tagSet = runTagSet(run, options.tags, options.github, options.allowIdTags ?? false, { run: run.name });
    for (const r of tagSet.refused) refused.add(r);
    const tags = Object.entries(tagSet.tags).map(([k, v]) => `${k}:${v}`);

    const gauge = (metric: string, value: number, unit: string | undefined, extraTags: string[] = []): void => {
      if (!Number.isFinite(value)) {
        out.skipped.push(`${metric} (${run.name})`);
        return;
      }
      const series: DatadogSeries = {
        metric,
        type: DATADOG_GAUGE,
        points: [{ timestamp, value }],
        tags: [...tags, ...extraTags],
      };
      if (unit) series.unit = unit;
      out.series.push(series);
    };
    const stat = (m: MetricSummary, which: DatadogRunStat, value: number, unit = datadogUnit(m.class.unit)): void =>
      gauge(datadogStatName(options.prefix, m.name, which), value, unit);

    gauge(datadogRunGaugeName(options.prefix, 'steps'), run.steps.last, undefined);
    gauge(datadogRunGaugeName(options.prefix, 'truncated'), run.truncated ? 1 : 0, undefined);
    if (run.durationSeconds !== undefined)
      gauge(datadogRunGaugeName(options.prefix, 'duration'), run.durationSeconds, 'second');

    for (const m of run.metrics) {
      if (m.class.kind === 'ignore') continue;
      const unit = datadogUnit(m.class.unit);
      if (m.steady) {
        stat(m, 'median', m.steady.median);
        stat(m, 'p10', m.steady.p10);
        stat(m, 'p90', m.steady.p90);
      } else if (m.class.kind === 'gauge' && m.count > 0) {
        // Same name and type as the DogStatsD gauge: the latest value.
        gauge(statsdName(options.prefix, m.name), m.last, unit);
      }
      if (m.class.kind === 'loss') {
        // Sent even when 0, so a monitor on it recovers once a run is clean again.
        stat(m, 'nonFinite', m.nan + m.inf, undefined);
        if (m.loss) {
          stat(m, 'final', m.loss.final);
          stat(m, 'diverged', m.loss.divergence ? 1 : 0, undefined);
          const name = statsdName(options.prefix, m.name);
          const stepName = datadogStatName(options.prefix, m.name, 'step');
          for (const [step, value] of m.loss.samples) {
            gauge(name, value, unit, [`step:${step}`]);
            // Datadog plots against time only; a scatter plot of this against the sample (grouped by step) draws the curve.
            gauge(stepName, step, undefined, [`step:${step}`]);
          }
        }
      }
    }

    for (const g of options.extraGauges?.(run, index) ?? []) {
      gauge(
        statsdName(options.prefix, g.name),
        g.value,
        undefined,
        Object.entries(g.tags).map(([k, v]) => `${k}:${v}`),
      );
    }

    const verdict = gate?.find((g) => g.experiment === run.experiment && g.name === run.name);
    if (verdict) {
      gauge(datadogRunGaugeName(options.prefix, 'regression'), verdict.regression ? 1 : 0, undefined);
      for (const v of verdict.metrics) {
        // Only verdicts that judged something: "missing" and "insufficient-history" are not a 0.
        if (v.verdict === 'missing' || v.verdict === 'insufficient-history') continue;
        gauge(datadogStatName(options.prefix, v.name, 'regression'), v.verdict === 'regression' ? 1 : 0, undefined);
      }
    }
  }
  out.refused = [...refused];
  return out;
}
