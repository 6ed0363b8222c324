/**
 * The one engine behind the action and the CLI: options in, a result out. Stages are called in
 * pipeline order — ingest → summarize → gate → sinks → store → report; only sinks, stores and the
 * report's GitHub calls touch the outside world, and none of them can change the verdict.
 */
import { basename, dirname, extname } from 'node:path';
import { loadConfig, type Config } from './classify/index.js';
import { readGpuInputs } from './ingest/gpu/read.js';
import { openTable, readManifest } from './ingest/index.js';
import { InputError, type GateResult, type RunInput, type RunSummary } from './model.js';
import { baseTags, buildTags, statsdName } from './naming.js';
import type { Options } from './options.js';
import { sendToDatadog } from './sinks/datadog.js';
import { pushRunResults } from './sinks/pushgateway.js';
import { sendStatsd, type StatsdReport } from './sinks/statsd.js';
import { countSeries, toStatsdMetrics, type StatsdMetric } from './sinks/statsd-metrics.js';
import { gpuReport, resolveGpuPrices, type GpuReport } from './summarize/gpu-report.js';
import { summarizeRun } from './summarize/index.js';
import { gateConfig, judgeRun, recordFromSummary, runCompleteness, shouldRecord, type GateConfig } from './gate/index.js';
import { appendRecords, comparableRuns, fingerprintKey, openHistory, type HistoryFile, type HistoryStore } from './store/index.js';
import { metricKey } from './naming.js';
import { lossBandFromCurves, publishReport, reportInput } from './report/index.js';

