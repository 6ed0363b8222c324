import { q as metricKey, ag as statsdName, aG as datadogStatName, aD as datadogRunGaugeName, b6 as DATADOG_TEMPLATE_TAGS, I as InputError, b5 as DEFAULT_OPTIONS } from './postgres-url-BezLfty4.js';
import { p as parseGeneratorFlags, c as columnsFromFlags } from './run-columns-PJugamCY.js';
import { D as DATADOG_FLAGS } from '../cli.js';

/** The columns of a `metrics_rank_0.csv` as our training jobs write it (fixtures/demo), for use without a file. */
const DEFAULT_DATADOG_METRICS = {
    mfu: [{ header: 'MFU', kind: 'window' }],
    loss: [{ header: 'train.lm_loss', kind: 'loss' }],
    stepTime: [{ header: 'step_time', kind: 'timer' }],
    throughput: [
        { header: 'Tflops', kind: 'window' },
        { header: 'tokens_per_sec', kind: 'window' },
    ],
    memory: [
        { header: 'memory.allocated [MiB]', kind: 'window' },
        { header: 'memory.reserved [MiB]', kind: 'window' },
    ],
};
/**
 * Sort classified columns into panels: loss kind → loss; timer → step time; windows by name and unit
 * into MFU, throughput (TFLOPs, tokens/s, samples/s) and memory (bytes, MiB, GiB). Others are left off.
 */
function metricSetFromColumns(columns) {
    const set = { mfu: [], loss: [], stepTime: [], throughput: [], memory: [] };
    const seen = new Set();
    for (const c of columns) {
        const key = metricKey(c.name);
        if (seen.has(key))
            continue;
        seen.add(key);
        const entry = { header: c.name, kind: c.class.kind };
        const unit = c.class.unit;
        if (c.class.kind === 'loss')
            set.loss.push(entry);
        else if (c.class.kind === 'timer')
            set.stepTime.push(entry);
        else if (c.class.kind !== 'window')
            continue;
        else if (/(^|[._])mfu($|[._])|model_flops_util|hfu/.test(key))
            set.mfu.push(entry);
        else if (unit === 'tflops' ||
            unit === 'per_second' ||
            /tflop|throughput|tokens_per_s|samples_per_s|tok_s/.test(key))
            set.throughput.push(entry);
        else if (/bytes$/.test(unit) || /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])/.test(key))
            set.memory.push(entry);
    }
    return set;
}
/**
 * The query for one statistic of one column, or null where the route does not carry it
 * (a final loss over DogStatsD, for instance).
 */
function metricQuery(source, prefix, m, stat) {
    const name = statsdName(prefix, m.header);
    if (source === 'api') {
        if (m.kind === 'gauge')
            return stat === 'centre' ? { query: `avg:${name}`, label: 'latest' } : null;
        switch (stat) {
            case 'centre':
                return { query: `avg:${datadogStatName(prefix, m.header, 'median')}`, label: 'steady-state median' };
            case 'high':
            case 'max':
                return { query: `max:${datadogStatName(prefix, m.header, 'p90')}`, label: 'steady-state p90' };
            case 'lowest':
                return m.kind === 'loss'
                    ? { query: `min:${name}`, label: 'lowest sampled' }
                    : { query: `min:${datadogStatName(prefix, m.header, 'p10')}`, label: 'steady-state p10' };
            case 'final':
                return m.kind === 'loss'
                    ? { query: `avg:${datadogStatName(prefix, m.header, 'final')}`, label: 'final' }
                    : null;
        }
    }
    switch (m.kind) {
        case 'window': // distribution: global percentiles (percentiles must be enabled on the metric in Datadog)
            return {
                centre: { query: `p50:${name}`, label: 'p50' },
                high: { query: `p90:${name}`, label: 'p90' },
                max: { query: `max:${name}`, label: 'max' },
                lowest: { query: `min:${name}`, label: 'min' },
                final: null,
            }[stat];
        case 'timer': // histogram: per-host aggregates the Agent computes every flush
            return {
                centre: { query: `avg:${name}.median`, label: 'median' },
                high: { query: `avg:${name}.95percentile`, label: 'p95' },
                max: { query: `max:${name}.max`, label: 'max' },
                lowest: null,
                final: null,
            }[stat];
        case 'loss':
        case 'gauge':
            return stat === 'centre'
                ? { query: `avg:${name}`, label: 'average' }
                : stat === 'lowest'
                    ? { query: `min:${name}`, label: 'lowest sampled' }
                    : null;
        default:
            return null;
    }
}
/** A whole query: `<aggregator>:<metric>{<scope>} by {<groups>}`. */
function scoped(q, scope, by = []) {
    return `${q}{${scope.length ? scope.join(',') : '*'}}${by.length ? ` by {${by.join(',')}}` : ''}`;
}

