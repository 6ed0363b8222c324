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
import { sendStatsd, type StatsdReport } from './sinks/statsd.js';
import { countSeries, toStatsdMetrics, type StatsdMetric } from './sinks/statsd-metrics.js';
import { gpuReport, resolveGpuPrices, type GpuReport } from './summarize/gpu-report.js';
import { summarizeRun } from './summarize/index.js';

/** How the engine talks to its shell: the action maps these to core.info/warning/error, the CLI to stderr. */
export interface Io {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
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
  /** GPU telemetry summary and cost per run (null when neither a capture nor prices were given). */
  gpu: GpuReport | null;
  /** User errors met on the way (bad manifest lines, unreadable files); the other runs still went through. */
  errors: string[];
  warnings: string[];
}

export async function run(options: Options, io: Io): Promise<RunResult> {
  const result: RunResult = { exitCode: 0, summaries: [], gate: [], statsd: null, gpu: null, errors: [], warnings: [] };
  const warn = (message: string) => {
    result.warnings.push(message);
    io.warn(message);
  };
  const fail = (e: unknown) => {
    if (!(e instanceof InputError)) throw e;
    result.errors.push(e.message);
    io.error(e.message);
  };

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