/** How the engine talks to its shell: the action maps these to core.info/warning/error, the CLI to stderr. */
export interface Io {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What only the action has: annotations on the job page, and the job summary. */
export interface ShellFeatures {
  annotations?: { error(message: string): void; warning(message: string): void };
  /** Append the report to GITHUB_STEP_SUMMARY. */
  jobSummary: boolean;
}

export interface StatsdOutcome extends StatsdReport {
  /** Distinct series (metric name + tag set) this job wrote: what a server's index grows by. */
  series: number;
}

export interface RunResult {
  /** 0 pass, 1 regression, 2 bad input. */
  exitCode: 0 | 1 | 2;
  summaries: RunSummary[];
  gate: GateResult[];
  statsd: StatsdOutcome | null;
  /** Where the report went. */
  report: { comment: string; commentUrl: string | null; html: string | null; markdown: string | null } | null;
  /** What the HTTP sinks (Pushgateway, Datadog API) did. */
  sinks: { sink: string; ok: boolean }[];
  /** GPU telemetry summary and cost per run (null when neither a capture nor prices were given). */
  gpu: GpuReport | null;
  /** User errors met on the way (bad manifest lines, unreadable files); the other runs still went through. */
  errors: string[];
  warnings: string[];
}

export async function run(options: Options, io: Io, shell: ShellFeatures = { jobSummary: false }): Promise<RunResult> {
  const result: RunResult = { exitCode: 0, summaries: [], gate: [], statsd: null, gpu: null, sinks: [], report: null, errors: [], warnings: [] };
  const warn = (message: string) => {
    result.warnings.push(message);
    io.warn(message);
  };
  const fail = (e: unknown) => {
    if (!(e instanceof InputError)) throw e;
    result.errors.push(e.message);
    io.error(e.message);
  };

  for (const n of options.notices) warn(n);

  let config: Config;
  try {
    config = await loadConfig(options.config);
  } catch (e) {
    fail(e);
    return { ...result, exitCode: 2 };
  }

  // ingest + summarize, one run at a time so memory stays bounded by one run's summary
  for (const input of await resolveInputs(options, fail)) {
    try {
      const summary = await summarizeRun(await input(), config);
      for (const w of summary.warnings) warn(w);
      result.summaries.push(summary);
    } catch (e) {
      fail(e);
    }
  }

  // GPU telemetry and cost: gateable like any metric when the capture covers a single run
  try {
    const samples = await readGpuInputs(options.gpuCsv, options.gpuScrape);
    const prices = resolveGpuPrices(options.gpuPrice, config);
    if (samples || Object.keys(prices).length) {
      result.gpu = gpuReport(samples, result.summaries, { prices, config });
      if (result.summaries.length === 1) result.summaries[0]!.metrics.push(...result.gpu.metrics);
    }
  } catch (e) {
    fail(e);
  }

  // gate: pure verdicts against the comparable runs of the history (read once)
  let store: HistoryStore | null = null;
  let history: HistoryFile | null = null;
  let gcfg: GateConfig | null = null;
  if (options.history) {
    try {
      gcfg = gateConfig(config.sections.gate, config.source ?? 'config');
      store = openHistory(options.history);
      history = await store.read();
      if (options.command !== 'record') {
        result.gate = result.summaries.map((s) => judgeRun(s, comparableRuns(history!, s.experiment, fingerprintKey(s.fingerprint)), gcfg!));
        for (const g of result.gate) for (const m of g.metrics) io.info(`${g.experiment}: ${m.verdict} — ${m.reason}`);
      }
    } catch (e) {
      fail(storeError(e, options.history));
      store = null;
    }
  }

  // sinks: a failure warns and never changes the verdict
  if (options.statsdHost || options.dryRun) {
    const metrics = statsdMetricsFor(result.summaries, result.gate, result.gpu, options, warn);
    const report = await sendStatsd(metrics, {
      host: options.statsdHost ?? '127.0.0.1',
      port: options.statsdPort,
      flavor: options.statsdFlavor,
      maxBufferSize: options.maxBufferSize,
      dryRun: options.dryRun,
    });
    result.statsd = { ...report, series: countSeries(metrics) };
    for (const e of report.errors) warn(`StatsD ${report.target}: ${e}`);
    if (options.dryRun) for (const line of report.printed) io.info(line);
    else io.info(`StatsD: ${report.lines} lines in ${report.datagrams} datagrams to ${report.target}, ${result.statsd.series} series`);
  }

  if (options.pushgatewayUrl) {
    try {
      const gpu = result.gpu;
      const pushed = await pushRunResults(options.pushgatewayUrl, result.summaries, result.gate.length ? result.gate : null, {
        prefix: options.prefix,
        tags: options.tags,
        allowIdTags: options.allowIdTags,
        github: options.github,
        extraGauges: (s, i) => [...(gpu?.costs.find((c) => c.run === s.name)?.gauges ?? []), ...(i === 0 ? (gpu?.gauges ?? []) : [])],
      });
      result.sinks.push(pushed);
      for (const w of pushed.warnings) warn(w);
      if (pushed.ok) io.info(`Pushgateway: ${pushed.sent} samples to ${pushed.target}`);
    } catch (e) {
      fail(e);
    }
  }

  if (options.datadogUrl && options.datadogApiKey) {
    const dd = await sendToDatadog(result.summaries, result.gate, {
      url: options.datadogUrl,
      apiKey: options.datadogApiKey,
      prefix: options.prefix,
      tags: options.tags,
      github: options.github,
      allowIdTags: options.allowIdTags,
    });
    result.sinks.push(dd);
    for (const n of dd.notes) io.info(n);
    for (const w of dd.warnings) warn(w);
  }

  // store: record per the baseline policy; a run with bad input never touches the history
  if (store && history && gcfg) {
    const policy = shouldRecord(options.record, options.github);
    if (!policy.record) io.info(`history: not recorded (${policy.reason})`);
    else if (result.errors.length) warn('history: not recorded, because some input was bad');
    else if (result.summaries.length) {
      try {
        const recordedAt = new Date().toISOString();
        const records = result.summaries.map((s, i) => {
          const c = runCompleteness(s, comparableRuns(history!, s.experiment, fingerprintKey(s.fingerprint)), gcfg!.completeFraction);
          return recordFromSummary(s, { recordedAt, ref: options.github.ref, sha: options.github.sha, runId: options.github.runId, baseline: options.newBaseline && i === 0, complete: c.complete });
        });
        await store.append(records, options.historyMax);
        io.info(`history: recorded ${records.length} run(s) in ${store.location} (${policy.reason})`);
      } catch (e) {
        if (e instanceof InputError) fail(e);
        else warn(`history: could not record in ${store.location}: ${(e as Error).message}`);
      }
    }
  }

  // report: job summary, PR comment, annotations, files
  if (result.gate.length || options.markdown || options.html) {
    const input = reportInput({
      gate: result.gate,
      summaries: result.summaries,
      github: options.github,
      lossBand: (g, s) => {
        const loss = s?.metrics.find((m) => m.class.kind === 'loss' && m.class.gate);
        if (!history || !loss) return undefined;
        const key = metricKey(loss.name);
        const curves = comparableRuns(history, g.experiment, g.fingerprint).map((r) => r.metrics[key]?.samples ?? []);
        return { points: lossBandFromCurves(curves), lossMetric: loss.name };
      },
    });
    try {
      const published = await publishReport(
        input,
        { markdown: options.markdown, html: options.html, comment: options.comment, githubToken: options.githubToken, github: options.github, jobSummary: shell.jobSummary },
        { io, ...(shell.annotations ? { annotations: shell.annotations } : {}) },
      );
      result.report = { comment: published.comment.action, commentUrl: published.comment.url ?? null, html: published.files.html ?? null, markdown: published.files.markdown ?? null };
    } catch (e) {
      fail(e);
    }
  }

  const sinkFailed = options.failOnSinkError && (result.sinks.some((r) => !r.ok) || (result.statsd?.errors.length ?? 0) > 0);
  if (sinkFailed) fail(new InputError('sinks', null, 'a sink could not deliver and fail-on-sink-error is set'));
  const regression = result.gate.some((g) => g.regression);
  result.exitCode = result.errors.length ? 2 : regression && options.failOnRegression ? 1 : 0;
  return result;
}

/** Each run to process, opened lazily; manifest problems are reported and the other runs still go. */
async function resolveInputs(options: Options, fail: (e: unknown) => void): Promise<(() => Promise<RunInput>)[]> {
  const inputs: (() => Promise<RunInput>)[] = [];
  for (const file of options.csv) {
    const name = runNameOf(file);
    const experiment = options.experiment ?? name;
    inputs.push(async () => ({ name, experiment, tags: {}, fingerprint: {}, table: await openTable(file) }));
  }
  if (options.metadata) {
    try {
      const manifest = await readManifest(options.metadata);
      for (const e of manifest.errors) fail(e);
      for (const r of manifest.runs) {
        inputs.push(async () => ({
          name: r.name,
          experiment: options.experiment ? `${options.experiment}/${r.name}` : r.name,
          tags: r.config,
          fingerprint: r.fingerprint,
          ...(r.durationSeconds === undefined ? {} : { durationSeconds: r.durationSeconds }),
          table: await openTable(r.file),
        }));
      }
    } catch (e) {
      fail(e);
    }
  }
  if (!inputs.length && !options.metadata) fail(new InputError('(arguments)', null, 'no input: give --csv FILE or --metadata FILE'));
  return inputs;
}

/** A run's name from its file: the folder for the conventional metrics_rank_0.csv, else the file's stem. */
export function runNameOf(file: string): string {
  const stem = basename(file, extname(file));
  return /^metrics(_rank_\d+)?$/.test(stem) ? basename(dirname(file)) || stem : stem;
}

/**
 * StatsD metrics for every run. Every line of one metric name must carry the same tag keys
 * (statsd_exporter rejects it otherwise), so runs of a batch share the union of their tag keys.
 */
function statsdMetricsFor(summaries: RunSummary[], gate: GateResult[], gpu: GpuReport | null, options: Options, warn: (m: string) => void): StatsdMetric[] {
  const perRun = summaries.map((s) => {
    const { tags, refused } = buildTags([s.tags, options.tags, baseTags(s.experiment, options.github)], options.allowIdTags);
    for (const r of refused) warn(`tag refused: ${r}`);
    return tags;
  });
  const keys = new Set(perRun.flatMap((t) => Object.keys(t)));
  return summaries.flatMap((s, i) => {
    const tags: Record<string, string> = {};
    for (const k of keys) tags[k] = perRun[i]![k] ?? 'none';
    const verdict = gate.find((g) => g.experiment === s.experiment && g.name === s.name) ?? null;
    const extra = [
      ...(gpu?.costs.find((c) => c.run === s.name)?.gauges ?? []),
      // The capture covers the job: its gauges go out once, with the first run's tags.
      ...(i === 0 ? (gpu?.gauges ?? []) : []),
    ].map((g): StatsdMetric => ({ name: statsdName(options.prefix, g.name), value: g.value, type: 'g', sampleRate: 1, tags: { ...tags, ...g.tags } }));
    return [...toStatsdMetrics(s, verdict, { prefix: options.prefix, flavor: options.statsdFlavor, tags }), ...extra];
  });
}

/** A history that cannot be read is bad input when it is the user's file, a store failure otherwise. */
function storeError(e: unknown, location: string): InputError {
  if (e instanceof InputError) return e;
  return new InputError(location, null, `history cannot be read: ${(e as Error).message.split('\n')[0]}`);
}
