import { z as runTagSet, aD as datadogRunGaugeName, ag as statsdName, aE as metricNameTooLong, aF as datadogUnit, aG as datadogStatName, aH as redactSecrets, aI as datadogSeriesUrl, aJ as DEFAULT_SINK_TIMEOUT_SECONDS, aK as tagValue, aL as looksLikeUniqueId, q as metricKey, af as plainRecord, aM as checkPushgatewayUrl, aN as redactUrl, ad as ownValue, ae as gpuGaugesFor } from './postgres-url-BezLfty4.js';
import { d as defaultHttpDeps, r as requestWithRetry, w as withRetry, a as retryable, b as defaultRetryDeps } from './request-CGKQueE4.js';
import { gzipSync } from 'node:zlib';
import { p as promClientExports } from './index-CQ7lgedw.js';
import { s as snakeName, r as runFamilyNames, a as prometheusLabelName, p as prometheusMetricName } from './prometheus-OKZ4QSr6.js';
import { b as boundedLookup } from './bounded-lookup-C-gbgogV.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:assert';
import 'node:net';
import 'node:http';
import 'node:buffer';
import 'node:util';
import 'node:querystring';
import 'node:events';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:perf_hooks';
import 'node:util/types';
import 'node:worker_threads';
import 'node:url';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import 'util';
import 'url';
import 'http';
import 'https';
import 'zlib';
import './otlp-exporter-base-CJV2Axj1.js';
import 'fs';
import 'path';
import 'process';
import 'v8';
import 'cluster';
import 'node:child_process';

/**
 * Split series into `/api/v2/series` bodies that each stay within the API's size limits, measured on the
 * bytes actually sent (not estimated): plain JSON, or gzip-compressed JSON.
 */
/** Datadog's documented limit for an uncompressed `/api/v2/series` body: 500 KiB = 512,000 bytes. */
const DATADOG_MAX_PAYLOAD_BYTES = 512_000;
const HEAD = '{"series":[';
const TAIL = ']}';
/**
 * Greedy packing in order: a body is `{"series":[` + items joined by `,` + `]}`, so its size is
 * 13 + Σ bytes(item) + (items − 1).
 */
function splitSeriesPayloads(series, maxBytes = DATADOG_MAX_PAYLOAD_BYTES) {
    const frame = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
    const out = { bodies: [], counts: [], oversized: [] };
    let items = [];
    let size = frame;
    const flush = () => {
        if (items.length) {
            out.bodies.push(HEAD + items.join(',') + TAIL);
            out.counts.push(items.length);
        }
        items = [];
        size = frame;
    };
    for (const s of series) {
        const item = JSON.stringify(s);
        const bytes = Buffer.byteLength(item);
        if (frame + bytes > maxBytes) {
            out.oversized.push(s);
            continue;
        }
        const added = bytes + (items.length ? 1 : 0);
        if (size + added > maxBytes)
            flush();
        size += bytes + (items.length ? 1 : 0);
        items.push(item);
    }
    flush();
    return out;
}
/** Datadog's limit on the decompressed size of a compressed `/api/v2/series` body: 5 MiB, exclusive. */
const DATADOG_MAX_DECOMPRESSED_BYTES = 5_242_880;
function seriesPayloads(series, options) {
    if (options.compress)
        return compressedSeriesPayloads(series, options.maxBytes);
    const plain = splitSeriesPayloads(series, options.maxBytes);
    return {
        bodies: plain.bodies.map((json, i) => ({ json, gzip: null, count: plain.counts[i] })),
        oversized: plain.oversized,
    };
}
/**
 * gzip-compressed bodies (`Content-Encoding: gzip`, as Datadog's own API client sends them): packed up to the
 * decompressed limit, then halved until each compressed body fits the payload limit.
 */
function compressedSeriesPayloads(series, maxBytes = DATADOG_MAX_PAYLOAD_BYTES, maxDecompressedBytes = DATADOG_MAX_DECOMPRESSED_BYTES) {
    const first = splitSeriesPayloads(series, maxDecompressedBytes - 1);
    const out = { bodies: [], oversized: first.oversized };
    const pack = (json, count) => {
        const gzip = gzipSync(json);
        if (gzip.length <= maxBytes)
            return void out.bodies.push({ gzip, json, count });
        const items = JSON.parse(json).series;
        if (items.length === 1)
            return void out.oversized.push(items[0]);
        const half = Math.ceil(items.length / 2);
        pack(JSON.stringify({ series: items.slice(0, half) }), half);
        pack(JSON.stringify({ series: items.slice(half) }), items.length - half);
    };
    for (const [i, json] of first.bodies.entries())
        pack(json, first.counts[i]);
    return out;
}

