import { q as metricKey } from './postgres-url-BezLfty4.js';

/** How a class unit is turned into Prometheus base units. */
const BASE_UNITS = {
    seconds: { suffix: 'seconds', factor: 1, unit: 'seconds' },
    milliseconds: { suffix: 'seconds', factor: 1e-3, unit: 'seconds' },
    microseconds: { suffix: 'seconds', factor: 1e-6, unit: 'seconds' },
    bytes: { suffix: 'bytes', factor: 1, unit: 'bytes' },
    mebibytes: { suffix: 'bytes', factor: 1024 * 1024, unit: 'bytes' },
    ratio: { suffix: 'ratio', factor: 1, unit: 'ratio' },
    percent: { suffix: 'ratio', factor: 0.01, unit: 'ratio' },
    tflops: { suffix: 'flops_per_second', factor: 1e12, unit: 'flops_per_second' },
    tokens_per_second: { suffix: 'tokens_per_second', factor: 1, unit: 'tokens_per_second' },
    per_second: { suffix: 'per_second', factor: 1, unit: 'per_second' },
    gibibytes: { suffix: 'bytes', factor: 1024 ** 3, unit: 'bytes' },
    megabytes: { suffix: 'bytes', factor: 1e6, unit: 'bytes' },
    gigabytes: { suffix: 'bytes', factor: 1e9, unit: 'bytes' },
    watts: { suffix: 'watts', factor: 1, unit: 'watts' },
    celsius: { suffix: 'celsius', factor: 1, unit: 'celsius' },
    megahertz: { suffix: 'hertz', factor: 1e6, unit: 'hertz' },
    hours: { suffix: 'seconds', factor: 3600, unit: 'seconds' },
};
/**
 * Unit words people put at the end of a column name; dropped before the suffix is added so that
 * `step_time_ms` becomes `step_time_seconds`, not `step_time_ms_seconds`.
 */
const UNIT_WORDS = '(ms|msec|millis|milliseconds|s|sec|secs|seconds|bytes|kib|mib|gib|mb|gb|pct|percent|ratio|frac|fraction|tflops|tok_s|tokens_per_sec|tokens_per_second|w|watts|c|celsius|mhz|hz|h|hours)';
/** A rate's own ending (`_per_s`, `_per_sec`, `_s`): dropped before `_per_second` is added. */
const RATE_ENDING = /_(per_s|per_sec|per_second|s|ps)$/;
/** `snake_case` from a metric key: dots and every other non-name character become one `_`. */
function snakeName(key) {
    return key
        .toLowerCase()
        .replace(/[^a-z0-9_]+/g, '_')
        .replace(/_{2,}/g, '_')
        .replace(/^_+|_+$/g, '');
}
/**
 * The metric's name body without a unit word at its end (`mem_allocated_bytes` → `mem_allocated`);
 * empty when the name is nothing but a unit word (`Tflops` → `` → `<prefix>_flops_per_second`).
 */
function stem(key) {
    return withoutUnitWord(snakeName(key));
}
const TRAILING_UNIT_WORD = new RegExp(`(?:^|[._])${UNIT_WORDS}$`);
/** A name without the unit word at its end (after `_` or `.`), or '' when it is nothing else. */
function withoutUnitWord(name) {
    return name.replace(TRAILING_UNIT_WORD, '');
}
/** Join non-empty parts with `_` and make the result a valid metric name (`[a-zA-Z_:][a-zA-Z0-9_:]*`). */
function joinName(...parts) {
    const name = parts.filter(Boolean).join('_');
    return /^[a-zA-Z_:]/.test(name) ? name : `_${name}`;
}
/**
 * The Prometheus name of a column (given as the header or its key) whose class unit is `unit`, in base
 * units: `MFU` in percent → `<prefix>_mfu_ratio` (×0.01), `step_time_ms` → `<prefix>_step_time_seconds`
 * (×0.001), `memory.max_allocated [MiB]` → `<prefix>_memory_max_allocated_bytes` (×1048576). The same name
 * is used on both routes: the Pushgateway sink and the StatsD sink multiply by `factor` before sending
 * (timers go out as `|ms`, which statsd_exporter turns into seconds), so a statsd_exporter mapping only renames.
 */
function prometheusMetricName(prefix, header, unit) {
    // `_total` is for counters, and every value we export is a gauge: `cost.total` → `<prefix>_cost`.
    const key = metricKey(header).replace(/(?<=.)[._]total$/, '');
    const pre = snakeName(prefix);
    const base = BASE_UNITS[unit];
    if (!base)
        return { name: joinName(pre, snakeName(key)), factor: 1, unit: '' };
    // `samples_per_sec` → `samples_per_second`, `throughput_tokens_per_sec` → `throughput_tokens_per_second`.
    if (unit === 'per_second')
        return { name: joinName(pre, snakeName(key).replace(RATE_ENDING, ''), base.suffix), factor: 1, unit: base.unit };
    return { name: joinName(pre, stem(key), base.suffix), factor: base.factor, unit: base.unit };
}
/**
 * The key a column goes out under on a StatsD route that sends base units (the plain flavor): where the
 * value is rescaled, the key's own unit word gives way to the base unit, so the name says what the value
 * is in (`tflops` → `flops_per_second`, `memory.allocated [MiB]` → `memory.allocated_bytes`,
 * `cost.gpu_hours` → `cost.gpu_seconds`, `MFU` in percent → `mfu_ratio`); a value sent as logged keeps
 * its key. A timer goes out as `|ms`, which says milliseconds: a time unit word other than `ms` in its key
 * becomes `ms` (`step_time_s` → `step_time_ms`).
 */
function baseUnitKey(header, unit, kind = '') {
    const key = metricKey(header);
    const bare = withoutUnitWord(key);
    if (kind === 'timer')
        return unit === 'milliseconds' || bare === key ? key : joinKey(bare, 'ms');
    const base = BASE_UNITS[unit];
    if (!base || base.factor === 1)
        return key;
    return joinKey(bare, base.suffix);
}
function joinKey(body, suffix) {
    return body ? `${body}_${suffix}` : suffix;
}
/**
 * The unit in which statsd_exporter stores a column sent over StatsD: seconds for a timer (it arrives as
 * `|ms` and statsd_exporter turns that into seconds itself), else the column's own unit.
 */
function statsdExporterUnit(metric) {
    return metric.kind === 'timer' ? 'seconds' : metric.unit;
}
/** A label name from a tag key: `[a-zA-Z_][a-zA-Z0-9_]*`, never starting with the reserved `__`. */
function prometheusLabelName(tagKey) {
    const name = tagKey.replace(/[^a-zA-Z0-9_]+/g, '_').replace(/^_+/, '');
    if (!name)
        return '';
    return /^[0-9]/.test(name) ? `_${name}` : name;
}
/** Names of the run-level families the Pushgateway sink adds beside the per-metric ones. */
function runFamilyNames(prefix) {
    const pre = snakeName(prefix);
    return {
        steps: joinName(pre, 'run_steps'),
        duration: joinName(pre, 'run_duration_seconds'),
        truncated: joinName(pre, 'run_truncated'),
        complete: joinName(pre, 'run_complete'),
        regression: joinName(pre, 'gate_regression'),
        verdict: joinName(pre, 'gate_verdict'),
        change: joinName(pre, 'gate_change_ratio'),
    };
}

export { UNIT_WORDS as U, prometheusLabelName as a, statsdExporterUnit as b, baseUnitKey as c, prometheusMetricName as p, runFamilyNames as r, snakeName as s };
