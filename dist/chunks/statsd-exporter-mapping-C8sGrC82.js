import { d as distExports } from './index-D2ITh64m.js';
import { R as RUN_GAUGES, n as metricKey, s as statsdName } from './run-D1M0bzvF.js';
import { a as prometheusMetricName, b as statsdExporterUnit, s as snakeName } from './prometheus-D8s5-liR.js';

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
    const entry = {
        ...matchFor(statsd),
        name,
        help: `"${metric.name}"${baseUnit ? ` in ${baseUnit.replace(/_/g, ' ')}` : ''}`,
    };
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
    return (header + distExports.stringify({ defaults: { match_type: 'glob', glob_disable_ordering: false }, mappings }, { lineWidth: 0 }));
}

export { KNOWN_GAUGES as K, bucketsFor as b, statsdExporterMapping as s };