/** `type` in `/api/v2/series`: 0 unspecified, 1 count, 2 rate, 3 gauge. */
const DATADOG_GAUGE = 3;
/** Build the gauges for every run: steady-state median/p10/p90, final loss, loss samples, last step, truncation, duration, verdicts. */
function toDatadogSeries(summaries, gate, options) {
    const timestamp = Math.floor(options.now / 1000);
    const out = { series: [], skipped: [], refused: [], tooLong: [] };
    const refused = new Set();
    const { prefix } = options;
    for (const [index, run] of summaries.entries()) {
        // As the StatsD route, plus the run's name.
        const tagSet = runTagSet(run, options.tags, options.github, options.allowIdTags ?? false, { run: run.name });
        for (const r of tagSet.refused)
            refused.add(r);
        const tags = Object.entries(tagSet.tags).map(([k, v]) => `${k}:${v}`);
        const w = new RunSeries(out, run.name, tags, timestamp);
        w.gauge(datadogRunGaugeName(prefix, 'steps'), run.steps.last, undefined);
        w.gauge(datadogRunGaugeName(prefix, 'truncated'), run.truncated ? 1 : 0, undefined);
        if (run.durationSeconds !== undefined)
            w.gauge(datadogRunGaugeName(prefix, 'duration'), run.durationSeconds, 'second');
        for (const m of run.metrics)
            if (m.class.kind !== 'ignore')
                metricGauges(w, prefix, m);
        for (const g of options.extraGauges?.(run, index) ?? []) {
            w.gauge(statsdName(prefix, g.name), g.value, undefined, Object.entries(g.tags).map(([k, v]) => `${k}:${v}`));
        }
        const verdict = gate?.find((g) => g.experiment === run.experiment && g.name === run.name);
        if (verdict)
            verdictGauges(w, prefix, verdict);
    }
    out.refused = [...refused];
    return out;
}
/** One run's gauges into the result, all stamped and tagged alike; a NaN or infinite value is listed as skipped. */
class RunSeries {
    out;
    run;
    tags;
    timestamp;
    constructor(out, run, tags, timestamp) {
        this.out = out;
        this.run = run;
        this.tags = tags;
        this.timestamp = timestamp;
    }
    gauge(metric, value, unit, extraTags = []) {
        const why = metricNameTooLong(metric);
        if (why !== null) {
            if (!this.out.tooLong.includes(why))
                this.out.tooLong.push(why);
            return;
        }
        if (!Number.isFinite(value)) {
            this.out.skipped.push(`${metric} (${this.run})`);
            return;
        }
        const series = {
            metric,
            type: DATADOG_GAUGE,
            points: [{ timestamp: this.timestamp, value }],
            tags: [...this.tags, ...extraTags],
        };
        if (unit)
            series.unit = unit;
        this.out.series.push(series);
    }
}
/** A column's gauges: its steady state (or a gauge's latest value) and, for a loss, its health and samples. */
function metricGauges(w, prefix, m) {
    const unit = datadogUnit(m.class.unit);
    const stat = (which, value, statUnit = unit) => w.gauge(datadogStatName(prefix, m.name, which), value, statUnit);
    if (m.steady) {
        stat('median', m.steady.median);
        stat('p10', m.steady.p10);
        stat('p90', m.steady.p90);
    }
    else if (m.class.kind === 'gauge' && m.count > 0) {
        // Same name and type as the DogStatsD gauge: the latest value.
        w.gauge(statsdName(prefix, m.name), m.last, unit);
    }
    if (m.class.kind !== 'loss' && m.class.kind !== 'quality')
        return;
    // Sent even when 0, so a monitor on it recovers once a run is clean again.
    if (m.class.kind === 'loss')
        stat('nonFinite', m.nan + m.inf, undefined);
    if (!m.loss)
        return;
    stat('final', m.loss.finalWindow.median);
    if (m.class.kind === 'loss')
        stat('diverged', m.loss.divergence ? 1 : 0, undefined);
    const name = statsdName(prefix, m.name);
    const stepName = datadogStatName(prefix, m.name, 'step');
    for (const [step, value] of m.loss.samples) {
        w.gauge(name, value, unit, [`step:${step}`]);
        // Datadog plots against time only; a scatter plot of this against the sample (grouped by step) draws the curve.
        w.gauge(stepName, step, undefined, [`step:${step}`]);
    }
}
/** The run's regression flag, and one per metric the gate judged ("missing" and "insufficient-history" are not a 0). */
function verdictGauges(w, prefix, verdict) {
    w.gauge(datadogRunGaugeName(prefix, 'regression'), verdict.regression ? 1 : 0, undefined);
    for (const v of verdict.metrics) {
        if (v.verdict === 'missing' || v.verdict === 'insufficient-history')
            continue;
        w.gauge(datadogStatName(prefix, v.name, 'regression'), v.verdict === 'regression' ? 1 : 0, undefined);
    }
}

