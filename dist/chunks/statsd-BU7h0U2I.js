import { ac as runTagsWhereShared, z as runTagSet, ad as ownValue, ae as gpuGaugesFor, af as plainRecord } from './postgres-url-BezLfty4.js';
import { s as sendStatsd, d as defaultEnvTagLevel } from './send-D9XWLGP7.js';
import { c as countSeries, a as sentFactor, s as sentStatsdName, t as toStatsdMetrics } from './metrics-1pr649UD.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:net';
import 'node:timers/promises';
import 'process';
import 'util';
import 'os';
import 'fs';
import 'assert';
import 'dgram';
import 'net';
import 'dns';
import './bounded-lookup-C-gbgogV.js';
import 'node:child_process';
import 'node:dgram';
import 'node:module';
import './prometheus-OKZ4QSr6.js';

/** The StatsD sink stage: every run's metrics (plus GPU and cost gauges) with one tag-key set per batch. */
async function emitStatsd(ctx, runs, budget) {
    const { options, io } = ctx;
    const metrics = statsdMetricsFor(runs.summaries, runs.gate, runs.gpu, options, (r) => ctx.refuseTag(r));
    const report = await sendStatsd(metrics, {
        host: options.statsdHost ?? '127.0.0.1',
        port: options.statsdPort,
        protocol: options.statsdProtocol,
        flavor: options.statsdFlavor,
        maxBufferSize: options.maxBufferSize,
        maxBytesPerMs: options.statsdMaxBytesPerMs,
        envTags: options.statsdEnvTags ?? defaultEnvTagLevel(options.statsdFlavor),
        dryRun: options.dryRun,
        budget,
        progress: ctx.progress,
    });
    const outcome = { ...report, series: countSeries(metrics) };
    for (const e of report.errors)
        ctx.warn(`StatsD ${report.target}: ${e}`);
    for (const o of report.oversized)
        ctx.warn(`StatsD: ${o}`);
    if (options.dryRun)
        for (const line of report.printed)
            io.info(line);
    else
        io.info(`StatsD: ${report.lines} lines in ${report.datagrams} ${report.protocol === 'tcp' ? 'writes' : 'datagrams'} to ${report.target} over ${report.protocol}${DELIVERY_NOTE[report.delivery]}, ${outcome.series} series, ${report.sendMs} ms`);
    return outcome;
}
/** How the summary line qualifies the lines it counts (the warnings say what was not delivered). */
const DELIVERY_NOTE = {
    written: '',
    unconfirmed: ' (delivery unconfirmed)',
    partial: ' (delivery partial)',
    failed: ' (delivery failed)',
    none: '',
};
/**
 * StatsD metrics for every run. Every line of one metric name carries the same tag keys — the union of
 * the batch's — since statsd_exporter makes each tag a label, and one family with different label names
 * per series is hard to query alike (older exporters refused such lines; v0.23.0 was seen to accept them).
 */
function statsdMetricsFor(summaries, gate, gpu, options, refuseTag) {
    const runTags = runTagsWhereShared(summaries, options.allowIdTags);
    const perRun = summaries.map((s, i) => {
        const { tags, refused } = runTagSet(s, options.tags, options.github, options.allowIdTags, runTags[i]);
        for (const r of refused)
            refuseTag(r);
        return tags;
    });
    const keys = new Set(perRun.flatMap((t) => Object.keys(t)));
    return summaries.flatMap((s, i) => {
        const tags = plainRecord();
        for (const k of keys)
            tags[k] = ownValue(perRun[i], k) ?? 'none';
        const verdict = gate.find((g) => g.experiment === s.experiment && g.name === s.name) ?? null;
        const extra = gpuGaugesFor(gpu, s.name, i).map((g) => ({
            name: sentStatsdName(options.prefix, g.name, { kind: 'gauge', unit: g.unit }, options.statsdFlavor),
            value: g.value * sentFactor(g.unit, options.statsdFlavor),
            type: 'g',
            sampleRate: 1,
            tags: { ...tags, ...g.tags },
        }));
        return [...toStatsdMetrics(s, verdict, { prefix: options.prefix, flavor: options.statsdFlavor, tags }), ...extra];
    });
}

export { emitStatsd };
