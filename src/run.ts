/**
 * The one engine behind the action and the CLI: options in, a result out. Each stage returns what it made
 * and run() hands it to the next — runs (ingest + summarize) → GPU → verdicts (gate) → sinks → report →
 * record — so this function reads as the pipeline. Only sinks, stores and the report's GitHub calls touch
 * the outside world, none of them able to change the verdict. Stages a run does not ask for are not even
 * loaded (a plain `emit` never loads the GitHub client, prom-client or the GPU code).
 */
import { type Config, loadConfig } from './config/index.js';
import { bisectExitCode } from './gate/bisect-verdict.js';
import { withGpuMetrics } from './gpu/join-runs.js';
import { InputError } from './model.js';
import type { Options } from './options.js';
import { sinkBudget } from './sinks/budget.js';
import { readRuns } from './stages/read-runs.js';
import { type Io, RunContext, type ShellFeatures } from './stages/run-context.js';
import type { JudgedRuns, ReportOutcome, RunResult, SinkOutcome, StatsdOutcome } from './stages/run-result.js';

export type { Io, ShellFeatures } from './stages/run-context.js';
export type { RunResult, StatsdOutcome } from './stages/run-result.js';

/** What the stages made, before the run's errors and warnings are added. */
type StageOutputs = JudgedRuns & {
  statsd: StatsdOutcome | null;
  sinks: SinkOutcome[];
  report: ReportOutcome | null;
  environment?: Record<string, string> | null;
};

const NOTHING: StageOutputs = { summaries: [], gate: [], gpu: null, statsd: null, sinks: [], report: null };

export async function run(options: Options, io: Io, shell: ShellFeatures = { jobSummary: false }): Promise<RunResult> {
  const ctx = new RunContext(options, io, shell);
  for (const n of options.notices) ctx.warn(n);
  const config = await readConfig(ctx);
  if (!config) return runResult(ctx, NOTHING);
  if (options.command === 'post-comment') {
    const report = await (await import('./stages/post-comment.js')).postComment(ctx, options.commentFile!);
    return runResult(ctx, { ...NOTHING, report });
  }
  // Loaded while the first files are read (hot-shots and the socket modules are a fair part of start-up).
  const statsdStage = options.statsdHost || options.dryRun ? import('./stages/statsd.js') : null;
  // The OpenTelemetry SDK only where an OTLP endpoint is set; a plain emit never loads it, nor a dry run.
  const otlpStage = options.otlp && !options.dryRun ? import('./stages/otlp.js') : null;
  if (options.otlp && options.dryRun) ctx.io.info('dry run: nothing sent to the OTLP endpoint');

  // Loaded, and a database history connecting, while the files are read.
  const historyStage = options.history ? import('./stages/history.js') : null;
  const prepared = historyStage?.then((stage) => stage.prepareHistory(options.history!)) ?? null;

  const runs = await ctx.timed('read', () => readRuns(ctx, config));
  const gpu = wantsGpu(options, config)
    ? await ctx.timed('gpu', async () => (await import('./stages/gpu.js')).readGpu(ctx, runs, config))
    : null;
  const summaries = withGpuMetrics(runs, gpu);
  // What the run ran on: kept in its record, and compared with the last good run's when it regresses.
  const environment =
    options.history || options.environment.length
      ? await (await import('./stages/environment.js')).runEnvironment(ctx)
      : null;

  const gated =
    historyStage && options.history
      ? await ctx.timed('check', async () =>
          (await historyStage).gateRuns(ctx, summaries, options.history!, config.gate, await prepared, environment),
        )
      : null;
  const judged: JudgedRuns = { summaries, gate: gated?.verdicts ?? [], gpu };

  // One deadline for every sink together, so an unreachable one never holds the job past sink-timeout.
  const budget = sinkBudget(options.sinkTimeout);
  const statsd = statsdStage
    ? await ctx.timed('statsd', async () => (await statsdStage).emitStatsd(ctx, judged, budget))
    : null;
  const sinks = wantsHttpSinks(ctx)
    ? await ctx.timed('http sinks', async () =>
        (await import('./stages/http-sinks.js')).sendToHttpSinks(ctx, judged, budget),
      )
    : [];
  if (otlpStage && options.otlp?.metrics)
    sinks.push(await ctx.timed('otlp metrics', async () => (await otlpStage).sendOtlpMetrics(ctx, judged, budget)));

  // The report goes first: a report file that cannot be written stops the run from being recorded, so
  // fixing the path and running again does not record the same run twice.
  const report = judged.gate.length
    ? await ctx.timed('report', async () =>
        (await import('./stages/report.js')).publish(ctx, judged, gated?.open.history ?? null),
      )
    : warnNoReport(ctx);
  if (historyStage && gated)
    await ctx.timed('record', async () =>
      (await historyStage).recordRuns(ctx, summaries, gated.open, gated.verdicts, environment),
    );
  // The history's connection (PostgreSQL), kept open from the read to the record.
  await (gated?.open.store ?? (await prepared))?.close();
  // The trace last, so it holds every stage; within what is left of the sinks' deadline.
  if (otlpStage && options.otlp?.traces) sinks.push(await (await otlpStage).exportTrace(ctx, judged, budget));

  if (options.failOnSinkError && (sinks.some((r) => !r.ok) || (statsd?.errors.length ?? 0) > 0)) {
    ctx.recordError(new InputError('sinks', null, 'a sink could not deliver and fail-on-sink-error is set'));
  }
  return runResult(ctx, { ...judged, statsd, sinks, report, environment });
}

