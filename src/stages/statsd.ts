/** The StatsD sink stage: every run's metrics (plus GPU and cost gauges) with one tag-key set per batch. */
import { gpuGaugesFor } from '../gpu/join-runs.js';
import type { GpuReport } from '../gpu/report.js';
import type { GateResult, RunSummary } from '../model.js';
import { runTagSet, runTagsWhereShared } from '../naming.js';
import type { Options } from '../options.js';
import type { SinkBudget } from '../sinks/budget.js';
import { defaultEnvTagLevel } from '../sinks/statsd/env-tags.js';
import { sendStatsd } from '../sinks/statsd/send.js';
import {
  countSeries,
  sentFactor,
  sentStatsdName,
  toStatsdMetrics,
  type StatsdMetric,
} from '../sinks/statsd/metrics.js';
import type { RunContext } from './run-context.js';
import type { JudgedRuns, StatsdOutcome } from './run-result.js';
import { ownValue, plainRecord } from '../own-keys.js';

export async function emitStatsd(ctx: RunContext, runs: JudgedRuns, budget: SinkBudget): Promise<StatsdOutcome> {
  const { options, io } = ctx;
  const metrics = statsdMetricsFor(runs.summaries, runs.gate, runs.gpu, options, (r) => ctx.refuseTag(r));
  const report = await sendStatsd(metrics, {
    host: options.statsdHost ?? '127.0.0.1',
    port: options.statsdPort,
    protocol: options.statsdProtocol,
    flavor: options.statsdFlavor,
    maxBufferSize: options.maxBufferSize,
    maxBytesPerMs: options.statsdMaxBytesPerMs,
    envTags: options.statsdEnvTags ?? defaultEnvTagLevel(options.statsdFlavor),
    dryRun: options.dryRun,
    budget,
    progress: ctx.progress,
  });
  const outcome = { ...report, series: countSeries(metrics) };
  for (const e of report.errors) ctx.warn(`StatsD ${report.target}: ${e}`);
  for (const o of report.oversized) ctx.warn(`StatsD: ${o}`);
  if (options.dryRun) for (const line of report.printed) io.info(line);
  else
    io.info(
      `StatsD: ${report.lines} lines in ${report.datagrams} ${report.protocol === 'tcp' ? 'writes' : 'datagrams'} to ${report.target} over ${report.protocol}${DELIVERY_NOTE[report.delivery]}, ${outcome.series} series, ${report.sendMs} ms`,
    );
  return outcome;
}

/** How the summary line qualifies the lines it counts (the warnings say what was not delivered). */
const DELIVERY_NOTE: Record<StatsdOutcome['delivery'], string> = {
  written: '',
  unconfirmed: ' (delivery unconfirmed)',
  partial: ' (delivery partial)',
  failed: ' (delivery failed)',
  none: '',
};

/**
 * StatsD metrics for every run. Every line of one metric name carries the same tag keys — the union of
 * the batch's — since statsd_exporter makes each tag a label, and one family with different label names
 * per series is hard to query alike (older exporters refused such lines; v0.23.0 was seen to accept them).
 */
function statsdMetricsFor(
  summaries: RunSummary[],
  gate: GateResult[],
  gpu: GpuReport | null,
  options: Options,
  refuseTag: (reason: string) => void,
): StatsdMetric[] {
  const runTags = runTagsWhereShared(summaries, options.allowIdTags);
  const perRun = summaries.map((s, i) => {
    const { tags, refused } = runTagSet(s, options.tags, options.github, options.allowIdTags, runTags[i]);
    for (const r of refused) refuseTag(r);
    return tags;
  });
  const keys = new Set(perRun.flatMap((t) => Object.keys(t)));
  return summaries.flatMap((s, i) => {
    const tags = plainRecord<string>();
    for (const k of keys) tags[k] = ownValue(perRun[i]!, k) ?? 'none';
    const verdict = gate.find((g) => g.experiment === s.experiment && g.name === s.name) ?? null;
    const extra = gpuGaugesFor(gpu, s.name, i).map(
      (g): StatsdMetric => ({
        name: sentStatsdName(options.prefix, g.name, { kind: 'gauge', unit: g.unit }, options.statsdFlavor),
        value: g.value * sentFactor(g.unit, options.statsdFlavor),
        type: 'g',
        sampleRate: 1,
        tags: { ...tags, ...g.tags },
      }),
    );
    return [...toStatsdMetrics(s, verdict, { prefix: options.prefix, flavor: options.statsdFlavor, tags }), ...extra];
  });
}