/**
 * 429 and 5xx (and network failures) are retried up to 5 attempts, honouring `Retry-After`; all requests of
 * one call share the sink budget (`sink-timeout`, default 30 s), waits included.
 */
const DEFAULT_RETRY_POLICY = {
    maxAttempts: 5,
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    timeoutMs: 30_000,
    budgetMs: DEFAULT_SINK_TIMEOUT_SECONDS * 1000,
};
/** Build, split and send; resolves to a report and never rejects. */
async function sendToDatadog(summaries, gate, options) {
    const report = {
        sink: 'datadog',
        ok: true,
        series: 0,
        points: 0,
        payloads: 0,
        accepted: 0,
        notes: [],
        warnings: [],
        refused: [],
    };
    const warn = (text) => void report.warnings.push(redactSecrets(text, [options.apiKey]));
    try {
        const bodies = buildBodies(summaries, gate, options, report, warn);
        if (bodies)
            await postBodies(bodies, options, report, warn);
    }
    catch (e) {
        report.ok = false;
        warn(`Datadog: ${e instanceof Error ? e.message : String(e)}`);
    }
    return report;
}
/** The series of the runs packed into request bodies (null: nothing to send); what was left out goes into the report. */
function buildBodies(summaries, gate, options, report, warn) {
    const now = options.now ?? Date.now();
    const built = toDatadogSeries(summaries, gate, {
        prefix: options.prefix,
        tags: options.tags,
        github: options.github,
        now,
        allowIdTags: options.allowIdTags,
        ...(options.extraGauges ? { extraGauges: options.extraGauges } : {}),
    });
    report.refused = built.refused;
    for (const why of built.tooLong)
        warn(`Datadog: ${why}`);
    if (built.skipped.length) {
        warn(`Datadog: ${built.skipped.length} value(s) not sent because they are NaN or infinite: ${built.skipped.slice(0, 5).join(', ')}${built.skipped.length > 5 ? ', …' : ''}`);
    }
    if (!built.series.length) {
        report.notes.push('Datadog: nothing to send');
        return null;
    }
    report.notes.push(`Datadog: ${built.series.length} series stamped with the submission time ${new Date(Math.floor(now / 1000) * 1000).toISOString()} ` +
        '(the API refuses points over 1 hour old or 10 minutes ahead); loss samples are told apart by their step:N tag');
    const { bodies, oversized } = seriesPayloads(built.series, {
        compress: options.compress ?? true,
        maxBytes: options.maxPayloadBytes ?? DATADOG_MAX_PAYLOAD_BYTES,
    });
    for (const s of oversized)
        warn(`Datadog: series ${s.metric} alone exceeds the payload limit; not sent`);
    if (oversized.length)
        report.ok = false;
    return bodies;
}
/** POST the bodies in turn within one time budget, stopping at the first failure that would repeat. */
async function postBodies(bodies, options, report, warn) {
    const compress = options.compress ?? true;
    const url = datadogSeriesUrl(options.url);
    const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    const deps = {
        ...defaultHttpDeps(),
        ...options.deps,
        ...(options.fetch ? { fetch: options.fetch } : {}),
    };
    const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'DD-API-KEY': options.apiKey,
    };
    if (compress)
        headers['Content-Encoding'] = 'gzip';
    const deadline = options.deadline ?? deps.now() + policy.budgetMs;
    for (const [i, { json, gzip, count }] of bodies.entries()) {
        report.payloads++;
        const outcome = await requestWithRetry(url, { method: 'POST', headers, body: gzip ?? json }, [options.apiKey], policy, deps, deadline);
        if (outcome.ok) {
            report.accepted++;
            report.series += count;
            report.points += count; // one point per series (a run's value, stamped when sent)
            continue;
        }
        report.ok = false;
        const gaveUp = outcome.exhausted ? ` (gave up after ${outcome.attempts} attempts)` : '';
        warn(`Datadog: ${count} series not sent to ${url}: ${outcome.error ?? 'failed'}${gaveUp}${hint(outcome.status)}`);
        // Stop rather than repeat a failure: a refused key or a bad request fails the same way for every
        // payload, and an API still down after the retries will not be up for the next one. 413 is per payload.
        if (outcome.status !== 413 && i < bodies.length - 1) {
            const rest = bodies.slice(i + 1).reduce((n, b) => n + b.count, 0);
            warn(`Datadog: the remaining ${bodies.length - i - 1} payload(s) (${rest} series) not sent after that failure`);
            break;
        }
    }
    if (bodies.length > 1)
        report.notes.push(`Datadog: sent in ${bodies.length} payloads (each at most ${options.maxPayloadBytes ?? DATADOG_MAX_PAYLOAD_BYTES} bytes${compress ? ' gzip-compressed' : ''})`);
}
function hint(status) {
    if (status === 403)
        return ' (check the API key and that it belongs to the site in the URL / DD_SITE)';
    if (status === 413)
        return ' (payload too large)';
    return '';
}

