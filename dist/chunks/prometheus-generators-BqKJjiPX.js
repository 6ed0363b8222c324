import { parseArgs } from 'node:util';
import { R as RUN_GAUGES, m as metricKey, s as statsdName, I as InputError, Q as loadConfig, U as summarizeRun, S as openTable, O as classify } from './run-CjJjJVbh.js';
import { a as prometheusMetricName, b as statsdExporterUnit, s as snakeName, r as runFamilyNames } from './prometheus-C2ybMsND.js';
import { d as distExports } from './index-D2ITh64m.js';
import 'node:fs/promises';
import 'node:path';
import { G as GRAFANA_FLAGS, M as MAPPING_FLAGS } from '../cli.js';
import 'node:fs';
import 'node:stream';
import 'process';
import 'buffer';

/**
 * Gauges the engine sends beside a run's own columns, by StatsD name (without the prefix) and unit:
 * the run and gate gauges, the GPU report's per-device (`gpu:<label>` tag) and run-level gauges, and the
 * cost gauges. The statsd_exporter mapping gives each an exact mapping (so `scale` converts units and the
 * Prometheus names match the Pushgateway's); the Grafana dashboard draws the GPU and cost ones.
 * A test checks the list against what the GPU report produces from a real capture.
 */
const DEVICE_FIELDS = [
    ['util.mean', 'percent'],
    ['util.p10', 'percent'],
    ['sm_active.mean', 'percent'],
    ['sm_active.p10', 'percent'],
    ['tensor_active.mean', 'percent'],
    ['tensor_active.p10', 'percent'],
    ['memory.peak', 'mebibytes'],
    ['memory.total', 'mebibytes'],
    ['memory.peak_fraction', 'ratio'],
    ['power.mean', 'watts'],
    ['power.max', 'watts'],
    ['temperature.max', 'celsius'],
    ['starved', 'boolean'],
];
const KNOWN_GAUGES = [
    { name: RUN_GAUGES.steps, unit: 'count' },
    { name: RUN_GAUGES.truncated, unit: 'boolean' },
    { name: RUN_GAUGES.regression, unit: 'boolean' },
    ...DEVICE_FIELDS.map(([field, unit]) => ({ name: `gpu.${field}`, unit, perDevice: true })),
    ...DEVICE_FIELDS.map(([field, unit]) => ({ name: `gpu.run.${field}`, unit })),
    { name: 'gpu.run.count', unit: 'count' },
    { name: 'gpu.run.starved_gpus', unit: 'count' },
    { name: 'gpu.run.power.total_mean', unit: 'watts' },
    { name: 'cost.gpu_hours', unit: 'hours' },
    { name: 'cost.total', unit: 'currency' },
    { name: 'cost.per_billion_tokens', unit: 'currency' },
];

/**
 * statsd_exporter mapping for the lines the StatsD sink sends, so that Prometheus gets the same names
 * (base units, snake_case) as from the Pushgateway route:
 *
 *   loss    `<prefix>.<key>:<v>|g|#…,step:<N>`           → gauge `<name>`, the `step` label blanked
 *   timer   `<prefix>.<key>:<ms>|ms|@<rate>|#…`          → histogram `<name>` in seconds (statsd_exporter ÷1000)
 *   window  `<prefix>.<key>:<v>|h|@<rate>|#…,steps:A-B`  → histogram `<name>`, `scale` to base units, `steps` blanked
 *   gauge   `<prefix>.<key>:<v>|g|#…`                    → gauge `<name>`, `scale` to base units
 *
 * Blanking `step`/`steps` (a mapping label overrides a tag of the same name; an empty value is no label
 * in Prometheus) keeps one series per run label set instead of one per step or window.
 * The run, gate, GPU and cost gauges (known-gauges.ts) are mapped the same way; columns not listed fall
 * through to glob mappings on `<prefix>.*` … with the same snake_case names.
 * `scale` needs a statsd_exporter whose mapping knows it; older ones ignore the key.
 */