/**
 * A Datadog dashboard, as the body of `POST /api/v1/dashboard` (also importable from the dashboard's
 * "Import dashboard JSON"): MFU per experiment, loss per model version, step time, throughput, memory, and
 * with the API route the gate's verdicts; template variables `experiment` and `branch_type`. Pure.
 */
const SCOPE = DATADOG_TEMPLATE_TAGS.map((tag) => `$${tag}`);
function datadogDashboard(options) {
    const { source, prefix } = options;
    const metrics = options.metrics ?? DEFAULT_DATADOG_METRICS;
    const modelTag = options.modelTag ?? 'model';
    const series = (title, entries, stats, by) => seriesWidget({ source, prefix }, title, entries, stats, by);
    const widgets = [
        {
            definition: { type: 'note', content: note(source), background_color: 'white', font_size: '14', show_tick: false },
        },
        series('MFU per experiment', metrics.mfu, ['centre', 'lowest'], ['experiment']),
        series(`Loss per ${modelTag}`, metrics.loss, source === 'api' ? ['final'] : ['lowest'], [modelTag]),
        ...metrics.loss.flatMap((m) => [
            source === 'api' ? lossCurveWidget(prefix, m, modelTag) : null,
            lossTableWidget(prefix, m),
        ]),
        series('Step time per experiment', metrics.stepTime, ['centre', 'high'], ['experiment']),
        series('Throughput per experiment', metrics.throughput, ['centre'], ['experiment']),
        series('Memory per experiment', metrics.memory, ['max'], ['experiment']),
        ...(source === 'api' ? gateWidgets(prefix, metrics.loss) : []),
    ].filter((w) => w !== null);
    return {
        title: options.title ?? `Training metrics (${source === 'api' ? 'Datadog API' : 'DogStatsD'})`,
        description: `Generated by training-metrics-gate for metrics prefixed "${prefix}" sent ${source === 'api' ? 'to /api/v2/series' : 'through a Datadog Agent (DogStatsD)'}.`,
        layout_type: 'ordered',
        reflow_type: 'auto',
        template_variables: [
            { name: 'experiment', prefix: 'experiment', available_values: [], default: '*' },
            {
                name: 'branch_type',
                prefix: 'branch_type',
                available_values: ['main', 'pr', 'release', 'other'],
                default: '*',
            },
        ],
        widgets,
    };
}
/** A timeseries of the given statistics of each column, grouped `by`; null when the route carries none of them. */
function seriesWidget(route, title, entries, stats, by) {
    const queries = [];
    const formulas = [];
    for (const m of entries) {
        for (const stat of stats) {
            const q = metricQuery(route.source, route.prefix, m, stat);
            if (!q)
                continue;
            const name = `q${queries.length}`;
            queries.push({ data_source: 'metrics', name, query: scoped(q.query, SCOPE, by) });
            formulas.push({ formula: name, alias: `${m.header} ${q.label}` });
        }
    }
    if (!queries.length)
        return null;
    return {
        definition: {
            type: 'timeseries',
            title,
            show_legend: true,
            requests: [{ response_format: 'timeseries', queries, formulas, display_type: 'line' }],
        },
    };
}
/**
 * The loss curve of the latest run of each model (API route). Each point: one sampled step; x = the step
 * gauge, y = the loss, joined on the step tag.
 */
