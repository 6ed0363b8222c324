/** The HTTP sinks: Pushgateway and the Datadog API. An outage warns; it never changes the verdict. */
import { gpuGaugesFor } from '../gpu/join-runs.js';
import { sendToDatadog } from '../sinks/datadog/send.js';
import { pushRunResults } from '../sinks/prometheus/pushgateway.js';
import type { RunSummary } from '../model.js';
import type { SinkBudget } from '../sinks/budget.js';
import type { RunContext } from './run-context.js';
import type { JudgedRuns, SinkOutcome } from './run-result.js';

/** What each sink the options name did, Pushgateway first. */
export async function sendToHttpSinks(ctx: RunContext, runs: JudgedRuns, budget: SinkBudget): Promise<SinkOutcome[]> {
  const { pushgatewayUrl, datadogUrl, datadogApiKey } = ctx.options;
  const outcomes: SinkOutcome[] = [];
  if (pushgatewayUrl) {
    const pushed = await pushToPushgateway(ctx, runs, pushgatewayUrl, budget);
    if (pushed) outcomes.push(pushed);
  }
  if (datadogUrl && datadogApiKey)
    outcomes.push(await sendToDatadogApi(ctx, runs, { url: datadogUrl, apiKey: datadogApiKey }, budget));
  return outcomes;
}

/** What both sinks name and tag series by, as the StatsD route does, plus the GPU gauges. */
function seriesOptions({ options }: RunContext, gpu: JudgedRuns['gpu']) {
  return {
    prefix: options.prefix,
    tags: options.tags,
    allowIdTags: options.allowIdTags,
    github: options.github,
    extraGauges: (s: RunSummary, i: number) => gpuGaugesFor(gpu, s.name, i),
  };
}

async function pushToPushgateway(
  ctx: RunContext,
  runs: JudgedRuns,
  url: string,
  budget: SinkBudget,
): Promise<SinkOutcome | null> {
  try {
    const pushed = await pushRunResults(url, runs.summaries, runs.gate.length ? runs.gate : null, {
      ...seriesOptions(ctx, runs.gpu),
      budgetMs: budget.ms,
      deadline: budget.deadline,
    });
    for (const r of pushed.refused) ctx.refuseTag(r);
    for (const w of pushed.warnings) ctx.warn(w);
    if (pushed.ok) ctx.io.info(`Pushgateway: ${pushed.sent} samples to ${pushed.target}`);
    return pushed;
  } catch (e) {
    ctx.recordError(e);
    return null;
  }
}

async function sendToDatadogApi(
  ctx: RunContext,
  runs: JudgedRuns,
  target: { url: string; apiKey: string },
  budget: SinkBudget,
): Promise<SinkOutcome> {
  const dd = await sendToDatadog(runs.summaries, runs.gate, {
    ...target,
    ...seriesOptions(ctx, runs.gpu),
    retry: { budgetMs: budget.ms },
    deadline: budget.deadline,
  });
  for (const r of dd.refused) ctx.refuseTag(r);
  for (const n of dd.notes) ctx.io.info(n);
  for (const w of dd.warnings) ctx.warn(w);
  return dd;
}
