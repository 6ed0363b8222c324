/**
 * Run summaries and gate verdicts → Datadog `/api/v2/series` gauges. Pure: the same input and `now` always
 * give the same series.
 *
 * The API accepts points at most one hour old and ten minutes ahead, so nothing is stamped with its
 * historical time: every point carries the submission time, and the loss samples are told apart by a
 * `step:N` tag instead of by their timestamps.
 */
import type { GateResult, MetricSummary, RunSummary } from '../../model.js';
import { metricNameTooLong, runTagSet, statsdName } from '../../naming.js';
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
  /** Metrics not sent because their name is too long, with why (once per name). */
  tooLong: string[];
}

/** Build the gauges for every run: steady-state median/p10/p90, final loss, loss samples, last step, truncation, duration, verdicts. */
export function toDatadogSeries(
  summaries: RunSummary[],
  gate: GateResult[] | null,
  options: DatadogSeriesOptions,
): DatadogSeriesResult {
  const timestamp = Math.floor(options.now / 1000);
  const out: DatadogSeriesResult = { series: [], skipped: [], refused: [], tooLong: [] };
  const refused = new Set<string>();
  const { prefix } = options;

  for (const [index, run] of summaries.entries()) {
    // As the StatsD route, plus the run's name.
    const tagSet = runTagSet(run, options.tags, options.github, options.allowIdTags ?? false, { run: run.name });
    for (const r of tagSet.refused) refused.add(r);
    const tags = Object.entries(tagSet.tags).map(([k, v]) => `${k}:${v}`);
    const w = new RunSeries(out, run.name, tags, timestamp);

    w.gauge(datadogRunGaugeName(prefix, 'steps'), run.steps.last, undefined);
    w.gauge(datadogRunGaugeName(prefix, 'truncated'), run.truncated ? 1 : 0, undefined);
    if (run.durationSeconds !== undefined)
      w.gauge(datadogRunGaugeName(prefix, 'duration'), run.durationSeconds, 'second');
    for (const m of run.metrics) if (m.class.kind !== 'ignore') metricGauges(w, prefix, m);
    for (const g of options.extraGauges?.(run, index) ?? []) {
      w.gauge(
        statsdName(prefix, g.name),
        g.value,
        undefined,
        Object.entries(g.tags).map(([k, v]) => `${k}:${v}`),
      );
    }
    const verdict = gate?.find((g) => g.experiment === run.experiment && g.name === run.name);
    if (verdict) verdictGauges(w, prefix, verdict);
  }
  out.refused = [...refused];
  return out;
}

/** One run's gauges into the result, all stamped and tagged alike; a NaN or infinite value is listed as skipped. */
class RunSeries {
  constructor(
    private readonly out: DatadogSeriesResult,
    private readonly run: string,
    private readonly tags: string[],
    private readonly timestamp: number,
  ) {}

  gauge(metric: string, value: number, unit: string | undefined, extraTags: string[] = []): void {
    const why = metricNameTooLong(metric);
    if (why !== null) {
      if (!this.out.tooLong.includes(why)) this.out.tooLong.push(why);
      return;
    }
    if (!Number.isFinite(value)) {
      this.out.skipped.push(`${metric} (${this.run})`);
      return;
    }
    const series: DatadogSeries = {
      metric,
      type: DATADOG_GAUGE,
      points: [{ timestamp: this.timestamp, value }],
      tags: [...this.tags, ...extraTags],
    };
    if (unit) series.unit = unit;
    this.out.series.push(series);
  }
}

/** A column's gauges: its steady state (or a gauge's latest value) and, for a loss, its health and samples. */
function metricGauges(w: RunSeries, prefix: string, m: MetricSummary): void {
  const unit = datadogUnit(m.class.unit);
  const stat = (which: DatadogRunStat, value: number, statUnit: string | undefined = unit): void =>
    w.gauge(datadogStatName(prefix, m.name, which), value, statUnit);
  if (m.steady) {
    stat('median', m.steady.median);
    stat('p10', m.steady.p10);
    stat('p90', m.steady.p90);
  } else if (m.class.kind === 'gauge' && m.count > 0) {
    // Same name and type as the DogStatsD gauge: the latest value.
    w.gauge(statsdName(prefix, m.name), m.last, unit);
  }
  if (m.class.kind !== 'loss' && m.class.kind !== 'quality') return;
  // Sent even when 0, so a monitor on it recovers once a run is clean again.
  if (m.class.kind === 'loss') stat('nonFinite', m.nan + m.inf, undefined);
  if (!m.loss) return;
  stat('final', m.loss.finalWindow.median);
  if (m.class.kind === 'loss') stat('diverged', m.loss.divergence ? 1 : 0, undefined);
  const name = statsdName(prefix, m.name);
  const stepName = datadogStatName(prefix, m.name, 'step');
  for (const [step, value] of m.loss.samples) {
    w.gauge(name, value, unit, [`step:${step}`]);
    // Datadog plots against time only; a scatter plot of this against the sample (grouped by step) draws the curve.
    w.gauge(stepName, step, undefined, [`step:${step}`]);
  }
}

/** The run's regression flag, and one per metric the gate judged ("missing" and "insufficient-history" are not a 0). */
function verdictGauges(w: RunSeries, prefix: string, verdict: GateResult): void {
  w.gauge(datadogRunGaugeName(prefix, 'regression'), verdict.regression ? 1 : 0, undefined);
  for (const v of verdict.metrics) {
    if (v.verdict === 'missing' || v.verdict === 'insufficient-history') continue;
    w.gauge(datadogStatName(prefix, v.name, 'regression'), v.verdict === 'regression' ? 1 : 0, undefined);
  }
}