function lossCurveWidget(prefix, m, modelTag) {
    const by = ['step', modelTag];
    return {
        definition: {
            type: 'scatterplot',
            title: `${m.header} curve per ${modelTag} (latest run in the time frame)`,
            requests: {
                table: {
                    response_format: 'scalar',
                    queries: [
                        {
                            data_source: 'metrics',
                            name: 'x',
                            query: scoped(`avg:${datadogStatName(prefix, m.header, 'step')}`, SCOPE, by),
                            aggregator: 'last',
                        },
                        {
                            data_source: 'metrics',
                            name: 'y',
                            query: scoped(`avg:${statsdName(prefix, m.header)}`, SCOPE, by),
                            aggregator: 'last',
                        },
                    ],
                    formulas: [
                        { formula: 'x', dimension: 'x', alias: 'step' },
                        { formula: 'y', dimension: 'y', alias: m.header },
                    ],
                },
            },
            color_by_groups: [modelTag],
            xaxis: { label: 'step', scale: 'linear' },
            yaxis: { label: m.header, scale: 'log' },
        },
    };
}
/** The sampled loss of a column by its step tag, either route. */
function lossTableWidget(prefix, m) {
    return {
        definition: {
            type: 'query_table',
            title: `${m.header}: sampled loss by step (latest value of each step; sort by the step column)`,
            requests: [
                {
                    response_format: 'scalar',
                    queries: [
                        {
                            data_source: 'metrics',
                            name: 'q0',
                            query: scoped(`avg:${statsdName(prefix, m.header)}`, SCOPE, ['step']),
                            aggregator: 'last',
                        },
                    ],
                    formulas: [{ formula: 'q0', alias: m.header, limit: { count: 1000, order: 'asc' } }],
                },
            ],
        },
    };
}
/** The gate's verdicts and the loss health gauges, which only the API route sends. */
function gateWidgets(prefix, loss) {
    const gate = datadogRunGaugeName(prefix, 'regression');
    const widgets = [
        {
            definition: {
                type: 'timeseries',
                title: 'Gate: runs judged a regression (1) or not (0)',
                show_legend: true,
                requests: [
                    {
                        response_format: 'timeseries',
                        queries: [
                            { data_source: 'metrics', name: 'q0', query: scoped(`max:${gate}`, SCOPE, ['experiment', 'run']) },
                        ],
                        formulas: [{ formula: 'q0', alias: 'regression' }],
                        display_type: 'bars',
                    },
                ],
            },
        },
    ];
    const health = loss.flatMap((m, i) => [
        {
            data_source: 'metrics',
            name: `n${i}`,
            query: scoped(`max:${datadogStatName(prefix, m.header, 'nonFinite')}`, SCOPE, ['experiment', 'run']),
        },
        {
            data_source: 'metrics',
            name: `d${i}`,
            query: scoped(`max:${datadogStatName(prefix, m.header, 'diverged')}`, SCOPE, ['experiment', 'run']),
        },
    ]);
    if (health.length) {
        widgets.push({
            definition: {
                type: 'timeseries',
                title: 'Loss health: NaN/Inf count and divergence (1) per run',
                show_legend: true,
                requests: [
                    {
                        response_format: 'timeseries',
                        queries: health,
                        formulas: health.map((q) => ({
                            formula: q.name,
                            alias: q.name.startsWith('n') ? 'NaN/Inf values' : 'diverged',
                        })),
                        display_type: 'bars',
                    },
                ],
            },
        });
    }
    return widgets;
}
function note(source) {
    return source === 'api'
        ? 'Each point is one run, stamped when it was sent (the API takes no points older than an hour). ' +
            'Loss samples carry a `step:N` tag: the table below lists them by step.'
        : 'Points arrive when the job sends them, all at once after training: read curves by their `step:N` tag, not by time. ' +
            'Percentile queries (`p50:`) need percentiles enabled on the distribution metrics.';
}

/**
 * Datadog monitors, each the body of `POST /api/v1/monitor` (`type: "query alert"`): MFU dropping against the
 * same window a week earlier, step time rising likewise, loss going bad, and (API route) the gate's own
 * verdict. Runs arrive a few times a day, so windows are a day long and missing data never alerts. Pure.
 */
