/**
 * The one engine behind the action and the CLI: options in, a result out. Stages run in pipeline order —
 * ingest → summarize → gate → sinks → store → report — and only sinks, stores and the report's GitHub
 * calls touch the outside world, none of them able to change the verdict. Stages a run does not ask for
 * are not even loaded (a plain `emit` never loads the GitHub client or prom-client).
 */
import { loadConfig } from './classify/index.js';
import { InputError } from './model.js';
import type { Options } from './options.js';
import { newStage, type Io, type RunResult, type ShellFeatures, type Stage } from './stages/context.js';
import { readRuns } from './stages/read-runs.js';

export type { Io, RunResult, ShellFeatures, StatsdOutcome } from './stages/context.js';

export async function run(options: Options, io: Io, shell: ShellFeatures = { jobSummary: false }): Promise<RunResult> {
  const base = newStage(options, io, shell);
  for (const n of options.notices) base.warn(n);
  let stage: Stage;
  try {
    stage = { ...base, config: await loadConfig(options.config) };
  } catch (e) {
    base.fail(e);
    return { ...base.result, exitCode: 2 };
  }
  const { result } = stage;
  if (options.command === 'post-comment') {
    await (await import('./stages/post-comment.js')).postComment(stage, options.commentFile!);
    result.exitCode = result.errors.length ? 2 : 0;
    return result;
  }
  // Loaded while the first files are read (hot-shots and the socket modules are a fair part of start-up).
  const statsdStage = options.statsdHost || options.dryRun ? import('./stages/statsd.js') : null;

  await readRuns(stage);
  if (options.gpuCsv.length || options.gpuScrape.length || options.gpuPrice || stage.config.sections.gpu_price) {
    await (await import('./stages/gpu.js')).addGpu(stage);
  }

  const historyStage = options.history ? await import('./stages/history.js') : null;
  const history = historyStage && options.history ? await historyStage.gateRuns(stage, options.history) : null;

  if (statsdStage) await (await statsdStage).emitStatsd(stage);
  if (options.pushgatewayUrl || (options.datadogUrl && options.datadogApiKey)) {
    const sinks = await import('./stages/http-sinks.js');
    if (options.pushgatewayUrl) await sinks.pushToPushgateway(stage, options.pushgatewayUrl);
    if (options.datadogUrl && options.datadogApiKey)
      await sinks.sendToDatadogApi(stage, options.datadogUrl, options.datadogApiKey);
  }

  // The report goes first: a report file that cannot be written stops the run from being recorded, so
  // fixing the path and running again does not record the same run twice.
  if (result.gate.length) await (await import('./stages/report.js')).publish(stage, history?.history ?? null);
  else if (options.markdown || options.html)
    stage.warn(
      "markdown/html: no report written, because it shows the gate's verdicts and none were made (check with history makes them)",
    );
  if (historyStage && history) await historyStage.recordRuns(stage, history);

  if (options.failOnSinkError && (result.sinks.some((r) => !r.ok) || (result.statsd?.errors.length ?? 0) > 0)) {
    stage.fail(new InputError('sinks', null, 'a sink could not deliver and fail-on-sink-error is set'));
  }
  const regression = result.gate.some((g) => g.regression);
  result.exitCode = result.errors.length ? 2 : regression && options.failOnRegression ? 1 : 0;
  return result;
}