/** Every verdict the gate can reach, in a fixed order: the state set always has all of them. */
const VERDICTS = ['pass', 'regression', 'improvement', 'insufficient-history', 'missing'];
/** Labels the sink sets itself or Prometheus/Pushgateway own; a user tag with such a key is dropped. */
const RESERVED_LABELS = new Set(['job', 'instance', 'experiment', 'run', 'quantile', 'metric', 'verdict', 'le']);
const QUANTILES = [
    ['0.1', (s) => s.p10],
    ['0.5', (s) => s.median],
    ['0.9', (s) => s.p90],
];
/** A family builder that keeps the first family of a name and records samples in push order. */
class Families {
    byName = new Map();
    /** False when `name` already belongs to another column (the caller warns). */
    claim(name, help, owner) {
        const existing = this.byName.get(name);
        if (existing)
            return existing.owner === owner;
        this.byName.set(name, { name, help, labelNames: [], samples: [], owner });
        return true;
    }
    add(name, labels, value) {
        const family = this.byName.get(name);
        for (const key of Object.keys(labels))
            if (!family.labelNames.includes(key))
                family.labelNames.push(key);
        family.samples.push({ labels, value });
    }
    list() {
        return [...this.byName.values()].map(({ owner: _owner, ...family }) => family);
    }
}
/** The labels every sample of a run carries (grouping labels excluded), the tags refused, and warnings for labels dropped. */
function runLabels(summary, runIndex, options) {
    const { tags, refused } = runTagSet(summary, options.tags, options.github, options.allowIdTags);
    const warnings = [];
    const labels = plainRecord();
    for (const [key, value] of Object.entries(tags)) {
        if (key === 'experiment')
            continue; // a grouping label, set on every sample by the Pushgateway
        const name = prometheusLabelName(key);
        if (!name || RESERVED_LABELS.has(name)) {
            warnings.push(`pushgateway: run ${summary.name}: tag ${key}:${value} dropped (the label ${name || key} is reserved or invalid)`);
            continue;
        }
        labels[name] = value;
    }
    // A run name that is a unique id would make one series per CI run: number the run instead.
    const runName = tagValue(summary.name);
    if (!options.allowIdTags && looksLikeUniqueId(runName)) {
        labels.run = `run-${runIndex + 1}`;
        warnings.push(`pushgateway: run ${summary.name} looks like a unique id (one series per run); labelled run="${labels.run}" (pass allow-id-tags to keep it)`);
    }
    else {
        labels.run = runName || `run-${runIndex + 1}`;
    }
    return { labels, refused, warnings };
}
function metricSamples(families, metric, labels, options, warnings) {
    if (metric.class.kind === 'ignore' || metric.count === 0)
        return;
    const { name, factor, unit } = prometheusMetricName(options.prefix, metric.name, metric.class.unit);
    if (tooLong(name, warnings))
        return;
    const unitText = unit ? ` in ${unit.replace(/_/g, ' ')}` : '';
    const owner = metricKey(metric.name);
    if (metric.class.kind === 'gauge') {
        if (!claim(families, name, `Last value of "${metric.name}"${unitText}.`, owner, warnings))
            return;
        families.add(name, labels, metric.last * factor);
        return;
    }
    if (metric.steady &&
        claim(families, name, `Steady-state p10, median and p90 of "${metric.name}"${unitText}.`, owner, warnings)) {
        for (const [quantile, pick] of QUANTILES)
            families.add(name, { ...labels, quantile }, pick(metric.steady) * factor);
    }
    if (metric.loss) {
        const finalName = `${name}_final`;
        if (claim(families, finalName, `Median of "${metric.name}" over its final window (the last 25 % of its logged steps).`, owner, warnings)) {
            families.add(finalName, labels, metric.loss.finalWindow.median * factor);
        }
    }
}
function extraSample(families, gauge, labels, options, warnings) {
    const { name, factor, unit } = prometheusMetricName(options.prefix, gauge.name, gauge.unit);
    if (tooLong(name, warnings))
        return;
    if (!claim(families, name, `${gauge.name}${unit ? ` in ${unit.replace(/_/g, ' ')}` : ''}.`, metricKey(gauge.name), warnings))
        return;
    const extra = plainRecord();
    for (const [key, value] of Object.entries(gauge.tags)) {
        const label = prometheusLabelName(key);
        if (label && !RESERVED_LABELS.has(label))
            extra[label] = tagValue(String(value));
    }
    families.add(name, { ...labels, ...extra }, gauge.value * factor);
}
/** A name beyond NAME_LIMITS is not pushed; warned about once per batch. */
function tooLong(name, warnings) {
    const why = metricNameTooLong(name);
    if (why === null)
        return false;
    const text = `pushgateway: ${why}`;
    if (!warnings.includes(text))
        warnings.push(text);
    return true;
}
function claim(families, name, help, owner, warnings) {
    if (families.claim(name, help, owner))
        return true;
    warnings.push(`pushgateway: column "${owner}" maps to ${name}, which another column already uses; not pushed`);
    return false;
}
function gateSamples(families, result, labels, names) {
    families.add(names.regression, labels, result.regression ? 1 : 0);
    families.add(names.complete, labels, result.run.complete ? 1 : 0);
    for (const mv of result.metrics) {
        const metric = metricKey(mv.name);
        for (const verdict of VERDICTS)
            families.add(names.verdict, { ...labels, metric, verdict }, mv.verdict === verdict ? 1 : 0);
        if (mv.change !== null)
            families.add(names.change, { ...labels, metric }, mv.change);
    }
}
/**
 * Map run summaries (and gate results when the gate ran) to Pushgateway groups: one group per
 * experiment, holding every run of that experiment in this batch (a PUT replaces the group, so the
 * Pushgateway always shows the latest batch's outcome and the series count stays bounded).
 */