/** The config with the `gpu-price` input; null when it cannot be read (already reported). */
async function readConfig(ctx: RunContext): Promise<Config | null> {
  try {
    return await loadConfig(ctx.options.config, { gpuPrice: ctx.options.gpuPrice });
  } catch (e) {
    ctx.recordError(e);
    return null;
  }
}

/** A capture to read or prices to apply: either makes a GPU report. */
function wantsGpu(options: Options, config: Config): boolean {
  return options.gpuCsv.length > 0 || options.gpuScrape.length > 0 || config.gpuPricesGiven;
}

/** A dry run sends nothing: it says which HTTP sinks it left alone. */
function wantsHttpSinks({ options, io }: RunContext): boolean {
  const named = [
    options.pushgatewayUrl ? 'Pushgateway' : '',
    options.datadogUrl && options.datadogApiKey ? 'Datadog API' : '',
  ].filter(Boolean);
  if (named.length && options.dryRun) io.info(`dry run: nothing sent to the ${named.join(' or the ')}`);
  return named.length > 0 && !options.dryRun;
}

/** Without verdicts there is nothing to report; asking for report files then gets a warning, not an error. */
function warnNoReport(ctx: RunContext): null {
  if (ctx.options.markdown || ctx.options.html)
    ctx.warn(
      "markdown/html: no report written, because it shows the gate's verdicts and none were made (check with history makes them)",
    );
  return null;
}

/**
 * Bad input wins over a regression; a regression fails only when fail-on-regression says so, a run that
 * judged nothing only when fail-on-not-judged does.
 */
function runResult(ctx: RunContext, out: StageOutputs): RunResult {
  const regression = out.gate.some((g) => g.regression);
  const notJudged = out.gate.some((g) => g.verdict === 'not-judged');
  const fails = (regression && ctx.options.failOnRegression) || (notJudged && ctx.options.failOnNotJudged);
  const exitCode = ctx.errors.length ? 2 : fails ? 1 : 0;
  return {
    exitCode: ctx.options.bisect ? bisectExitCode(out.gate, ctx.errors.length, out.summaries) : exitCode,
    summaries: out.summaries,
    gate: out.gate,
    statsd: out.statsd,
    gpu: out.gpu,
    sinks: out.sinks,
    report: out.report,
    ...(out.environment ? { environment: out.environment } : {}),
    errors: ctx.errors,
    warnings: ctx.warnings,
  };
}
