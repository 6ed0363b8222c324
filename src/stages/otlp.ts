/**
 * The OTLP stage: metrics with the other sinks, and the trace last, once every stage has run, both within
 * the sinks' one deadline. A collector that cannot be reached is a warning and a failed SinkOutcome, never
 * a verdict. Under watch the trace is already open (ShellFeatures.trace): the job's spans join it.
 */
import { msLeft, type SinkBudget } from '../sinks/budget.js';
import { exported, makeSpans, otlpPoints, planJobTrace, spanExporter, startTracing } from '../sinks/otlp/index.js';
import { TOOL_VERSION } from '../version.js';
import type { RunContext } from './run-context.js';
import type { JudgedRuns, SinkOutcome } from './run-result.js';
import { runTagSet, runTagsWhereShared } from '../naming.js';

export async function sendOtlpMetrics(ctx: RunContext, runs: JudgedRuns, budget: SinkBudget): Promise<SinkOutcome> {
  const { options } = ctx;
  const target = options.otlp!;
  const shared = runTagsWhereShared(runs.summaries, options.allowIdTags);
  const points = runs.summaries.flatMap((s, i) => {
    const { tags, refused } = runTagSet(s, options.tags, options.github, options.allowIdTags, shared[i]);
    for (const r of refused) ctx.refuseTag(r);
    const gate = runs.gate.find((g) => g.experiment === s.experiment && g.name === s.name) ?? null;
    return otlpPoints(s, gate, options.prefix, tags);
  });
  const where = target.metrics!.url;
  if (msLeft(budget) <= 0) {
    ctx.warn(`OTLP metrics to ${where}: not sent, sink-timeout (${budget.ms / 1000} s) was spent by the sinks before`);
    return { sink: 'OTLP metrics', ok: false };
  }
  const { sendOtlpMetrics: sendPoints } = await import('../sinks/otlp/send-metrics.js');
  const sent = await sendPoints(points, target, TOOL_VERSION, budget.deadline);
  for (const name of sent.skipped.slice(0, 5))
    ctx.warn(`OTLP metrics: ${name} is not an OpenTelemetry instrument name; not sent`);
  if (sent.ok) ctx.io.info(`OTLP metrics: ${sent.points} points to ${where} over ${target.metrics!.protocol}`);
  else ctx.warn(`OTLP metrics to ${where}: ${sent.error} (the verdict stands)`);
  return { sink: 'OTLP metrics', ok: sent.ok };
}

export async function exportTrace(ctx: RunContext, runs: JudgedRuns, budget: SinkBudget): Promise<SinkOutcome> {
  const { options } = ctx;
  const target = options.otlp!;
  const where = target.traces!.url;
  if (msLeft(budget) <= 0) {
    ctx.warn(`OTLP traces to ${where}: not sent, sink-timeout (${budget.ms / 1000} s) was spent before the trace`);
    return { sink: 'OTLP traces', ok: false };
  }
  const deadline = budget.deadline;
  const result = ctx.shell.trace
    ? await ctx.shell.trace.addJob(ctx.stages, runs, deadline)
    : await exportJobTrace(ctx, runs, deadline);
  if (result.ok) ctx.io.info(`OTLP trace: ${result.spans} spans to ${where} over ${target.traces!.protocol}`);
  else ctx.warn(`OTLP traces to ${where}: ${result.error} (the verdict stands)`);
  return { sink: 'OTLP traces', ok: result.ok };
}

async function exportJobTrace(
  ctx: RunContext,
  runs: JudgedRuns,
  deadline: number,
): Promise<{ ok: boolean; error?: string; spans: number }> {
  const target = ctx.options.otlp!;
  const tracing = startTracing(target, TOOL_VERSION);
  if (tracing.problem) ctx.warn(tracing.problem);
  const plans = planJobTrace({
    command: ctx.options.command,
    summaries: runs.summaries,
    gate: runs.gate,
    stages: ctx.stages,
    job: { start: ctx.startedAt, end: Date.now() },
    github: ctx.options.github,
    runId: ctx.options.runId,
    errors: ctx.errors,
  });
  for (const plan of plans) makeSpans(tracing.tracer, plan, tracing.parent);
  const spans = tracing.kept.take();
  const exporter = await spanExporter(target.traces!, deadline - Date.now());
  try {
    const result = await exported((done) => exporter.export(spans, done), deadline);
    return { ...result, spans: spans.length };
  } finally {
    void exporter.shutdown().catch(() => {});
    void tracing.shutdown().catch(() => {});
  }
}
