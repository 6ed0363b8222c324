import { u as SpanKind, t as trace, f as SpanStatusCode } from './otlp-exporter-base-CJV2Axj1.js';
import { q as metricKey } from './postgres-url-BezLfty4.js';
import { T as TOOL_VERSION } from './version-C1BOJE61.js';
import { f as ciAttributes, c as cut, s as startTracing, d as spanExporter, t as traceparentOf, h as hrTime, i as isEvaluationMetric, T as TRACE_LIMITS, b as runAttributes, j as jobSpans, m as makeSpans, e as exported } from './tracer-D_sb4xI2.js';
import 'zlib';
import 'stream';
import 'fs';
import 'path';
import 'util';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'node:os';

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
/** Ended spans wait this long for others to go with them in one request. */
const EXPORT_DELAY_MS = 500;
/** One live request may take this long (the last, at the end, has the sinks' deadline). */
const LIVE_TIMEOUT_MS = 10_000;
class LiveTrace {
    tracing;
    exporter;
    run;
    warn;
    url;
    root;
    rootContext;
    firstStep = null;
    warmup = null;
    steady = null;
    lastEval = null;
    evaluations = 0;
    timer = null;
    sending = Promise.resolve();
    warned = false;
    exportedSpans = 0;
    stopped = false;
    ended = false;
    constructor(tracing, exporter, run, warn, url) {
        this.tracing = tracing;
        this.exporter = exporter;
        this.run = run;
        this.warn = warn;
        this.url = url;
        this.root = tracing.tracer.startSpan('training run', {
            kind: SpanKind.INTERNAL,
            attributes: {
                'training.experiment': cut(run.experiment),
                'training.run': cut(run.run),
                'training.command': 'watch',
                'training.time.source': 'watch',
                ...ciAttributes(run.github),
            },
        }, tracing.parent);
        this.rootContext = trace.setSpan(tracing.parent, this.root);
        tracing.kept.ended = () => this.schedule();
    }
    static async open(target, run, warn) {
        const tracing = startTracing(target, TOOL_VERSION);
        if (tracing.problem)
            warn(tracing.problem);
        const exporter = await spanExporter(target.traces, LIVE_TIMEOUT_MS);
        return new LiveTrace(tracing, exporter, run, warn, target.traces.url);
    }
    /** TRACEPARENT (and TRACESTATE) for the command: its spans become the root's children. */
    childEnvironment() {
        const { traceparent, tracestate } = traceparentOf(this.root);
        return { TRACEPARENT: traceparent, ...(tracestate ? { TRACESTATE: tracestate } : {}) };
    }
    /** After each look at the files: the phases the steps have reached, and new evaluations. */
    observe(state) {
        if (this.stopped)
            return;
        const step = state.step();
        if (!Number.isFinite(step))
            return;
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
    evaluation(state, now) {
        const metrics = [...(state.ranks[0]?.metrics.values() ?? [])].filter((m) => Number.isFinite(m.lastStep) && isEvaluationMetric({ name: m.name, class: m.cls }));
        const step = Math.max(...metrics.map((m) => m.lastStep));
        if (!Number.isFinite(step) || (this.lastEval && step <= this.lastEval.step))
            return;
        if (this.evaluations >= TRACE_LIMITS.evaluations)
            return;
        this.evaluations++;
        const from = this.lastEval ?? { step: this.firstStep ?? step, at: now };
        const attributes = {
            'training.step.from': from.step,
            'training.step.to': step,
            'training.eval.index': this.evaluations,
        };
        for (const m of metrics)
            if (m.lastStep === step && Number.isFinite(m.last))
                attributes[`training.eval.${metricKey(m.name)}`] = m.last;
        this.child('evaluation', from.at, attributes).end(hrTime(now));
        this.lastEval = { step, at: now };
    }
    /** watch stopped the command: said on the root and on the phase it stopped in, both errors. */
    stop(finding) {
        this.stopped = true;
        const attributes = {
            'training.stop.reason': finding.reason,
            'training.stop.detail': cut(finding.detail),
        };
        if (Number.isFinite(finding.step))
            attributes['training.step'] = finding.step;
        attributes['training.stop.value'] = typeof finding.value === 'number' ? finding.value : String(finding.value);
        if (finding.metric)
            attributes['training.metric'] = cut(finding.metric);
        if (finding.rank)
            attributes['training.rank'] = cut(finding.rank);
        const at = hrTime(Date.parse(finding.at) || Date.now());
        const message = cut(`${finding.reason} at step ${finding.step}: ${finding.detail}`);
        this.root.addEvent('watch.stop', attributes, at);
        this.root.setStatus({ code: SpanStatusCode.ERROR, message });
        const phase = this.steady ?? this.warmup;
        phase?.addEvent('watch.stop', attributes, at);
        phase?.setStatus({ code: SpanStatusCode.ERROR, message });
    }
    /** The command has ended: the phases end with it. */
    commandEnded(at = Date.now()) {
        for (const span of [this.warmup, this.steady])
            span?.end(hrTime(at));
        this.warmup = null;
        this.steady = null;
    }
    /** The job's spans under the root, the run's attributes and verdict on it, then the rest exported. */
    async addJob(stages, runs, deadline) {
        this.commandEnded();
        const run = runs.summaries[0];
        const verdict = run ? findVerdict(runs.gate, run) : null;
        if (run)
            this.root.setAttributes(runAttributes(run, this.run.github, null));
        if (runs.summaries.length > 1)
            this.root.setAttribute('training.batch.runs', runs.summaries.length);
        if (verdict)
            this.root.setAttribute('training.verdict', verdict.verdict);
        for (const plan of jobSpans(stages, verdict))
            makeSpans(this.tracing.tracer, plan, this.rootContext);
        if (verdict?.regression && !this.stopped)
            this.root.setStatus({ code: SpanStatusCode.ERROR, message: 'regression' });
        return this.end(deadline);
    }
    /** End the root and export what is left within `deadline`; once (a second call has the first's result). */
    end(deadline) {
        this.finished ??= this.finish(deadline);
        return this.finished;
    }
    finished = null;
    async finish(deadline) {
        this.ended = true;
        this.commandEnded();
        this.root.end();
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = null;
        await this.sending;
        const spans = this.tracing.kept.take();
        const result = spans.length
            ? await exported((done) => this.exporter.export(spans, done), deadline)
            : { ok: !this.warned, ...(this.warned ? { error: 'live exports failed' } : {}) };
        if (result.ok)
            this.exportedSpans += spans.length;
        void this.exporter.shutdown().catch(() => { });
        void this.tracing.shutdown().catch(() => { });
        return { ...result, spans: this.exportedSpans };
    }
    child(name, at, attributes) {
        return this.tracing.tracer.startSpan(name, { kind: SpanKind.INTERNAL, startTime: hrTime(at), attributes }, this.rootContext);
    }
    /** Ended spans go out shortly, together; a failure warns once and the spans are dropped. */
    schedule() {
        if (this.timer || this.ended)
            return;
        this.timer = setTimeout(() => {
            this.timer = null;
            const spans = this.tracing.kept.take();
            if (!spans.length)
                return;
            this.sending = this.sending.then(async () => {
                const result = await exported((done) => this.exporter.export(spans, done), Date.now() + LIVE_TIMEOUT_MS);
                if (result.ok)
                    this.exportedSpans += spans.length;
                else if (!this.warned) {
                    this.warned = true;
                    this.warn(`live OTLP traces to ${this.url}: ${result.error} (the command goes on)`);
                }
            });
        }, EXPORT_DELAY_MS);
        this.timer.unref();
    }
}
function findVerdict(gate, run) {
    return gate.find((g) => g.experiment === run.experiment && g.name === run.name) ?? null;
}

export { LiveTrace };
