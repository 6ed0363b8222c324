import { d as distExports } from './index-D2ITh64m.js';
import { q as metricKey, b5 as DEFAULT_OPTIONS, I as InputError } from './postgres-url-BezLfty4.js';
import { b as bucketsFor } from './buckets-B8UcQ-BJ.js';
import { s as snakeName, U as UNIT_WORDS, p as prometheusMetricName, b as statsdExporterUnit } from './prometheus-OKZ4QSr6.js';
import { b as LEVEL_QUANTILES, L as LEVEL_STATS, s as sentStatsdName } from './metrics-1pr649UD.js';
import { K as KNOWN_GAUGES } from './known-gauges-C2yOVZDj.js';
import { p as parseGeneratorFlags, c as columnsFromFlags } from './run-columns-PJugamCY.js';
import { M as MAPPING_FLAGS } from '../cli.js';
import 'process';
import 'buffer';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:util';
import 'node:crypto';
import './version-C1BOJE61.js';
import './history-BryXbcR6.js';

/**
 * statsd_exporter regex mappings that name a column by its StatsD name alone, for a mapping made without
 * the run's files: the default classification (classify/defaults.ts) read off the name, so a window or
 * timer becomes the histogram, in base units, that a dashboard made from the files queries.
 *
 * The exporter's regexes (Go RE2) cannot look ahead, so each class is a few mappings in the defaults' rule
 * order: the name's own unit word at its end (dropped from the name, as naming/prometheus.ts drops it),
 * then the class's word anywhere. What a name cannot say is left to `--csv`: a `[MiB]` header suffix
 * (not part of the StatsD name), a class changed by the values (percent MFU, a counter) or by a config.
 * A test checks the names these give against prometheusMetricName over real files' headers.
 */