function datadogMonitors(options) {
    const { source, prefix } = options;
    const metrics = options.metrics ?? DEFAULT_DATADOG_METRICS;
    const ctx = {
        source,
        prefix,
        // Source, route and prefix tell this tool's monitors apart (and let --apply find each again).
        tags: ['source:training-metrics-gate', `route:${source}`, `metric_prefix:${prefix}`],
        scope: [`branch_type:${options.branchType ?? 'main'}`],
        notify: options.notify ? `\n\n${options.notify}` : '',
    };
    const mfuDrop = options.mfuDropPercent ?? 5;
    const stepRise = options.stepTimeRisePercent ?? 5;
    const specs = [
        ...metrics.mfu.flatMap((m) => {
            const q = metricQuery(source, prefix, m, 'centre');
            if (!q)
                return [];
            return weekOverWeek(ctx, q.query, 'drop', mfuDrop, {
                name: `[training] ${m.header} dropped more than ${mfuDrop} % against the week before on {{experiment.name}}`,
                message: `${m.header} (${q.label}) of experiment {{experiment.name}} changed by {{value}} % against the same day a week before.\n` +
                    'Compare the job summaries of recent runs: a kernel, config or hardware change usually shows there first.',
            });
        }),
        ...metrics.stepTime.flatMap((m) => {
            const q = metricQuery(source, prefix, m, 'centre');
            if (!q)
                return [];
            return weekOverWeek(ctx, q.query, 'rise', stepRise, {
                name: `[training] ${m.header} rose more than ${stepRise} % against the week before on {{experiment.name}}`,
                message: `${m.header} (${q.label}) of experiment {{experiment.name}} changed by {{value}} % against the same day a week before.`,
            });
        }),
        ...metrics.loss.flatMap((m) => source === 'api' ? lossHealthMonitors(ctx, m.header) : lossRiseMonitor(ctx, m, options.lossRisePercent ?? 10)),
        ...(source === 'api' ? [gateMonitor(ctx)] : []),
    ];
    return specs.map((spec) => monitorBody(ctx, spec));
}
function monitorBody(ctx, spec) {
    const thresholds = { critical: spec.critical };
    if (spec.warning !== undefined)
        thresholds.warning = spec.warning;
    return {
        name: spec.name,
        type: 'query alert',
        query: spec.query,
        message: spec.message + ctx.notify,
        tags: ctx.tags,
        priority: spec.priority,
        options: {
            thresholds,
            notify_no_data: false,
            require_full_window: false,
            include_tags: true,
            renotify_interval: 0,
        },
    };
}
const round = (x) => Math.round(x * 100) / 100;
/** Worse than the same day a week before by more than `percent` (a warning at 60 % of it). */
function weekOverWeek(ctx, query, worse, percent, text) {
    const sign = worse === 'drop' ? -1 : 1;
    return [
        {
            name: text.name,
            query: `pct_change(avg(last_1d),last_1w):${scoped(query, ctx.scope, ['experiment'])} ${worse === 'drop' ? '<' : '>'} ${sign * percent}`,
            critical: sign * percent,
            warning: sign * round(percent * 0.6),
            message: text.message,
            priority: 2,
        },
    ];
}
/** API route: a run's NaN/Inf count and divergence flag of a loss column, per run. */
function lossHealthMonitors(ctx, header) {
    return [
        {
            name: `[training] ${header} has NaN or infinite values in {{experiment.name}} / {{run.name}}`,
            query: `max(last_1d):${scoped(`max:${datadogStatName(ctx.prefix, header, 'nonFinite')}`, [], ['experiment', 'run'])} > 0`,
            critical: 0,
            message: `Run {{run.name}} of {{experiment.name}} logged {{value}} NaN/Inf values of ${header}: the run is numerically broken.`,
            priority: 1,
        },
        {
            name: `[training] ${header} diverged in {{experiment.name}} / {{run.name}}`,
            query: `max(last_1d):${scoped(`max:${datadogStatName(ctx.prefix, header, 'diverged')}`, [], ['experiment', 'run'])} >= 1`,
            critical: 1,
            message: `${header} of run {{run.name}} rose far above its running minimum and stayed there (divergence).`,
            priority: 1,
        },
    ];
}
/** DogStatsD route: the lowest sampled loss rising week over week (NaN cannot travel over StatsD). */
function lossRiseMonitor(ctx, m, rise) {
    const q = metricQuery(ctx.source, ctx.prefix, m, 'lowest');
    if (!q)
        return [];
    return weekOverWeek(ctx, q.query, 'rise', rise, {
        name: `[training] lowest ${m.header} rose more than ${rise} % against the week before on {{experiment.name}}`,
        message: `The lowest sampled ${m.header} of {{experiment.name}} changed by {{value}} % against the same day a week before. ` +
            'NaN losses cannot travel over StatsD: the gate reports them, and the API route sends a NaN count.',
    });
}
/** API route: the gate's own verdict. */
function gateMonitor(ctx) {
    return {
        name: '[training] the regression gate failed {{experiment.name}} / {{run.name}}',
        query: `max(last_1d):${scoped(`max:${datadogRunGaugeName(ctx.prefix, 'regression')}`, ctx.scope, ['experiment', 'run'])} >= 1`,
        critical: 1,
        message: 'The gate judged run {{run.name}} of {{experiment.name}} a regression against its baseline history; the job summary says which metric and by how much.',
        priority: 1,
    };
}

