/** The StatsD sink stage: every run's metrics (plus GPU and cost gauges) with one tag-key set per batch. */
import type { GateResult, RunSummary } from '../model.js';
import { runTagSet, statsdName } from '../naming.js';
import type { Options } from '../options.js';
import { sendStatsd } from '../sinks/statsd/send.js';
import { countSeries, toStatsdMetrics, type StatsdMetric } from '../sinks/statsd/metrics.js';
import type { GpuReport } from '../summarize/gpu-report.js';
import { gpuGaugesFor } from './gpu-gauges.js';
import type { Stage } from './context.js';

export async function emitStatsd(stage: Stage): Promise<void> {
  const { options, result, io } = stage;
  const metrics = statsdMetricsFor(result.summaries, result.gate, result.gpu, options, stage.refuseTag);
  const report = await sendStatsd(metrics, {
    host: options.statsdHost ?? '127.0.0.1',
    port: options.statsdPort,
    flavor: options.statsdFlavor,
    maxBufferSize: options.maxBufferSize,
    dryRun: options.dryRun,
  });
  result.statsd = { ...report, series: countSeries(metrics) };
  for (const e of report.errors) stage.warn(`StatsD ${report.target}: ${e}`);
  if (options.dryRun) for (const line of report.printed) io.info(line);
  else
    io.info(
      `StatsD: ${report.lines} lines in ${report.datagrams} datagrams to ${report.target}, ${result.statsd.series} series`,
    );
}

/**
 * StatsD metrics for every run. Every line of one metric name must carry the same tag keys
 * (statsd_exporter rejects it otherwise), so runs of a batch share the union of their tag keys.
 */
function statsdMetricsFor(
  summaries: RunSummary[],
  gate: GateResult[],
  gpu: GpuReport | null,
  options: Options,
  refuseTag: (reason: string) => void,
): StatsdMetric[] {
  const perRun = summaries.map((s) => {
    const { tags, refused } = runTagSet(s, options.tags, options.github, options.allowIdTags);
    for (const r of refused) refuseTag(r);
    return tags;
  });
  const keys = new Set(perRun.flatMap((t) => Object.keys(t)));
  return summaries.flatMap((s, i) => {
    const tags: Record<string, string> = {};
    for (const k of keys) tags[k] = perRun[i]![k] ?? 'none';
    const verdict = gate.find((g) => g.experiment === s.experiment && g.name === s.name) ?? null;
    const extra = gpuGaugesFor(gpu, s.name, i).map(
      (g): StatsdMetric => ({
        name: statsdName(options.prefix, g.name),
        value: g.value,
        type: 'g',
        sampleRate: 1,
        tags: { ...tags, ...g.tags },
      }),
    );
    return [...toStatsdMetrics(s, verdict, { prefix: options.prefix, flavor: options.statsdFlavor, tags }), ...extra];
  });
}