/** The name's trailing unit word, optional, outside the captured body. */
const UNIT_END = `(?:[._]${UNIT_WORDS})?`;
const SUFFIX = {
    ratio: '_ratio',
    flops_per_second: '_flops_per_second',
    per_second: '_per_second',
    bytes: '_bytes',
    seconds: '_seconds',
};
const body = (unit) => (pre) => `${pre ? `${pre}_` : ''}\${1}${SUFFIX[unit] ?? ''}`;
/** The start of every match: the prefix and its dot, or nothing for an empty prefix. */
function head(prefix) {
    return prefix ? `^${escapeRegex(prefix)}\\.` : '^';
}
/** `text` matched literally in a regex. */
function escapeRegex(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** Observer (`|h`, `|d`, `|ms`) classes in the defaults' order: MFU, TFLOP/s, throughput, memory, timers. */
function observerPatterns(h) {
    const o = (match, unit, name = body(unit)) => ({
        match: `${h}${match}$`,
        metricType: 'observer',
        unit,
        name,
    });
    const memory = '(?:.*[._])?(?:mem|memory|vram|hbm).*?';
    return [
        o(`((?:.*[._])?(?:mfu|hfu)(?:[._].*?)??|.*model_flops_util.*?|.*hfu.*?)${UNIT_END}`, 'ratio'),
        // The plain flavor names FLOP/s in base units (`flops_per_second`, `throughput_flops_per_second`).
        o('flops_per_second', 'flops_per_second', (pre) => `${pre ? `${pre}_` : ''}flops_per_second`),
        o('(.+?)[._]flops_per_second', 'flops_per_second'),
        o('tflops', 'flops_per_second', (pre) => `${pre ? `${pre}_` : ''}flops_per_second`),
        o('(.+?)[._]tflops', 'flops_per_second'),
        o(`(.*(?:tflops|flops_per_s).*?)${UNIT_END}`, 'flops_per_second'),
        o('(.*?(?:tokens|samples|sequences|steps))_per_(?:s|sec|second)', 'per_second'),
        o('(.*?(?:tok|tokens|it))_s', 'per_second'),
        o('(.*(?:throughput|tps).*?)(?:_(?:per_s|per_sec|per_second|s|ps))?', 'per_second'),
        o(`(${memory})[._](?:bytes|kib|mib|gib|mb|gb)`, 'bytes'),
        o(`(${memory})[._](?:percent|pct|ratio)`, 'ratio'),
        o(`(${memory})[._](?:ms|milliseconds)`, 'seconds'),
        o(`(${memory})`, ''),
        o('(.+?)_(?:ms|sec|seconds)', 'seconds'),
        o(`(.*(?:step_time|iteration_time|iter_time|time_per_(?:step|iteration|iter)|batch_time|[._](?:time|duration|latency)(?:[._].*?)??|_time)|(?:time|duration|latency)(?:[._].*?)??)${UNIT_END}`, 'seconds'),
    ];
}
/** Gauge (`|g`) names whose words give a unit, as classify/defaults.ts reads units off a name. */
function gaugePatterns(h) {
    const g = (match, unit) => ({
        match: `${h}${match}$`,
        metricType: 'gauge',
        unit,
        name: body(unit),
    });
    return [
        g('(.+?)(?:_ms|[._]milliseconds)', 'seconds'),
        g('(.+?)[._]bytes', 'bytes'),
        g('(.+?)_(?:mib|mb|gib|gb)', 'bytes'),
        g('(.+?)_(?:pct|percent)', 'ratio'),
        g(`(.*(?:runtime|wall_time|total_time|time_elapsed).*?|.*elapsed_time)${UNIT_END}`, 'seconds'),
    ];
}
/** A level gauge's StatsD suffix as a regex (`steady\\.median`) and the labels its Prometheus name gets. */
const LEVEL_SUFFIXES = LEVEL_QUANTILES.map(([stat, quantile]) => [escapeRegex(LEVEL_STATS[stat]), { quantile }]);
const FINAL_SUFFIX = escapeRegex(LEVEL_STATS.final);
/**
 * The level gauges of columns not listed (`<key>.steady.median`, …; a loss's `<key>.final`): named as the
 * column's observer pattern names it, plus `_steady` or `_final`, else the cleaned name plus the same.
 */
function levelPatterns(prefix) {
    const h = head(prefix);
    const out = [];
    const bodies = [
        ...observerPatterns(h).map((p) => ({ match: p.match.replace(/\$$/, ''), name: p.name })),
        { match: `${h}(.+?)`, name: body('') },
    ];
    for (const b of bodies) {
        for (const [suffix, labels] of LEVEL_SUFFIXES)
            out.push({ match: `${b.match}\\.${suffix}$`, name: (pre) => `${b.name(pre)}_steady`, labels });
    }
    out.push({ match: `${h}(.+?)\\.${FINAL_SUFFIX}$`, name: (pre) => `${body('')(pre)}_final`, labels: {} });
    return out;
}
/** Every pattern mapping for StatsD prefix `prefix`, observers first. */
function patternMappings(prefix) {
    return [...observerPatterns(head(prefix)), ...gaugePatterns(head(prefix))];
}
/** The catch-all after every other mapping: the name cleaned (the exporter turns `.` into `_`), nothing else. */
function catchAllMatch(prefix) {
    return { match: `${head(prefix)}(.+)$`, name: body('')(snakeName(prefix)) };
}

/**
 * statsd_exporter mapping for the lines the StatsD sink sends, so that Prometheus gets the same names
 * (base units, snake_case) as from the Pushgateway route. The sink sends values already in base units
 * (seconds, bytes, ratio, FLOP/s; timers as `|ms`, which the exporter divides by 1000), so the mapping
 * only names and buckets — no `scale`, which exporters before v0.24.0 ignore without a word:
 *
 *   loss    `<prefix>.<key>:<v>|g|#…,step:<N>`           → gauge `<name>`, the `step` label blanked
 *   timer   `<prefix>.<key>:<ms>|ms|@<rate>|#…`          → histogram `<name>` in seconds
 *   window  `<prefix>.<key>:<v>|h|@<rate>|#…,steps:A-B`  → histogram `<name>`, `steps` blanked
 *   gauge   `<prefix>.<key>:<v>|g|#…`                    → gauge `<name>`
 *   level   `<prefix>.<key>.steady.median:<v>|g|#…`      → gauge `<name>_steady{quantile="0.5"}` (p10, p90 alike)
 *           `<prefix>.<key>.final:<v>|g|#…`              → gauge `<name>_final` (loss)
 *
 * `<key>` is the name the plain flavor sends (`sentStatsdName`: the base unit where it rescaled). The
 * level gauges are the run's exact steady state, the numbers the gate judges; the histograms are for
 * distributions. `_steady` and `_final` follow `<name>` because `<name>` is already the histogram family.
 * Blanking `step`/`steps` (a mapping label overrides a tag of the same name; an empty value is no label
 * in Prometheus) keeps one series per run label set instead of one per step or window.
 * Order: exact globs for the run's columns and the run, gate, GPU and cost gauges (known-gauges.ts), then
 * regexes by name pattern for columns not listed (statsd-exporter-patterns.ts), then a catch-all regex
 * that only cleans the name. The exporter tries regexes only where no glob matched, and no glob has a
 * `*`, so no pair of globs can shadow one another (the "super set will never be matched" warning).
 * Relies only on what statsd_exporter v0.23.0 has (MIN_STATSD_EXPORTER_VERSION).
 *
 * A mapping must never break a scrape. Several columns map to one Prometheus name (`step_time_ms` in one
 * team's CSV, `step_time` in another's), and the exporter keeps one series set per label-name set: two of
 * them with different `help` texts make client_golang refuse the whole family, /metrics answers 500 and
 * Prometheus loses every series (seen on a real v0.23.0). So every rule carries one help text, whatever
 * column or pattern produced the name; and two columns that would give one name two types (a gauge and a
 * histogram, which the exporter drops as a conflict) are told apart by a type suffix on the later one.
 */
/** The oldest statsd_exporter whose mapping features (glob and regex matches, histogram_options, labels) this uses. */
const MIN_STATSD_EXPORTER_VERSION = 'v0.23.0';
/** The one help text of every family the mapping makes (the unit is in the name). */
const MAPPING_HELP = 'A training metric sent by training-metrics-gate; its unit is in the name.';
/**
 * statsd_exporter's own check of a glob `match` (pkg/mapper metricLineRE, v0.21.0 on): the first component
 * starts with a letter or `_`, later ones may start with a digit.
 */
const FIRST_GLOB_COMPONENT = /^[a-zA-Z_][a-zA-Z0-9_-]*$/;
const GLOB_COMPONENT = /^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/;
function matchFor(statsd) {
    const [first = '', ...rest] = statsd.split('.');
    if (FIRST_GLOB_COMPONENT.test(first) && rest.every((c) => GLOB_COMPONENT.test(c)))
        return { match: statsd };
    // A name the glob syntax refuses (a leading digit with no prefix): match the literal name as a regex instead.
    return { match: `^${statsd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, match_type: 'regex' };
}
/** The mapping entry for one column, or null for ignored columns. */
function mappingFor(metric, prefix) {
    const { kind } = metric.class;
    if (kind === 'ignore')
        return null;
    // A timer is named in seconds whatever its column said: statsd_exporter turns `|ms` into seconds.
    const { name, unit: baseUnit } = prometheusMetricName(prefix, metric.name, statsdExporterUnit(metric.class));
    const statsd = sentStatsdName(prefix, metric.name, metric.class, 'plain');
    const entry = { ...matchFor(statsd), name, help: MAPPING_HELP };
    // A loss and a quality metric are sent as gauges of their sampled points, each with its step.
    const sampled = kind === 'loss' || kind === 'quality';
    entry.match_metric_type = sampled || kind === 'gauge' ? 'gauge' : 'observer';
    if (entry.match_metric_type === 'gauge') {
        if (sampled)
            entry.labels = { step: '' };
        return entry;
    }
    const buckets = bucketsFor(baseUnit);
    if (buckets) {
        entry.observer_type = 'histogram';
        entry.histogram_options = { buckets };
    }
    else {
        entry.observer_type = 'summary';
    }
    if (kind === 'window')
        entry.labels = { steps: '' };
    return entry;
}
/** The Prometheus names of a column's level gauges: `<name>_steady` (with `quantile`) and `<name>_final`. */
function levelNames(prefix, metric) {
    const { name } = prometheusMetricName(prefix, metric.name, statsdExporterUnit(metric.class));
    return { steady: `${name}_steady`, final: `${name}_final` };
}
/** The mapping entries for a column's level gauges (none for gauges and ignored columns). */
function levelMappingsFor(metric, prefix) {
    const { kind, unit } = metric.class;
    if (kind === 'gauge' || kind === 'ignore')
        return [];
    // Sent as a gauge of the column would be: in the unit of its Prometheus name (seconds for a timer).
    const statsd = sentStatsdName(prefix, metric.name, { kind: 'gauge', unit }, 'plain');
    const names = levelNames(prefix, metric);
    const out = LEVEL_QUANTILES.map(([stat, quantile]) => ({
        ...matchFor(`${statsd}.${LEVEL_STATS[stat]}`),
        match_metric_type: 'gauge',
        name: names.steady,
        help: MAPPING_HELP,
        labels: { quantile },
    }));
    if (kind !== 'loss' && kind !== 'quality')
        return out;
    return [
        ...out,
        {
            ...matchFor(`${statsd}.${LEVEL_STATS.final}`),
            match_metric_type: 'gauge',
            name: names.final,
            help: MAPPING_HELP,
        },
    ];
}
/** What a mapping made without the run's files cannot know, for its header and the command's warning. */
const NO_COLUMNS_NOTE = [
    'Made without --csv: columns are named by pattern from their StatsD names (the default classes).',
    'A class the values or a config decide (a rising throughput read as a counter, a percent MFU column',
    'whose name says nothing) is not seen: generate with --csv FILE for exact names.',
];
/** Regex mappings by name pattern, then the catch-all: for names no exact glob matched. */
function generalMappings(prefix) {
    const pre = snakeName(prefix);
    const levels = levelPatterns(prefix).map((p) => ({
        match: p.match,
        match_type: 'regex',
        match_metric_type: 'gauge',
        name: p.name(pre),
        help: MAPPING_HELP,
        labels: p.labels,
    }));
    const out = patternMappings(prefix).map((p) => {
        const entry = {
            match: p.match,
            match_type: 'regex',
            match_metric_type: p.metricType,
            name: p.name(pre),
            help: MAPPING_HELP,
        };
        if (p.metricType === 'gauge') {
            entry.labels = { step: '' };
            return entry;
        }
        const buckets = bucketsFor(p.unit);
        if (buckets) {
            entry.observer_type = 'histogram';
            entry.histogram_options = { buckets };
        }
        else {
            entry.observer_type = 'summary';
        }
        entry.labels = { steps: '' };
        return entry;
    });
    // One catch-all for every type (two of one match would be the same rule twice).
    // Level gauges before the gauge patterns, which would read `runtime.steady.median` as a `runtime…` gauge.
    const firstGauge = out.findIndex((m) => m.match_metric_type === 'gauge');
    out.splice(firstGauge < 0 ? out.length : firstGauge, 0, ...levels);
    const all = catchAllMatch(prefix);
    out.push({ ...all, match_type: 'regex', help: MAPPING_HELP, labels: { step: '', steps: '' } });
    return out;
}
/**
 * The mapping YAML for statsd_exporter (`--statsd.mapping-config`). With `metrics` (the columns of a run
 * and their classes) each column gets an exact mapping with its histogram buckets; columns not listed, or
 * an empty list, are named by pattern (the default classes) or, failing that, only cleaned.
 */
function statsdExporterMapping(metrics, options) {
    if (!/^[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z_][a-zA-Z0-9_]*)*$/.test(options.prefix) && options.prefix !== '') {
        throw new Error(`prefix "${options.prefix}" cannot be matched by a statsd_exporter glob`);
    }
    const mappings = [];
    const seen = new Set();
    const families = new FamilyTypes(options.warn);
    for (const metric of metrics) {
        const key = metricKey(metric.name);
        if (seen.has(key))
            continue;
        seen.add(key);
        const entry = mappingFor(metric, options.prefix);
        if (entry)
            mappings.push(families.claim(entry, metric.name));
        for (const level of levelMappingsFor(metric, options.prefix))
            mappings.push(families.claim(level, metric.name));
    }
    // The run, gate, GPU and cost gauges the engine sends beside the columns.
    for (const gauge of KNOWN_GAUGES) {
        if (seen.has(gauge.name))
            continue;
        seen.add(gauge.name);
        const entry = mappingFor({ name: gauge.name, class: { kind: 'gauge', unit: gauge.unit } }, options.prefix);
        mappings.push(families.claim(entry, gauge.name));
    }
    mappings.push(...generalMappings(options.prefix));
    const header = [
        `# statsd_exporter mapping for training-metrics-gate (--statsd.mapping-config=FILE), statsd_exporter ${MIN_STATSD_EXPORTER_VERSION} or later.`,
        `# StatsD prefix "${options.prefix}"; names and units match the Pushgateway route (values arrive in base units).`,
        ...(metrics.length === 0 ? NO_COLUMNS_NOTE.map((l) => `# ${l}`) : []),
        '',
    ].join('\n');
    return (header + distExports.stringify({ defaults: { match_type: 'glob', glob_disable_ordering: false }, mappings }, { lineWidth: 0 }));
}
/**
 * The type each Prometheus name was first given, by the column that gave it. A later column that would
 * give the same name another type gets the type as a suffix (`…_seconds_gauge`), since the exporter would
 * drop its lines as a conflict.
 */
class FamilyTypes {
    warn;
    types = new Map();
    constructor(warn) {
        this.warn = warn;
    }
    claim(entry, column) {
        const type = entry.match_metric_type === 'gauge' ? 'gauge' : (entry.observer_type ?? 'summary');
        const first = this.types.get(entry.name);
        if (!first) {
            this.types.set(entry.name, { type, column });
            return entry;
        }
        if (first.type === type)
            return entry;
        const name = `${entry.name}_${type}`;
        this.warn?.(
        // Column names quoted as JSON strings: one line, whatever they hold.
        `columns ${JSON.stringify(first.column)} (${first.type}) and ${JSON.stringify(column)} (${type}) both map to ${entry.name}: the second is named ${name}`);
        return this.claim({ ...entry, name }, column);
    }
}

/**
 * `mapping statsd-exporter`: the statsd_exporter mapping YAML. With `--csv FILE` (repeatable) it names the
 * columns of those files as a run would send them; without, the columns are named by pattern, with a
 * warning on stderr saying what that cannot see.
 */
const USAGE = `usage: training-metrics-gate mapping statsd-exporter ${MAPPING_FLAGS}`;
/** The flags after `mapping statsd-exporter` → the YAML. */
async function mappingStatsdExporter(args) {
    const v = parseGeneratorFlags(args, {}, (message) => new InputError('arguments', null, `${message.split('\n')[0]}\n${USAGE}`));
    const columns = await columnsFromFlags(v);
    if (columns.length === 0)
        process.stderr.write(`warning: ${NO_COLUMNS_NOTE.join(' ')}\n`);
    return statsdExporterMapping(columns, {
        prefix: v.prefix ?? DEFAULT_OPTIONS.prefix,
        warn: (message) => process.stderr.write(`warning: ${message}\n`),
    });
}

export { mappingStatsdExporter };