/** statsd_exporter's own check of a glob `match` (pkg/mapper): components start with a letter or `_`. */
const GLOB_COMPONENT = /^[a-zA-Z_](-?[a-zA-Z0-9_])*$/;
/** `n` buckets from `start`, each `factor` times the one before, rounded to 4 significant digits. */
function exponentialBuckets(start, factor, n) {
    return Array.from({ length: n }, (_, i) => Number((start * factor ** i).toPrecision(4)));
}
/** `n` evenly spaced buckets from `start` by `width`. */
function linearBuckets(start, width, n) {
    return Array.from({ length: n }, (_, i) => Number((start + width * i).toPrecision(6)));
}
/**
 * Histogram buckets for a value in base unit `unit`, wide enough for any training job and about 12 %
 * apart (×1.25) where the range is wide, so histogram_quantile stays within a few percent.
 */
function bucketsFor(unit) {
    switch (unit) {
        case 'ratio':
            return linearBuckets(0.025, 0.025, 40); // 2.5 % steps up to 100 %
        case 'seconds':
            return exponentialBuckets(0.005, 1.25, 60); // 5 ms … about 45 min
        case 'bytes':
            return exponentialBuckets(2 ** 28, 1.25, 40); // 256 MiB … about 1.7 TiB
        case 'flops_per_second':
            return exponentialBuckets(1e11, 1.25, 50); // 0.1 … about 5,600 TFLOP/s
        case 'tokens_per_second':
        case 'per_second':
            return exponentialBuckets(0.1, 1.25, 100); // 0.1 … about 5e8 per second
        case 'watts':
            return linearBuckets(25, 25, 60); // 25 … 1,500 W
        case 'celsius':
            return linearBuckets(20, 2.5, 40); // 20 … 117.5 °C
        case 'hertz':
            return exponentialBuckets(1e8, 1.1, 40); // 100 MHz … about 4 GHz
        default:
            return null;
    }
}
function matchFor(statsd) {
    if (statsd.split('.').every((c) => GLOB_COMPONENT.test(c)))
        return { match: statsd };
    // A component the glob syntax refuses (leading digit, `..`): match the literal name as a regex instead.
    return { match: `^${statsd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, match_type: 'regex' };
}
/** The mapping entry for one column, or null for ignored columns. */
function mappingFor(metric, prefix) {
    const { kind } = metric.class;
    if (kind === 'ignore')
        return null;
    // A timer is named in seconds (factor 1) whatever its column said: statsd_exporter turns `|ms` into seconds.
    const { name, factor, unit: baseUnit } = prometheusMetricName(prefix, metric.name, statsdExporterUnit(metric.class));
    const statsd = statsdName(prefix, metric.name);
    const entry = { ...matchFor(statsd), name, help: `"${metric.name}"${baseUnit ? ` in ${baseUnit.replace(/_/g, ' ')}` : ''}` };
    entry.match_metric_type = kind === 'loss' || kind === 'gauge' ? 'gauge' : 'observer';
    if (factor !== 1)
        entry.scale = factor;
    if (entry.match_metric_type === 'gauge') {
        if (kind === 'loss')
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
/** Glob mappings for any `<prefix>.a[.b…]` not listed: the same snake_case name, step labels blanked. */
function fallbackMappings(prefix, depth) {
    const pre = snakeName(prefix);
    const out = [];
    for (let n = 1; n <= depth; n++) {
        const stars = Array.from({ length: n }, () => '*');
        const match = [prefix, ...stars].filter(Boolean).join('.');
        const name = [pre, ...stars.map((_, i) => `\${${i + 1}}`)].filter(Boolean).join('_');
        out.push({ match, match_metric_type: 'gauge', name, labels: { step: '' } });
        out.push({ match, match_metric_type: 'observer', name, observer_type: 'summary', labels: { steps: '' } });
    }
    return out;
}
/**
 * The mapping YAML for statsd_exporter (`--statsd.mapping-config`). With `metrics` (the columns of a run
 * and their classes) each column gets an exact mapping with unit scaling and histogram buckets; columns
 * not listed, or an empty list, are covered by glob fallbacks that only clean the names.
 */
function statsdExporterMapping(metrics, options) {
    if (!/^[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z_][a-zA-Z0-9_]*)*$/.test(options.prefix) && options.prefix !== '') {
        throw new Error(`prefix "${options.prefix}" cannot be matched by a statsd_exporter glob`);
    }
    const mappings = [];
    const seen = new Set();
    for (const metric of metrics) {
        const key = metricKey(metric.name);
        if (seen.has(key))
            continue;
        seen.add(key);
        const entry = mappingFor(metric, options.prefix);
        if (entry)
            mappings.push(entry);
    }
    // The run, gate, GPU and cost gauges the engine sends beside the columns.
    for (const gauge of KNOWN_GAUGES) {
        if (seen.has(gauge.name))
            continue;
        seen.add(gauge.name);
        mappings.push(mappingFor({ name: gauge.name, class: { kind: 'gauge', unit: gauge.unit } }, options.prefix));
    }
    mappings.push(...fallbackMappings(options.prefix, options.fallbackDepth ?? 4));
    const header = [
        '# statsd_exporter mapping for training-metrics-gate (--statsd.mapping-config=FILE).',
        `# StatsD prefix "${options.prefix}"; names and units match the Pushgateway route.`,
        '',
    ].join('\n');
    return header + distExports.stringify({ defaults: { match_type: 'glob', glob_disable_ordering: false }, mappings }, { lineWidth: 0 });
}