/** The columns each panel shows: the run's, or the usual ones. */
function datadogMetricSet(columns) {
    return columns ? metricSetFromColumns(columns) : DEFAULT_DATADOG_METRICS;
}
function generateDatadogDashboard(options) {
    const metrics = datadogMetricSet(options.columns);
    return datadogDashboard({
        source: options.source,
        prefix: options.prefix,
        metrics,
        modelTag: options.modelTag,
        title: options.title,
    });
}
function generateDatadogMonitors(options) {
    const metrics = datadogMetricSet(options.columns);
    return datadogMonitors({ source: options.source, prefix: options.prefix, metrics, notify: options.notify });
}
/** `--source` value → route, or null when it is neither (the shell reports it as a usage error). */
function parseDatadogSource(text) {
    const v = (text ?? 'dogstatsd').trim().toLowerCase();
    return v === 'api' || v === 'dogstatsd' ? v : null;
}

/** The flags after `<what> datadog`; an InputError for a bad flag, `--source` or file. */
async function readDatadogFlags(what, args) {
    const where = `${what} datadog`;
    const v = parseGeneratorFlags(args, {
        source: { type: 'string' },
        'model-tag': { type: 'string' },
        notify: { type: 'string' },
        title: { type: 'string' },
        apply: { type: 'boolean' },
        'datadog-url': { type: 'string' },
    }, (message) => new InputError(where, null, `${message}; usage: ${where} ${DATADOG_FLAGS}`));
    const text = (name) => v[name];
    const source = parseDatadogSource(text('source'));
    if (!source)
        throw new InputError(where, null, `--source must be dogstatsd or api, got "${text('source')}"`);
    if (text('datadog-url') !== undefined && !v.apply)
        throw new InputError(where, null, '--datadog-url goes with --apply');
    const columns = await columnsFromFlags(v);
    const options = {
        source,
        prefix: text('prefix') ?? DEFAULT_OPTIONS.prefix,
        columns: v.csv ? columns : null,
        ...(text('model-tag') ? { modelTag: text('model-tag') } : {}),
        ...(text('notify') ? { notify: text('notify') } : {}),
        ...(text('title') ? { title: text('title') } : {}),
    };
    return { options, apply: Boolean(v.apply), datadogUrl: text('datadog-url') };
}
/** One line per dashboard or monitor `--apply` saved. */
function appliedLines(saved) {
    return `${saved.map((a) => `${a.kind} ${a.action}: ${a.name} (id ${a.id}${a.url ? `, ${a.url}` : ''})`).join('\n')}\n`;
}

export { appliedLines as a, generateDatadogMonitors as b, generateDatadogDashboard as g, readDatadogFlags as r };
