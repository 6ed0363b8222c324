import { q as metricKey, I as InputError, b5 as DEFAULT_OPTIONS } from './postgres-url-BezLfty4.js';
import { K as KNOWN_GAUGES } from './known-gauges-C2yOVZDj.js';
import { s as snakeName, r as runFamilyNames, p as prometheusMetricName, b as statsdExporterUnit } from './prometheus-OKZ4QSr6.js';
import { b as bucketsFor } from './buckets-B8UcQ-BJ.js';
import { c as columnsFromFlags, p as parseGeneratorFlags } from './run-columns-PJugamCY.js';
import { G as GRAFANA_FLAGS } from '../cli.js';

function queryVariable(name, label, query, ds) {
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

const ROWS = ['MFU and throughput', 'Loss', 'Model quality', 'Step time', 'Memory', 'GPU', 'Other'];
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
    if (kind === 'quality')
        return 'Model quality';
    if (kind === 'timer' || /(step|iter|iteration)[._]?time/.test(key))
        return 'Step time';
    if (['bytes', 'mebibytes', 'gibibytes', 'megabytes', 'gigabytes'].includes(unit) || /mem/.test(key))
        return 'Memory';
    if (/mfu|flops|throughput|tokens_per|samples_per|tok_s/.test(key) ||
        unit === 'tflops' ||
        unit === 'tokens_per_second' ||
        unit === 'per_second')
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
/** Panels for one column: its levels per run and, from statsd_exporter, the distribution of its values. */
function metricPanels(metric, options) {
    const { kind, unit } = metric.class;
    const base = prometheusMetricName(options.prefix, metric.name, options.source === 'statsd-exporter' ? statsdExporterUnit(metric.class) : unit);
    const title = metric.name;
    const panelUnit = grafanaUnit(base.unit);
    if (kind === 'gauge')
        return [{ title, unit: panelUnit, targets: [{ expr: `${base.name}{${SELECTOR}}`, legend: '{{run}}' }] }];
    // The run's steady state as the gate judges it: pushed as `<name>{quantile}`, sent over StatsD as exact
    // gauges that the mapping names `<name>_steady{quantile}` (the histogram already owns `<name>`).
    const levelName = options.source === 'pushgateway' ? base.name : `${base.name}_steady`;
    // Pushgateway groups are per experiment and name each run; StatsD tags `run` only where runs share one.
    const who = options.source === 'pushgateway' ? '{{run}}' : '{{experiment}} {{run}}';
    const targets = QUANTILES.map(([q, label]) => ({
        expr: `${levelName}{quantile="${q}", ${SELECTOR}}`,
        legend: `${who} ${label}`,
    }));
    // A loss and a quality metric are judged by their final window and sent as their sampled points.
    const sampled = kind === 'loss' || kind === 'quality';
    if (sampled)
        targets.push({ expr: `${base.name}_final{${SELECTOR}}`, legend: `${who} final` });
    const level = {
        title,
        unit: panelUnit,
        targets,
        description: sampled
            ? "Each run's steady-state median, p10 and p90, and final (the median of its final window), as the gate judges them."
            : "Each run's steady-state median, p10 and p90, as the gate judges them.",
    };
    if (options.source === 'pushgateway')
        return [level];
    if (sampled) {
        const last = { expr: `${base.name}{${SELECTOR}}`, legend: `${who} last sampled` };
        return [{ ...level, targets: [...targets, last] }];
    }
    return [level, distributionPanel(title, base, panelUnit)];
}
/**
 * The distribution of a column's per-window values from statsd_exporter's histogram (or, for a unit
 * without buckets, its summary): not a run's level, which the level panel shows exactly.
 */
function distributionPanel(title, base, unit) {
    if (bucketsFor(base.unit)) {
        return {
            title: `${title} (distribution)`,
            unit,
            targets: QUANTILES.map(([q, label]) => ({
                expr: `histogram_quantile(${q}, sum by (le, experiment, branch_type) (${windowedBuckets(base.name)}))`,
                legend: `{{experiment}} ${label}`,
            })),
            description: "Quantiles of the values sent over the last $window, read from histogram buckets about 25 % apart: a distribution, not a run's level (see the panel beside it). For a series with nothing new in $window (or that first appeared complete, as one run sends it), of every value since the exporter started.",
        };
    }
    // No buckets for this unit: statsd_exporter keeps a summary (quantiles 0.5, 0.9, 0.99 over 10 minutes).
    return {
        title: `${title} (distribution)`,
        unit,
        targets: [
            ['0.5', 'median'],
            ['0.9', 'p90'],
        ].map(([q, label]) => ({ expr: `${base.name}{quantile="${q}", ${SELECTOR}}`, legend: `{{experiment}} ${label}` })),
        description: "The exporter's summary quantiles of the values sent in the last 10 minutes (empty after): a distribution, not a run's level (see the panel beside it).",
    };
}
/**
 * A histogram's buckets for histogram_quantile: their increase over $window where the series' count rose
 * in it, else the cumulative buckets. increase() alone is 0 for a series that first appears complete
 * (a run sends all its windows within a second, before the next scrape), so a first run showed nothing.
 */
function windowedBuckets(name) {
    const bucket = `${name}_bucket{${SELECTOR}}`;
    return `(increase(${bucket}[$window]) and ignoring (le) (increase(${name}_count{${SELECTOR}}[$window]) > 0)) or ${bucket}`;
}
/** Without a column list (Pushgateway only): one panel per row, matching names by pattern. */
function genericPanels(prefix) {
    const p = snakeName(prefix);
    const q = (pattern) => `{__name__=~"${p}_${pattern}", quantile="0.5", ${SELECTOR}}`;
    return new Map([
        [
            'MFU and throughput',
            [
                {
                    title: 'MFU (median)',
                    unit: 'percentunit',
                    targets: [{ expr: q('.*mfu.*_ratio'), legend: '{{run}} {{__name__}}' }],
                },
                {
                    title: 'Throughput (median)',
                    unit: 'suffix: tok/s',
                    // `(.*_)?`: the plain `<prefix>_tokens_per_second` has nothing between the prefix and `tokens`.
                    targets: [{ expr: q('(.*_)?tokens_per_second'), legend: '{{run}} {{__name__}}' }],
                },
                {
                    title: 'FLOP/s (median)',
                    unit: 'flops',
                    targets: [{ expr: q('(.*_)?flops_per_second'), legend: '{{run}} {{__name__}}' }],
                },
            ],
        ],
        [
            'Loss',
            [
                {
                    title: 'Final loss',
                    unit: 'short',
                    targets: [{ expr: `{__name__=~"${p}_.*loss.*_final", ${SELECTOR}}`, legend: '{{run}} {{__name__}}' }],
                },
            ],
        ],
        [
            'Step time',
            [
                {
                    title: 'Step time (median)',
                    unit: 's',
                    targets: [{ expr: q('.*(step|iter|iteration).*_seconds'), legend: '{{run}} {{__name__}}' }],
                },
            ],
        ],
        [
            'Memory',
            [
                {
                    title: 'Memory (median)',
                    unit: 'bytes',
                    targets: [{ expr: q('.*mem.*_bytes'), legend: '{{run}} {{__name__}}' }],
                },
            ],
        ],
        [
            'GPU',
            [
                {
                    title: 'GPU',
                    unit: 'short',
                    targets: [{ expr: `{__name__=~"${p}_gpu_.*", ${SELECTOR}}`, legend: '{{run}} {{__name__}} {{quantile}}' }],
                },
            ],
        ],
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
    const regression = {
        title: 'Runs with a regression',
        unit: 'short',
        targets: [{ expr: `${n.regression}{${SELECTOR}}`, legend: who }],
    };
    if (source === 'statsd-exporter')
        return [regression];
    return [
        {
            title: 'Verdict per metric',
            unit: 'short',
            table: true,
            targets: [
                {
                    expr: `max by (run, metric, verdict) (${n.verdict}{${SELECTOR}} == 1)`,
                    legend: '{{run}} {{metric}} {{verdict}}',
                },
            ],
        },
        regression,
        {
            title: 'Change against the baseline',
            unit: 'percentunit',
            targets: [{ expr: `${n.change}{${SELECTOR}}`, legend: '{{run}} {{metric}}' }],
        },
    ];
}
/**
 * Steps, and the run's duration: the manifest's wall-clock duration where it gave one, else steps × the
 * steady-state median step time (`stepTime`, a PromQL selector), an estimate of the training time. Without
 * a step timer there is nothing to estimate from, and a CSV alone has no wall clock: no Duration panel.
 */
function runPanels(prefix, source, stepTime) {
    const n = runFamilyNames(prefix);
    const steps = {
        title: 'Steps',
        unit: 'short',
        targets: [{ expr: `${n.steps}{${SELECTOR}}`, legend: source === 'pushgateway' ? '{{run}}' : '{{experiment}}' }],
    };
    if (source === 'statsd-exporter' || stepTime === null)
        return [steps];
    return [
        steps,
        {
            title: 'Duration',
            unit: 's',
            description: 'Wall-clock duration from the manifest; for a run without one, steps × the median step time (training steps only).',
            targets: [
                {
                    expr: `${n.duration}{${SELECTOR}} or (max without (quantile) (${stepTime}) * ${n.steps}{${SELECTOR}})`,
                    legend: '{{run}}',
                },
            ],
        },
    ];
}
/** The step timer a duration can be estimated from: the first timer column on the Step time row, by pattern without columns. */
function stepTimeSelector(metrics, prefix) {
    if (metrics.length === 0)
        return `{__name__=~"${snakeName(prefix)}_.*(step|iter|iteration).*_seconds", quantile="0.5", ${SELECTOR}}`;
    const timer = metrics.find((m) => m.class.kind === 'timer' && rowOf(m) === 'Step time');
    if (!timer)
        return null;
    return `${prometheusMetricName(prefix, timer.name, timer.class.unit).name}{quantile="0.5", ${SELECTOR}}`;
}
/** The dashboard for `metrics` (a run's columns and classes; empty: a pattern-based Pushgateway dashboard). */
function grafanaDashboard(metrics, options) {
    if (options.source === 'statsd-exporter' && metrics.length === 0) {
        throw new Error('a statsd-exporter dashboard needs the metric columns (their histogram names depend on the units): pass the metrics file');
    }
    const ds = { type: 'prometheus', uid: options.datasourceUid || '${datasource}' };
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
        templating: { list: templateVariables(options, ds) },
        panels: withTraces(layoutPanels(sections(metrics, options), ds), options.tempoUid ?? null),
    };
}
/**
 * The Traces row (a TraceQL search for the experiments picked: one line per `training run` span, its
 * verdict and duration), and on every series a link to Explore with that experiment's traces around the
 * time shown. Only with a Tempo datasource given.
 */
function withTraces(panels, tempoUid) {
    if (!tempoUid)
        return panels;
    const tempo = { type: 'tempo', uid: tempoUid };
    const link = {
        title: 'Traces of ${__field.labels.experiment}',
        url: exploreTracesUrl(tempoUid, '${__field.labels.experiment:percentencode}'),
        targetBlank: true,
    };
    const linked = panels.map((p) => p.type === 'timeseries' && p.fieldConfig
        ? { ...p, fieldConfig: { ...p.fieldConfig, defaults: { ...p.fieldConfig.defaults, links: [link] } } }
        : p);
    const y = Math.max(0, ...panels.map((p) => p.gridPos.y + p.gridPos.h));
    const id = Math.max(0, ...panels.map((p) => p.id)) + 1;
    return [
        ...linked,
        { id, type: 'row', title: 'Traces', collapsed: false, gridPos: { h: 1, w: 24, x: 0, y }, panels: [] },
        {
            id: id + 1,
            type: 'table',
            title: 'Training runs (traces)',
            description: 'The runs the OTLP sink exported as traces: one row per training run span, its verdict (span status error on a regression or a stop) and duration. Select a trace to open it.',
            gridPos: { h: 10, w: 24, x: 0, y: y + 1 },
            datasource: tempo,
            targets: [
                {
                    refId: 'A',
                    queryType: 'traceql',
                    query: TRACES_QUERY,
                    limit: 50,
                    tableType: 'traces',
                    datasource: tempo,
                },
            ],
            fieldConfig: { defaults: { unit: 'none' }, overrides: [] },
            options: { showHeader: true },
        },
    ];
}
/** The runs' root spans for the experiments picked ($experiment is a regex of the picked values). */
const TRACES_QUERY = '{ name = "training run" && span.training.experiment =~ "${experiment:regex}" }';
/** Explore on the Tempo datasource with one experiment's run traces, over the dashboard's time range. */
function exploreTracesUrl(tempoUid, experiment) {
    const query = `{ name = "training run" && span.training.experiment = "@EXPERIMENT@" }`;
    const panes = {
        t: {
            datasource: tempoUid,
            queries: [{ refId: 'A', datasource: { type: 'tempo', uid: tempoUid }, queryType: 'traceql', query }],
            range: { from: '@FROM@', to: '@TO@' },
        },
    };
    // Encoded whole, then Grafana's own variables put back unencoded so it fills them in.
    const search = new URLSearchParams({ schemaVersion: '1', panes: JSON.stringify(panes) });
    return `/explore?${search}`
        .replace('%40EXPERIMENT%40', experiment)
        .replace('%40FROM%40', '${__from}')
        .replace('%40TO%40', '${__to}');
}
/** Rows in order, each with its panels: the columns' rows, then the gate's and the run's. */
function sections(metrics, options) {
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
            byRow.set(row, [...(byRow.get(row) ?? []), ...metricPanels(metric, options)]);
        }
    }
    if (options.gpu)
        byRow.set('GPU', [...(byRow.get('GPU') ?? []), ...gpuPanels(options.prefix, options.source)]);
    const out = ROWS.filter((r) => byRow.has(r)).map((r) => [r, byRow.get(r)]);
    if (options.gate !== false)
        out.push(['Gate verdicts', gatePanels(options.prefix, options.source)]);
    out.push(['Runs', runPanels(options.prefix, options.source, stepTimeSelector(metrics, options.prefix))]);
    return out;
}
/** A row header per section, then its panels two to a line. */
function layoutPanels(sections, ds) {
    const panels = [];
    let y = 0;
    for (const [title, specs] of sections) {
        panels.push({
            id: panels.length + 1,
            type: 'row',
            title,
            collapsed: false,
            gridPos: { h: 1, w: 24, x: 0, y },
            panels: [],
        });
        y += 1;
        for (const [i, spec] of specs.entries()) {
            panels.push(panelOf(spec, panels.length + 1, { h: 8, w: 12, x: (i % 2) * 12, y: y + Math.floor(i / 2) * 8 }, ds));
        }
        y += Math.ceil(specs.length / 2) * 8;
    }
    return panels;
}
function panelOf(spec, id, gridPos, ds) {
    return {
        id,
        type: spec.table ? 'table' : 'timeseries',
        title: spec.title,
        ...(spec.description ? { description: spec.description } : {}),
        gridPos,
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
            : {
                legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull'] },
                tooltip: { mode: 'multi', sort: 'none' },
            },
    };
}
/** The datasource picker (without a fixed uid), experiment and branch type, and statsd_exporter's window. */
function templateVariables(options, ds) {
    const prefix = snakeName(options.prefix);
    const anchor = options.source === 'pushgateway' ? runFamilyNames(options.prefix).steps : `{__name__=~"${prefix}_.+"}`;
    const anchorWith = (sel) => anchor.startsWith('{') ? `{__name__=~"${prefix}_.+", ${sel}}` : `${anchor}{${sel}}`;
    const variables = [];
    if (!options.datasourceUid) {
        variables.push({
            name: 'datasource',
            label: 'Prometheus',
            type: 'datasource',
            query: 'prometheus',
            current: { text: 'default', value: 'default' },
            options: [],
            hide: 0,
        });
    }
    variables.push(queryVariable('experiment', 'Experiment', `label_values(${anchor}, experiment)`, ds));
    variables.push(queryVariable('branch_type', 'Branch type', `label_values(${anchorWith('experiment=~"$experiment"')}, branch_type)`, ds));
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
    return variables;
}

