import { ag as statsdName, q as metricKey, ah as RUN_GAUGES, ai as msLeft, ac as runTagsWhereShared, z as runTagSet } from './postgres-url-BezLfty4.js';
import { b as bucketsFor } from './buckets-B8UcQ-BJ.js';
import { p as prometheusMetricName } from './prometheus-OKZ4QSr6.js';
import { a as sentFactor, s as sentStatsdName, L as LEVEL_STATS, w as windowValues } from './metrics-1pr649UD.js';
import { c as cut, j as jobSpans, r as runTimes, a as runPhases, b as runAttributes, s as startTracing, m as makeSpans, d as spanExporter, e as exported } from './tracer-D_sb4xI2.js';
import { T as TOOL_VERSION } from './version-C1BOJE61.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './otlp-exporter-base-CJV2Axj1.js';
import 'zlib';
import 'fs';
import 'path';
import 'util';

/**
 * What a run becomes over OTLP, as plain data (pure): the StatsD route's numbers under the StatsD route's
 * names (`<prefix>.<key>`, the plain flavor's base units), so one dashboard reads either route once a
 * Collector's Prometheus exporter has turned `.` into `_`:
 *
 *   level    gauge     <base>.steady.{median,p10,p90}, <base>.final     loss, quality, timer, window
 *   last     gauge     <base>                                          loss, quality, gauge: the last value
 *   window   histogram <name>   (+ steps=A-B)                          window and timer metrics' windows
 *   run      gauge     <prefix>.run.steps, <prefix>.run.truncated, <prefix>.run.duration
 *   verdict  gauge     <prefix>.gate.regression; <prefix>.gate.change (metric, verdict) per judged metric
 *
 * Attributes are the run's tag set (experiment, workflow_name, event, branch_type, user and manifest tags,
 * `run` where a batch shares an experiment), refused id-like values left out as on every route, so the
 * series stay bounded by runs × metrics. A window records each of its quantiles once (its values where it
 * has five or fewer): the histogram has the window's shape at a cost bounded by the number of windows; its
 * count is that of the quantiles, not the steps' (`run.steps` has those). Timers are in seconds.
 */
const UCUM = { seconds: 's', bytes: 'By', ratio: '1', watts: 'W', celsius: 'Cel', hertz: 'Hz' };
function baseUnit(unit) {
    return prometheusMetricName('', 'x', unit).unit;
}
function otlpPoints(run, gate, prefix, attributes) {
    const out = [];
    const gauge = (name, value, unit = '', extra = {}) => {
        if (Number.isFinite(value))
            out.push({ name, kind: 'gauge', unit, values: [value], attributes: { ...attributes, ...extra } });
    };
    for (const m of run.metrics)
        metricPoints(out, m, prefix, attributes, gauge);
    gauge(statsdName(prefix, RUN_GAUGES.steps), run.steps.last);
    gauge(statsdName(prefix, RUN_GAUGES.truncated), run.truncated ? 1 : 0);
    if (run.durationSeconds !== undefined)
        gauge(statsdName(prefix, RUN_GAUGES.duration), run.durationSeconds, 's');
    if (gate) {
        gauge(statsdName(prefix, RUN_GAUGES.regression), gate.regression ? 1 : 0);
        for (const v of gate.metrics)
            if (v.change !== null)
                gauge(statsdName(prefix, 'gate.change'), v.change, '1', { metric: metricKey(v.name), verdict: v.verdict });
    }
    return out;
}
function metricPoints(out, m, prefix, attributes, gauge) {
    const { kind, unit } = m.class;
    if (kind === 'ignore')
        return;
    const factor = sentFactor(unit, 'plain');
    const ucum = UCUM[baseUnit(unit)] ?? '';
    const base = sentStatsdName(prefix, m.name, { kind: 'gauge', unit }, 'plain');
    if (m.steady) {
        gauge(`${base}.${LEVEL_STATS.median}`, m.steady.median * factor, ucum);
        gauge(`${base}.${LEVEL_STATS.p10}`, m.steady.p10 * factor, ucum);
        gauge(`${base}.${LEVEL_STATS.p90}`, m.steady.p90 * factor, ucum);
    }
    if (m.loss && m.loss.finalWindow.count > 0)
        gauge(`${base}.${LEVEL_STATS.final}`, m.loss.finalWindow.median * factor, ucum);
    if ((kind === 'loss' || kind === 'quality' || kind === 'gauge') && m.count > 0)
        gauge(base, m.last * factor, ucum);
    if (kind !== 'window' && kind !== 'timer')
        return;
    const buckets = bucketsFor(baseUnit(unit));
    for (const w of m.windows) {
        const values = windowValues(w).map(([v]) => v * factor);
        if (!values.length)
            continue;
        out.push({
            name: kind === 'timer' ? base : sentStatsdName(prefix, m.name, m.class, 'plain'),
            kind: 'histogram',
            unit: ucum,
            values,
            attributes: kind === 'window' ? { ...attributes, steps: `${w.from}-${w.to}` } : attributes,
            ...(buckets ? { buckets } : {}),
        });
    }
}