function toPrometheusSamples(summaries, gate, options) {
    const warnings = [];
    const refused = new Set();
    const job = snakeName(options.job ?? options.prefix) || 'training_metrics';
    const names = runFamilyNames(options.prefix);
    const byExperiment = new Map();
    for (const s of summaries) {
        const experiment = tagValue(s.experiment);
        byExperiment.set(experiment, [...(byExperiment.get(experiment) ?? []), s]);
    }
    const groups = [];
    for (const [experiment, runs] of byExperiment) {
        const families = new Families();
        // Run-level families first, so a column that happens to map onto one of them is the one refused.
        families.claim(names.steps, 'Last step the run reached.', '');
        families.claim(names.duration, 'Wall-clock duration of the run in seconds.', '');
        families.claim(names.truncated, '1 when the metrics file ended inside a row (still being written).', '');
        if (gate) {
            families.claim(names.regression, '1 when the gate found a regression in the run.', '');
            families.claim(names.complete, '1 when the run reached its expected number of steps.', '');
            families.claim(names.verdict, 'Gate verdict per metric: 1 for the verdict reached, 0 for the others.', '');
            families.claim(names.change, 'Relative change of the metric against its baseline centre (-0.05 = 5 % lower).', '');
        }
        const seenRuns = new Set();
        runs.forEach((summary, index) => {
            const { labels, refused: runRefused, warnings: tagWarnings } = runLabels(summary, index, options);
            for (const r of runRefused)
                refused.add(r);
            warnings.push(...tagWarnings);
            if (seenRuns.has(labels.run)) {
                warnings.push(`pushgateway: experiment ${experiment} has two runs labelled run="${labels.run}"; the second is labelled run="${labels.run}-${index + 1}"`);
                labels.run = `${labels.run}-${index + 1}`;
            }
            seenRuns.add(labels.run);
            families.add(names.steps, labels, summary.steps.last);
            if (summary.durationSeconds !== undefined)
                families.add(names.duration, labels, summary.durationSeconds);
            families.add(names.truncated, labels, summary.truncated ? 1 : 0);
            for (const metric of summary.metrics)
                metricSamples(families, metric, labels, options, warnings);
            for (const g of options.extraGauges?.(summary, summaries.indexOf(summary)) ?? [])
                extraSample(families, g, labels, options, warnings);
            const result = gate?.find((g) => g.experiment === summary.experiment && g.name === summary.name);
            if (result)
                gateSamples(families, result, labels, names);
        });
        groups.push({ job, grouping: { experiment }, families: families.list().filter((f) => f.samples.length > 0) });
    }
    return { groups, warnings, refused: [...refused] };
}