/**
 * `dashboard grafana`: the Grafana dashboard JSON for the Pushgateway or statsd_exporter route, or with
 * `--apply` the dashboard saved in Grafana. With `--csv FILE` (repeatable) its panels are the columns of
 * those files as a run would send them; without, the usual ones.
 */
const USAGE = `usage: training-metrics-gate dashboard grafana ${GRAFANA_FLAGS}`;
/** The flags after `dashboard grafana` → the JSON, or one line saying where the dashboard was saved. */
async function dashboardGrafana(args, env) {
    const v = parseGrafanaFlags(args);
    const source = v.source ?? 'pushgateway';
    if (source !== 'pushgateway' && source !== 'statsd-exporter' && source !== 'watch') {
        throw new InputError('arguments', null, `--source must be pushgateway, statsd-exporter or watch, not "${source}"`);
    }
    if (source === 'watch')
        return watchCockpit(v, env);
    const metrics = await columnsFromFlags(v);
    if (source === 'statsd-exporter' && metrics.length === 0) {
        throw new InputError('arguments', null, 'a statsd-exporter dashboard needs --csv FILE: its histogram names depend on the columns and their units');
    }
    const dashboard = grafanaDashboard(metrics, {
        prefix: v.prefix ?? DEFAULT_OPTIONS.prefix,
        source: source,
        datasourceUid: v['datasource-uid'] ?? null,
        gate: !v['no-gate'],
        gpu: Boolean(v.gpu),
        tempoUid: v['tempo-datasource-uid'] ?? null,
        ...(v.title ? { title: v.title } : {}),
        ...(v.uid ? { uid: v.uid } : {}),
    });
    if (!v.apply)
        return `${JSON.stringify(dashboard, null, 2)}\n`;
    const { applyGrafanaDashboard, grafanaTargetFrom } = await import('./apply-CZXn1yWh.js');
    const saved = await applyGrafanaDashboard(dashboard, grafanaTargetFrom(v['grafana-url'], env), v['folder-uid']);
    return `dashboard saved: ${dashboard.title} (uid ${saved.uid}, version ${saved.version}, ${saved.url})\n`;
}
/** `--source watch`: the live cockpit over watch's /metrics (its panels do not depend on the columns). */
async function watchCockpit(v, env) {
    for (const flag of ['prefix', 'csv', 'config', 'gpu', 'no-gate', 'tempo-datasource-uid'])
        if (v[flag] !== undefined)
            throw new InputError('arguments', null, `--${flag} does not apply to --source watch: its series are training_metrics_watch_*, whatever the run's columns and prefix`);
    const { cockpitDashboard } = await import('./cockpit-BI9QrsVl.js');
    const dashboard = cockpitDashboard({
        datasourceUid: v['datasource-uid'] ?? null,
        ...(v.title ? { title: v.title } : {}),
        ...(v.uid ? { uid: v.uid } : {}),
    });
    if (!v.apply)
        return `${JSON.stringify(dashboard, null, 2)}\n`;
    const { applyGrafanaDashboard, grafanaTargetFrom } = await import('./apply-CZXn1yWh.js');
    // apply posts the JSON as it is; the cockpit's stat and repeated panels are outside GrafanaDashboard's type.
    const saved = await applyGrafanaDashboard(dashboard, grafanaTargetFrom(v['grafana-url'], env), v['folder-uid']);
    return `dashboard saved: ${dashboard.title} (uid ${saved.uid}, version ${saved.version}, ${saved.url})\n`;
}
function parseGrafanaFlags(args) {
    const v = parseGeneratorFlags(args, {
        source: { type: 'string' },
        'datasource-uid': { type: 'string' },
        'tempo-datasource-uid': { type: 'string' },
        title: { type: 'string' },
        uid: { type: 'string' },
        'no-gate': { type: 'boolean' },
        gpu: { type: 'boolean' },
        apply: { type: 'boolean' },
        'grafana-url': { type: 'string' },
        'folder-uid': { type: 'string' },
    }, (message) => new InputError('arguments', null, `${message.split('\n')[0]}\n${USAGE}`));
    if ((v['grafana-url'] !== undefined || v['folder-uid'] !== undefined) && !v.apply) {
        throw new InputError('arguments', null, '--grafana-url and --folder-uid go with --apply');
    }
    return v;
}

var dashboardGrafana$1 = /*#__PURE__*/Object.freeze({
  __proto__: null,
  dashboardGrafana: dashboardGrafana
});

export { dashboardGrafana$1 as d, queryVariable as q };
