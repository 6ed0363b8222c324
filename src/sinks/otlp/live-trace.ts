/**
 * watch's trace, made while the command runs: the `training run` root starts with the command, and the
 * phases are spans with the times watch saw them at (the warm-up from the first step until `warmup_steps`
 * later, the steady state from then on, an `evaluation` span each time an eval or quality column logs a
 * new step), exported as each ends, so a collector has them before the run is over. The command gets
 * TRACEPARENT naming the root, so the training's own spans join the trace. A stop (NaN, divergence, stall,
 * collapse) is a `watch.stop` event with the step and the value, and the root's status an error. When the
 * job after the command has run, its spans (read, check, sinks…) join the root, which then ends.
 *
 * An export that fails is one warning; the run goes on and the next export tries again.
 */
import { type Context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { GateResult, MetricClass, RunSummary } from '../../model.js';
import { metricKey } from '../../naming.js';
import type { GitHubContext } from '../../options.js';
import type { JobTrace, JobTraceRuns, StageSpan } from '../../stages/run-context.js';
import { TOOL_VERSION } from '../../version.js';
import type { Finding } from '../../watch/state/finding.js';
import { exported, spanExporter } from './exporters.js';
import { jobSpans } from './job-spans.js';
import { ciAttributes, runAttributes } from './run-attributes.js';
import { isEvaluationMetric } from './run-phases.js';
import { cut, type SpanAttributes, TRACE_LIMITS } from './span-plan.js';
import type { OtlpTarget } from './target.js';
import { hrTime, makeSpans, startTracing, type Tracing, traceparentOf } from './tracer.js';

/** Ended spans wait this long for others to go with them in one request. */
const EXPORT_DELAY_MS = 500;
/** One live request may take this long (the last, at the end, has the sinks' deadline). */
const LIVE_TIMEOUT_MS = 10_000;

/** What the trace reads of watch's live state (src/watch/state/). */
export interface LiveView {
  step(): number;
  ranks: readonly {
    metrics: ReadonlyMap<string, { name: string; last: number; lastStep: number; cls: MetricClass }>;
  }[];
}

export interface LiveRun {
  experiment: string;
  run: string;
  warmupSteps: number;
  github: GitHubContext;
}

export class LiveTrace implements JobTrace {
  private readonly root: Span;
  private readonly rootContext: Context;
  private firstStep: number | null = null;
  private warmup: Span | null = null;
  private steady: Span | null = null;
  private lastEval: { step: number; at: number } | null = null;
  private evaluations = 0;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();
  private warned = false;
  private exportedSpans = 0;
  private stopped = false;
  private ended = false;

  private constructor(
    private readonly tracing: Tracing,
    private readonly exporter: Awaited<ReturnType<typeof spanExporter>>,
    private readonly run: LiveRun,
    private readonly warn: (message: string) => void,
    private readonly url: string,
  ) {
    this.root = tracing.tracer.startSpan(
      'training run',
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'training.experiment': cut(run.experiment),
          'training.run': cut(run.run),
          'training.command': 'watch',
          'training.time.source': 'watch',
          ...ciAttributes(run.github),
        },
      },
      tracing.parent,
    );
    this.rootContext = trace.setSpan(tracing.parent, this.root);
    tracing.kept.ended = () => this.schedule();
  }

  static async open(target: OtlpTarget, run: LiveRun, warn: (message: string) => void): Promise<LiveTrace> {
    const tracing = startTracing(target, TOOL_VERSION);
    if (tracing.problem) warn(tracing.problem);
    const exporter = await spanExporter(target.traces!, LIVE_TIMEOUT_MS);
    return new LiveTrace(tracing, exporter, run, warn, target.traces!.url);
  }

  /** TRACEPARENT (and TRACESTATE) for the command: its spans become the root's children. */
  childEnvironment(): Record<string, string> {
    const { traceparent, tracestate } = traceparentOf(this.root);
    return { TRACEPARENT: traceparent, ...(tracestate ? { TRACESTATE: tracestate } : {}) };
  }

  /** After each look at the files: the phases the steps have reached, and new evaluations. */
  observe(state: LiveView): void {
    if (this.stopped) return;
    const step = state.step();
    if (!Number.isFinite(step)) return;
    const now = Date.now();
    if (this.firstStep === null) {
      this.firstStep = step;
      this.warmup = this.child('warm-up', now, { 'training.step.from': step });
    }
    const steadyFrom = this.firstStep + this.run.warmupSteps;
    if (this.warmup && step >= steadyFrom) {
      this.warmup.setAttribute('training.step.to', steadyFrom);
      this.warmup.end(hrTime(now));
      this.warmup = null;
      this.steady = this.child('steady state', now, { 'training.step.from': steadyFrom });
    }
    this.evaluation(state, now);
  }

  /** A new eval step (the slowest rank's file: the first one's columns). */
  private evaluation(state: LiveView, now: number): void {
    const metrics = [...(state.ranks[0]?.metrics.values() ?? [])].filter(
      (m) => Number.isFinite(m.lastStep) && isEvaluationMetric({ name: m.name, class: m.cls }),
    );
    const step = Math.max(...metrics.map((m) => m.lastStep));
    if (!Number.isFinite(step) || (this.lastEval && step <= this.lastEval.step)) return;
    if (this.evaluations >= TRACE_LIMITS.evaluations) return;
    this.evaluations++;
    const from = this.lastEval ?? { step: this.firstStep ?? step, at: now };
    const attributes: SpanAttributes = {
      'training.step.from': from.step,
      'training.step.to': step,
      'training.eval.index': this.evaluations,
    };
    for (const m of metrics)
      if (m.lastStep === step && Number.isFinite(m.last)) attributes[`training.eval.${metricKey(m.name)}`] = m.last;
    this.child('evaluation', from.at, attributes).end(hrTime(now));
    this.lastEval = { step, at: now };
  }

  /** watch stopped the command: said on the root and on the phase it stopped in, both errors. */
  stop(finding: Finding): void {
    this.stopped = true;
    const attributes: SpanAttributes = {
      'training.stop.reason': finding.reason,
      'training.stop.detail': cut(finding.detail),
    };
    if (Number.isFinite(finding.step)) attributes['training.step'] = finding.step;
    attributes['training.stop.value'] = typeof finding.value === 'number' ? finding.value : String(finding.value);
    if (finding.metric) attributes['training.metric'] = cut(finding.metric);
    if (finding.rank) attributes['training.rank'] = cut(finding.rank);
    const at = hrTime(Date.parse(finding.at) || Date.now());
    const message = cut(`${finding.reason} at step ${finding.step}: ${finding.detail}`);
    this.root.addEvent('watch.stop', attributes, at);
    this.root.setStatus({ code: SpanStatusCode.ERROR, message });
    const phase = this.steady ?? this.warmup;
    phase?.addEvent('watch.stop', attributes, at);
    phase?.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  /** The command has ended: the phases end with it. */
  commandEnded(at = Date.now()): void {
    for (const span of [this.warmup, this.steady]) span?.end(hrTime(at));
    this.warmup = null;
    this.steady = null;
  }

  /** The job's spans under the root, the run's attributes and verdict on it, then the rest exported. */
  async addJob(stages: StageSpan[], runs: JobTraceRuns, deadline: number) {
    this.commandEnded();
    const run = runs.summaries[0];
    const verdict = run ? findVerdict(runs.gate, run) : null;
    if (run) this.root.setAttributes(runAttributes(run, this.run.github, null));
    if (runs.summaries.length > 1) this.root.setAttribute('training.batch.runs', runs.summaries.length);
    if (verdict) this.root.setAttribute('training.verdict', verdict.verdict);
    for (const plan of jobSpans(stages, verdict)) makeSpans(this.tracing.tracer, plan, this.rootContext);
    if (verdict?.regression && !this.stopped)
      this.root.setStatus({ code: SpanStatusCode.ERROR, message: 'regression' });
    return this.end(deadline);
  }

  /** End the root and export what is left within `deadline`; once (a second call has the first's result). */
  end(deadline: number): Promise<{ ok: boolean; error?: string; spans: number }> {
    this.finished ??= this.finish(deadline);
    return this.finished;
  }

  private finished: Promise<{ ok: boolean; error?: string; spans: number }> | null = null;

  private async finish(deadline: number): Promise<{ ok: boolean; error?: string; spans: number }> {
    this.ended = true;
    this.commandEnded();
    this.root.end();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sending;
    const spans = this.tracing.kept.take();
    const result = spans.length
      ? await exported((done) => this.exporter.export(spans, done), deadline)
      : { ok: !this.warned, ...(this.warned ? { error: 'live exports failed' } : {}) };
    if (result.ok) this.exportedSpans += spans.length;
    void this.exporter.shutdown().catch(() => {});
    void this.tracing.shutdown().catch(() => {});
    return { ...result, spans: this.exportedSpans };
  }

  private child(name: string, at: number, attributes: SpanAttributes): Span {
    return this.tracing.tracer.startSpan(
      name,
      { kind: SpanKind.INTERNAL, startTime: hrTime(at), attributes },
      this.rootContext,
    );
  }

  /** Ended spans go out shortly, together; a failure warns once and the spans are dropped. */
  private schedule(): void {
    if (this.timer || this.ended) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const spans = this.tracing.kept.take();
      if (!spans.length) return;
      this.sending = this.sending.then(async () => {
        const result = await exported((done) => this.exporter.export(spans, done), Date.now() + LIVE_TIMEOUT_MS);
        if (result.ok) this.exportedSpans += spans.length;
        else if (!this.warned) {
          this.warned = true;
          this.warn(`live OTLP traces to ${this.url}: ${result.error} (the command goes on)`);
        }
      });
    }, EXPORT_DELAY_MS);
    this.timer.unref();
  }
}

function findVerdict(gate: GateResult[], run: RunSummary): GateResult | null {
  return gate.find((g) => g.experiment === run.experiment && g.name === run.name) ?? null;
}