/**
 * Pushgateway sink: each experiment's run-level results are PUT as one group
 * (`/metrics/job/<job>/experiment/<experiment>`) with prom-client's Pushgateway and a Registry of its own,
 * so nothing else registered in the process leaks into the push. An outage is retried with backoff within
 * one time budget for all groups (http/retry.ts), the groups after a failed one are not tried, and all of it is
 * reported as warnings: a sink never changes the verdict.
 */
/**
 * Grouping labels in the form prom-client can carry. It percent-encodes values and then resolves the path
 * as a URL, so `.` and `..` are taken as path steps (`..` would push to the job-level group), and the
 * Pushgateway decodes `%2F` back into a separator (400 "odd number of components"). Any value but a plain
 * word is therefore sent as `<label>@base64/<base64url>`, the Pushgateway's own escape (`=` for empty).
 */
function encodeGrouping(grouping) {
    const out = {};
    for (const [label, value] of Object.entries(grouping)) {
        if (value === '')
            out[`${label}@base64`] = '=';
        else if (PLAIN_SEGMENT.test(value) && !ONLY_DOTS.test(value))
            out[label] = value;
        else
            out[`${label}@base64`] = Buffer.from(value, 'utf8').toString('base64url');
    }
    return out;
}
/** Characters a URL path segment carries as themselves (RFC 3986 unreserved). */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;
/** `.` and `..` (and longer runs, for good measure) would be read as path steps. */
const ONLY_DOTS = /^\.+$/;
/** A prom-client Registry holding one group's gauges. */
function registryFor(group) {
    const registry = new promClientExports.Registry();
    for (const family of group.families) {
        const gauge = new promClientExports.Gauge({
            name: family.name,
            help: family.help,
            labelNames: family.labelNames,
            registers: [registry],
        });
        for (const sample of family.samples) {
            const labels = plainRecord();
            for (const name of family.labelNames)
                labels[name] = ownValue(sample.labels, name) ?? '';
            gauge.set(labels, sample.value);
        }
    }
    return registry;
}
/** HTTP status in prom-client's error text (`push failed with status 503, ...`), or null for a network error. */
function statusOf(error) {
    const m = /status (\d{3})/.exec(error instanceof Error ? error.message : String(error));
    return m ? Number(m[1]) : null;
}
/** One line of an error, credentials removed. */
function describe(error, url) {
    const text = (error instanceof Error ? error.message : String(error)).split('\n')[0].trim();
    const u = (() => {
        try {
            return new URL(url);
        }
        catch {
            return null;
        }
    })();
    return u?.password ? text.split(u.password).join('***') : text;
}
/**
 * Push each experiment's run-level results to the Pushgateway at `url` (PUT: the group is replaced).
 * Never throws for an outage: failures end up in the report's warnings with `ok: false`.
 * Throws InputError for a malformed URL.
 */