const ROWS = ['MFU and throughput', 'Loss', 'Step time', 'Memory', 'GPU', 'Other'];
/** Which row a column belongs on, from its key and class (GPU telemetry first: `gpu.*` keys). */
function rowOf(metric) {
    const key = metricKey(metric.name);
    const { kind, unit } = metric.class;
    if (kind === 'ignore')
        return null;
    if (/^gpu[._]/.test(key))
        return 'GPU';
    if (kind === 'loss')
        return 'Loss';
    if (kind === 'timer' || /(step|iter|iteration)[._]?time/.test(key))
        return 'Step time';
    if (['bytes', 'mebibytes', 'gibibytes', 'megabytes', 'gigabytes'].includes(unit) || /mem/.test(key))
        return 'Memory';
    if (/mfu|flops|throughput|tokens_per|samples_per|tok_s/.test(key) || unit === 'tflops' || unit === 'tokens_per_second' || unit === 'per_second')
        return 'MFU and throughput';
    return 'Other';
}
/** Grafana unit ids for our base units. */
function grafanaUnit(unit) {
    switch (unit) {
        case 'ratio':
            return 'percentunit';
        case 'seconds':
            return 's';
        case 'bytes':
            return 'bytes';
        case 'flops_per_second':
            return 'flops';
        case 'tokens_per_second':
            return 'suffix: tok/s';
        case 'per_second':
            return 'suffix: /s';
        case 'watts':
            return 'watt';
        case 'celsius':
            return 'celsius';
        case 'hertz':
            return 'hertz';
        default:
            return 'short';
    }
}
const SELECTOR = 'experiment=~"$experiment", branch_type=~"$branch_type"';
const QUANTILES = [
    ['0.5', 'median'],
    ['0.1', 'p10'],
    ['0.9', 'p90'],
];
/** Panels for one column. */
function metricPanel(metric, options) {
    const { kind, unit } = metric.class;
    const base = prometheusMetricName(options.prefix, metric.name, options.source === 'statsd-exporter' ? statsdExporterUnit(metric.class) : unit);
    const title = metric.name;
    if (kind === 'gauge')
        return { title, unit: grafanaUnit(base.unit), targets: [{ expr: `${base.name}{${SELECTOR}}`, legend: '{{run}}' }] };
    if (options.source === 'pushgateway') {
        const targets = QUANTILES.map(([q, label]) => ({ expr: `${base.name}{quantile="${q}", ${SELECTOR}}`, legend: `{{run}} ${label}` }));
        if (kind === 'loss')
            targets.push({ expr: `${base.name}_final{${SELECTOR}}`, legend: '{{run}} final' });
        return { title, unit: grafanaUnit(base.unit), targets, description: 'Steady-state median, p10 and p90 of each run, as pushed at the end of the run.' };
    }
    if (kind === 'loss') {
        return { title, unit: grafanaUnit(base.unit), targets: [{ expr: `${base.name}{${SELECTOR}}`, legend: '{{experiment}}' }], description: 'Last sampled value.' };
    }
    if (bucketsFor(base.unit)) {
        const targets = QUANTILES.map(([q, label]) => ({
            expr: `histogram_quantile(${q}, sum by (le, experiment, branch_type) (increase(${base.name}_bucket{${SELECTOR}}[$window])))`,
            legend: `{{experiment}} ${label}`,
        }));
        return { title, unit: grafanaUnit(base.unit), targets, description: 'Quantiles of the per-window values sent over the last $window.' };
    }
    // No buckets for this unit: statsd_exporter keeps a summary (quantiles 0.5, 0.9, 0.99).
    const targets = [
        ['0.5', 'median'],
        ['0.9', 'p90'],
    ].map(([q, label]) => ({ expr: `${base.name}{quantile="${q}", ${SELECTOR}}`, legend: `{{experiment}} ${label}` }));
    return { title, unit: grafanaUnit(base.unit), targets };
}
/** Without a column list (Pushgateway only): one panel per row, matching names by pattern. */
function genericPanels(prefix) {
    const p = snakeName(prefix);
    const q = (pattern) => `{__name__=~"${p}_${pattern}", quantile="0.5", ${SELECTOR}}`;
    return new Map([
        ['MFU and throughput', [
                { title: 'MFU (median)', unit: 'percentunit', targets: [{ expr: q('.*mfu.*_ratio'), legend: '{{run}} {{__name__}}' }] },
                { title: 'Throughput (median)', unit: 'suffix: tok/s', targets: [{ expr: q('.*_tokens_per_second'), legend: '{{run}} {{__name__}}' }] },
                { title: 'FLOP/s (median)', unit: 'flops', targets: [{ expr: q('(.*_)?flops_per_second'), legend: '{{run}} {{__name__}}' }] },
            ]],
        ['Loss', [{ title: 'Final loss', unit: 'short', targets: [{ expr: `{__name__=~"${p}_.*loss.*_final", ${SELECTOR}}`, legend: '{{run}} {{__name__}}' }] }]],
        ['Step time', [{ title: 'Step time (median)', unit: 's', targets: [{ expr: q('.*(step|iter|iteration).*_seconds'), legend: '{{run}} {{__name__}}' }] }]],
        ['Memory', [{ title: 'Memory (median)', unit: 'bytes', targets: [{ expr: q('.*mem.*_bytes'), legend: '{{run}} {{__name__}}' }] }]],
        ['GPU', [{ title: 'GPU', unit: 'short', targets: [{ expr: `{__name__=~"${p}_gpu_.*", ${SELECTOR}}`, legend: '{{run}} {{__name__}} {{quantile}}' }] }]],
    ]);
}
/** Per-device GPU gauges and the cost gauge (known-gauges.ts), for jobs with a GPU capture. */
function gpuPanels(prefix, source) {
    const who = source === 'pushgateway' ? '{{run}}' : '{{experiment}}';
    const panel = (title, gauge, legend = `${who} GPU {{gpu}}`) => {
        const n = prometheusMetricName(prefix, gauge, KNOWN_GAUGES.find((g) => g.name === gauge).unit);
        return { title, unit: grafanaUnit(n.unit), targets: [{ expr: `${n.name}{${SELECTOR}}`, legend }] };
    };
    return [
        panel('GPU utilisation per device (mean)', 'gpu.util.mean'),
        panel('GPU memory peak per device', 'gpu.memory.peak'),
        panel('GPU power per device (mean)', 'gpu.power.mean'),
        panel('GPU temperature per device (max)', 'gpu.temperature.max'),
        panel('Cost of the run', 'cost.total', who),
        panel('GPU time of the run', 'cost.gpu_hours', who),
    ];
}
/** Gate row: the StatsD route sends only `<prefix>.gate.regression`; the Pushgateway has verdicts and changes too. */
function gatePanels(prefix, source) {
    const n = runFamilyNames(prefix);
    const who = source === 'pushgateway' ? '{{run}}' : '{{experiment}}';
    const regression = { title: 'Runs with a regression', unit: 'short', targets: [{ expr: `${n.regression}{${SELECTOR}}`, legend: who }] };
    if (source === 'statsd-exporter')
        return [regression];
    return [
        {
            title: 'Verdict per metric',
            unit: 'short',
            table: true,
            targets: [{ expr: `max by (run, metric, verdict) (${n.verdict}{${SELECTOR}} == 1)`, legend: '{{run}} {{metric}} {{verdict}}' }],
        },
        regression,
        { title: 'Change against the baseline', unit: 'percentunit', targets: [{ expr: `${n.change}{${SELECTOR}}`, legend: '{{run}} {{metric}}' }] },
    ];
}
function runPanels(prefix, source) {
    const n = runFamilyNames(prefix);
    const steps = { title: 'Steps', unit: 'short', targets: [{ expr: `${n.steps}{${SELECTOR}}`, legend: source === 'pushgateway' ? '{{run}}' : '{{experiment}}' }] };
    if (source === 'statsd-exporter')
        return [steps];
    return [steps, { title: 'Duration', unit: 's', targets: [{ expr: `${n.duration}{${SELECTOR}}`, legend: '{{run}}' }] }];
}
function variable(name, label, query, ds) {
    return {
        name,
        label,
        type: 'query',
        datasource: ds,
        definition: query,
        query: { query, refId: `${name}-query` },
        current: { text: ['All'], value: ['$__all'], selected: true },
        multi: true,
        includeAll: true,
        allValue: '.*',
        refresh: 2,
        sort: 1,
        options: [],
        hide: 0,
    };
}
/** The dashboard for `metrics` (a run's columns and classes; empty: a pattern-based Pushgateway dashboard). */
function grafanaDashboard(metrics, options) {
    if (options.source === 'statsd-exporter' && metrics.length === 0) {
        throw new Error('a statsd-exporter dashboard needs the metric columns (their histogram names depend on the units): pass the metrics file');
    }
    const ds = { type: 'prometheus', uid: options.datasourceUid || '${datasource}' };
    const prefix = snakeName(options.prefix);
    const anchor = options.source === 'pushgateway' ? runFamilyNames(options.prefix).steps : `{__name__=~"${prefix}_.+"}`;
    const anchorWith = (sel) => (anchor.startsWith('{') ? `{__name__=~"${prefix}_.+", ${sel}}` : `${anchor}{${sel}}`);
    const byRow = new Map();
    if (metrics.length === 0) {
        for (const [row, specs] of genericPanels(options.prefix))
            byRow.set(row, specs);
    }
    else {
        const seen = new Set();
        for (const metric of metrics) {
            const row = rowOf(metric);
            const key = metricKey(metric.name);
            if (!row || seen.has(key))
                continue;
            seen.add(key);
            byRow.set(row, [...(byRow.get(row) ?? []), metricPanel(metric, options)]);
        }
    }
    if (options.gpu)
        byRow.set('GPU', [...(byRow.get('GPU') ?? []), ...gpuPanels(options.prefix, options.source)]);
    const sections = ROWS.filter((r) => byRow.has(r)).map((r) => [r, byRow.get(r)]);
    if (options.gate !== false)
        sections.push(['Gate verdicts', gatePanels(options.prefix, options.source)]);
    sections.push(['Runs', runPanels(options.prefix, options.source)]);
    const panels = [];
    let id = 1;
    let y = 0;
    for (const [title, specs] of sections) {
        panels.push({ id: id++, type: 'row', title, collapsed: false, gridPos: { h: 1, w: 24, x: 0, y }, panels: [] });
        y += 1;
        specs.forEach((spec, i) => {
            panels.push({
                id: id++,
                type: spec.table ? 'table' : 'timeseries',
                title: spec.title,
                ...(spec.description ? { description: spec.description } : {}),
                gridPos: { h: 8, w: 12, x: (i % 2) * 12, y: y + Math.floor(i / 2) * 8 },
                datasource: ds,
                targets: spec.targets.map((t, k) => ({
                    refId: String.fromCharCode(65 + k),
                    expr: t.expr,
                    legendFormat: t.legend,
                    datasource: ds,
                    ...(spec.table ? { instant: true, range: false, format: 'table' } : {}),
                })),
                fieldConfig: { defaults: { unit: spec.unit }, overrides: [] },
                options: spec.table
                    ? { showHeader: true }
                    : { legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull'] }, tooltip: { mode: 'multi', sort: 'none' } },
            });
        });
        y += Math.ceil(specs.length / 2) * 8;
    }
    const variables = [];
    if (!options.datasourceUid) {
        variables.push({ name: 'datasource', label: 'Prometheus', type: 'datasource', query: 'prometheus', current: { text: 'default', value: 'default' }, options: [], hide: 0 });
    }
    variables.push(variable('experiment', 'Experiment', `label_values(${anchor}, experiment)`, ds));
    variables.push(variable('branch_type', 'Branch type', `label_values(${anchorWith('experiment=~"$experiment"')}, branch_type)`, ds));
    if (options.source === 'statsd-exporter') {
        variables.push({
            name: 'window',
            label: 'Window',
            type: 'interval',
            query: '1h,6h,1d,7d,30d',
            current: { text: '1d', value: '1d' },
            auto: false,
            options: ['1h', '6h', '1d', '7d', '30d'].map((v) => ({ text: v, value: v, selected: v === '1d' })),
            hide: 0,
        });
    }
    return {
        uid: options.uid ?? `training-metrics-${options.source === 'pushgateway' ? 'pg' : 'se'}`,
        title: options.title ?? `Training metrics (${options.source === 'pushgateway' ? 'Pushgateway' : 'statsd_exporter'})`,
        tags: ['training-metrics-gate', options.source],
        timezone: 'browser',
        schemaVersion: 39,
        version: 1,
        editable: true,
        graphTooltip: 1,
        time: { from: 'now-30d', to: 'now' },
        refresh: '',
        annotations: { list: [] },
        templating: { list: variables },
        panels,
    };
}

/**
 * `mapping statsd-exporter` and `dashboard grafana`: print the statsd_exporter mapping YAML and the Grafana
 * dashboard JSON. With `--csv FILE` (repeatable) the columns of those files are classified as a run's would
 * be (with `--config`), so the output names exactly what the sinks send; without, generic rules apply.
 */
const DEFAULT_PREFIX = 'training_metrics';
/** Columns and classes of the given metric files, in file order, each name once. */
async function columnsOf(files, configPath) {
    const config = await loadConfig(configPath);
    const out = [];
    const seen = new Set();
    for (const file of files) {
        // Summarised as a run would be, so the units match what the sinks send (an MFU logged in percent
        // is read as percent from its values, not from its name).
        const summary = await summarizeRun({ name: file, experiment: file, tags: {}, fingerprint: {}, table: await openTable(file) }, config);
        const classes = new Map(summary.metrics.map((m) => [m.name, m.class]));
        for (const name of summary.metrics.map((m) => m.name)) {
            if (seen.has(name))
                continue;
            seen.add(name);
            out.push({ name, class: classes.get(name) ?? classify(name, config) });
        }
    }
    return out;
}
function parse(args, extra, usage) {
    try {
        return parseArgs({
            args,
            options: { csv: { type: 'string', multiple: true }, config: { type: 'string' }, prefix: { type: 'string' }, ...extra },
            allowPositionals: false,
            strict: true,
        }).values;
    }
    catch (e) {
        throw new InputError('arguments', null, `${e.message.split('\n')[0]}\n${usage}`);
    }
}
const MAPPING_USAGE = `usage: training-metrics-gate mapping statsd-exporter ${MAPPING_FLAGS}`;
/** `training-metrics-gate mapping statsd-exporter …` (args start with the subcommand). */
const MAPPING_GENERATOR = {
    usage: MAPPING_USAGE,
    async run(args) {
        const [what, ...rest] = args;
        if (what !== 'statsd-exporter')
            throw new InputError('arguments', null, `unknown mapping "${what ?? ''}"\n${MAPPING_USAGE}`);
        const v = parse(rest, {}, MAPPING_USAGE);
        const metrics = await columnsOf(v.csv ?? [], v.config ?? null);
        return statsdExporterMapping(metrics, { prefix: v.prefix ?? DEFAULT_PREFIX });
    },
};
const GRAFANA_USAGE = `usage: training-metrics-gate dashboard grafana ${GRAFANA_FLAGS}`;
/** `training-metrics-gate dashboard grafana …` (args after `grafana`): the JSON, or with --apply the dashboard saved in Grafana. */
const GRAFANA_GENERATOR = {
    usage: GRAFANA_USAGE,
    async run(args, env) {
        const v = parse(args, {
            source: { type: 'string' },
            'datasource-uid': { type: 'string' },
            title: { type: 'string' },
            uid: { type: 'string' },
            'no-gate': { type: 'boolean' },
            gpu: { type: 'boolean' },
            apply: { type: 'boolean' },
            'grafana-url': { type: 'string' },
            'folder-uid': { type: 'string' },
        }, GRAFANA_USAGE);
        if ((v['grafana-url'] !== undefined || v['folder-uid'] !== undefined) && !v.apply) {
            throw new InputError('arguments', null, '--grafana-url and --folder-uid go with --apply');
        }
        const source = v.source ?? 'pushgateway';
        if (source !== 'pushgateway' && source !== 'statsd-exporter') {
            throw new InputError('arguments', null, `--source must be pushgateway or statsd-exporter, not "${source}"`);
        }
        const metrics = await columnsOf(v.csv ?? [], v.config ?? null);
        if (source === 'statsd-exporter' && metrics.length === 0) {
            throw new InputError('arguments', null, 'a statsd-exporter dashboard needs --csv FILE: its histogram names depend on the columns and their units');
        }
        const dashboard = grafanaDashboard(metrics, {
            prefix: v.prefix ?? DEFAULT_PREFIX,
            source: source,
            datasourceUid: v['datasource-uid'] ?? null,
            gate: !v['no-gate'],
            gpu: Boolean(v.gpu),
            ...(v.title ? { title: v.title } : {}),
            ...(v.uid ? { uid: v.uid } : {}),
        });
        if (!v.apply)
            return `${JSON.stringify(dashboard, null, 2)}\n`;
        const { applyGrafanaDashboard, grafanaTargetFrom } = await import('./grafana-apply-B2Zq1NpU.js');
        const saved = await applyGrafanaDashboard(dashboard, grafanaTargetFrom(v['grafana-url'], env), v['folder-uid']);
        return `dashboard saved: ${dashboard.title} (uid ${saved.uid}, version ${saved.version}, ${saved.url})\n`;
    },
};

export { GRAFANA_GENERATOR, GRAFANA_USAGE, MAPPING_GENERATOR, MAPPING_USAGE, columnsOf };