function planJobTrace(input) {
    const { job, stages } = input;
    if (!input.summaries.length)
        return [
            {
                name: `training-metrics-gate ${input.command}`,
                start: job.start,
                end: job.end,
                attributes: { 'training.command': input.command },
                children: jobSpans(stages, null),
                ...(input.errors.length ? { error: cut(input.errors.join('; ')) } : {}),
            },
        ];
    return input.summaries.map((run) => {
        const verdict = input.gate.find((g) => g.experiment === run.experiment && g.name === run.name) ?? null;
        const times = runTimes(run, job);
        return {
            name: 'training run',
            start: Math.min(times.start, job.start),
            end: Math.max(times.end, job.end),
            attributes: {
                ...runAttributes(run, input.github, input.runId),
                'training.command': input.command,
                'training.time.source': times.source,
                ...(verdict ? { 'training.verdict': verdict.verdict } : {}),
            },
            children: [...runPhases(run, times), ...jobSpans(stages, verdict)],
            ...(verdict?.regression ? { error: 'regression' } : {}),
        };
    });
}

/**
 * The OTLP stage: metrics with the other sinks, and the trace last, once every stage has run, both within
 * the sinks' one deadline. A collector that cannot be reached is a warning and a failed SinkOutcome, never
 * a verdict. Under watch the trace is already open (ShellFeatures.trace): the job's spans join it.
 */
async function sendOtlpMetrics(ctx, runs, budget) {
    const { options } = ctx;
    const target = options.otlp;
    const shared = runTagsWhereShared(runs.summaries, options.allowIdTags);
    const points = runs.summaries.flatMap((s, i) => {
        const { tags, refused } = runTagSet(s, options.tags, options.github, options.allowIdTags, shared[i]);
        for (const r of refused)
            ctx.refuseTag(r);
        const gate = runs.gate.find((g) => g.experiment === s.experiment && g.name === s.name) ?? null;
        return otlpPoints(s, gate, options.prefix, tags);
    });
    const where = target.metrics.url;
    if (msLeft(budget) <= 0) {
        ctx.warn(`OTLP metrics to ${where}: not sent, sink-timeout (${budget.ms / 1000} s) was spent by the sinks before`);
        return { sink: 'OTLP metrics', ok: false };
    }
    const { sendOtlpMetrics: sendPoints } = await import('./send-metrics-CB-1GBHI.js');
    const sent = await sendPoints(points, target, TOOL_VERSION, budget.deadline);
    for (const name of sent.skipped.slice(0, 5))
        ctx.warn(`OTLP metrics: ${name} is not an OpenTelemetry instrument name; not sent`);
    if (sent.ok)
        ctx.io.info(`OTLP metrics: ${sent.points} points to ${where} over ${target.metrics.protocol}`);
    else
        ctx.warn(`OTLP metrics to ${where}: ${sent.error} (the verdict stands)`);
    return { sink: 'OTLP metrics', ok: sent.ok };
}
async function exportTrace(ctx, runs, budget) {
    const { options } = ctx;
    const target = options.otlp;
    const where = target.traces.url;
    if (msLeft(budget) <= 0) {
        ctx.warn(`OTLP traces to ${where}: not sent, sink-timeout (${budget.ms / 1000} s) was spent before the trace`);
        return { sink: 'OTLP traces', ok: false };
    }
    const deadline = budget.deadline;
    const result = ctx.shell.trace
        ? await ctx.shell.trace.addJob(ctx.stages, runs, deadline)
        : await exportJobTrace(ctx, runs, deadline);
    if (result.ok)
        ctx.io.info(`OTLP trace: ${result.spans} spans to ${where} over ${target.traces.protocol}`);
    else
        ctx.warn(`OTLP traces to ${where}: ${result.error} (the verdict stands)`);
    return { sink: 'OTLP traces', ok: result.ok };
}
async function exportJobTrace(ctx, runs, deadline) {
    const target = ctx.options.otlp;
    const tracing = startTracing(target, TOOL_VERSION);
    if (tracing.problem)
        ctx.warn(tracing.problem);
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
    for (const plan of plans)
        makeSpans(tracing.tracer, plan, tracing.parent);
    const spans = tracing.kept.take();
    const exporter = await spanExporter(target.traces, deadline - Date.now());
    try {
        const result = await exported((done) => exporter.export(spans, done), deadline);
        return { ...result, spans: spans.length };
    }
    finally {
        void exporter.shutdown().catch(() => { });
        void tracing.shutdown().catch(() => { });
    }
}

export { exportTrace, sendOtlpMetrics };