async function pushRunResults(url, summaries, gate, options) {
    checkPushgatewayUrl(url);
    const { groups, warnings, refused } = toPrometheusSamples(summaries, gate, options);
    const report = {
        sink: 'pushgateway',
        target: redactUrl(url),
        ok: true,
        sent: 0,
        attempts: 0,
        warnings,
        refused,
    };
    const policy = {
        maxAttempts: (options.retries ?? 3) + 1,
        baseDelayMs: options.backoffMs ?? 500,
        maxDelayMs: 8_000,
        timeoutMs: options.timeoutMs ?? 10_000,
        budgetMs: options.budgetMs ?? DEFAULT_SINK_TIMEOUT_SECONDS * 1000,
    };
    const deps = { ...defaultRetryDeps(), ...options.deps };
    const deadline = options.deadline ?? deps.now() + policy.budgetMs;
    for (const [i, group] of groups.entries()) {
        const registry = registryFor(group);
        const samples = group.families.reduce((n, f) => n + f.samples.length, 0);
        const where = `job=${group.job} ${Object.entries(group.grouping)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}`;
        const outcome = await withRetry(async (timeout) => {
            try {
                await new promClientExports.Pushgateway(url, { timeout, lookup: boundedLookup(deadline) }, registry).push({
                    jobName: group.job,
                    groupings: encodeGrouping(group.grouping),
                });
                return { ok: true, status: 200 };
            }
            catch (error) {
                return { ok: false, status: statusOf(error), error: describe(error, url) };
            }
        }, policy, deps, deadline);
        report.attempts += outcome.attempts;
        if (outcome.ok) {
            report.sent += samples;
            continue;
        }
        report.ok = false;
        const tries = outcome.attempts;
        report.warnings.push(`pushgateway: push of ${where} to ${report.target} failed after ${tries} attempt${tries === 1 ? '' : 's'}: ${outcome.error}`);
        // A Pushgateway still down after the retries will not be up for the next group; a refused group
        // (400: a bad label) says nothing about the others.
        if (retryable(outcome.status) && i < groups.length - 1) {
            report.warnings.push(`pushgateway: the remaining ${groups.length - i - 1} group(s) not pushed after that failure`);
            break;
        }
    }
    return report;
}

/** The HTTP sinks: Pushgateway and the Datadog API. An outage warns; it never changes the verdict. */
/** What each sink the options name did, Pushgateway first. */
async function sendToHttpSinks(ctx, runs, budget) {
    const { pushgatewayUrl, datadogUrl, datadogApiKey } = ctx.options;
    const outcomes = [];
    if (pushgatewayUrl) {
        const pushed = await pushToPushgateway(ctx, runs, pushgatewayUrl, budget);
        if (pushed)
            outcomes.push(pushed);
    }
    if (datadogUrl && datadogApiKey)
        outcomes.push(await sendToDatadogApi(ctx, runs, { url: datadogUrl, apiKey: datadogApiKey }, budget));
    return outcomes;
}
/** What both sinks name and tag series by, as the StatsD route does, plus the GPU gauges. */
function seriesOptions({ options }, gpu) {
    return {
        prefix: options.prefix,
        tags: options.tags,
        allowIdTags: options.allowIdTags,
        github: options.github,
        extraGauges: (s, i) => gpuGaugesFor(gpu, s.name, i),
    };
}
async function pushToPushgateway(ctx, runs, url, budget) {
    try {
        const pushed = await pushRunResults(url, runs.summaries, runs.gate.length ? runs.gate : null, {
            ...seriesOptions(ctx, runs.gpu),
            budgetMs: budget.ms,
            deadline: budget.deadline,
        });
        for (const r of pushed.refused)
            ctx.refuseTag(r);
        for (const w of pushed.warnings)
            ctx.warn(w);
        if (pushed.ok)
            ctx.io.info(`Pushgateway: ${pushed.sent} samples to ${pushed.target}`);
        return pushed;
    }
    catch (e) {
        ctx.recordError(e);
        return null;
    }
}
async function sendToDatadogApi(ctx, runs, target, budget) {
    const dd = await sendToDatadog(runs.summaries, runs.gate, {
        ...target,
        ...seriesOptions(ctx, runs.gpu),
        retry: { budgetMs: budget.ms },
        deadline: budget.deadline,
    });
    for (const r of dd.refused)
        ctx.refuseTag(r);
    for (const n of dd.notes)
        ctx.io.info(n);
    for (const w of dd.warnings)
        ctx.warn(w);
    return dd;
}

export { sendToHttpSinks };
