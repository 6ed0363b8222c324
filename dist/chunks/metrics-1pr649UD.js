import { ag as statsdName, b7 as DATADOG_RUN_STATS, aQ as WINDOW_QUANTILES, ah as RUN_GAUGES } from './postgres-url-BezLfty4.js';
import { p as prometheusMetricName, c as baseUnitKey } from './prometheus-OKZ4QSr6.js';

/**
 * Sample rates that make a server's count exact. A line `v|h|@r` stands for 1/r values, but servers read
 * 1/r differently: statsd_exporter adds `int(1/r)` observations (so `@0.0555556`, 5/90, counts 17, not
 * 18), the Datadog Agent adds the float 1/r. A window of N values sent as Q quantile lines therefore gives
 * each line an integer share k (⌊N/Q⌋ or ⌈N/Q⌉, the shares summing to N) and the rate printed for k is
 * 1/k rounded DOWN at RATE_DIGITS significant digits: its inverse is k or a hair above, so `int(1/r)` is k
 * exactly and the float 1/r is k within 1e-7 of it.
 */
/** Significant digits of a printed rate: the float 1/rate is within 1e-7 (relative) of the share. */
const RATE_DIGITS = 8;
/**
 * `count` split into `parts` integer shares that sum to `count`, the larger shares (⌈count/parts⌉) given
 * to the middle lines first (median, then outwards), so the extra weight sits where the values are densest.
 */
function shareCounts(count, parts) {
    const base = Math.floor(count / parts);
    const shares = Array.from({ length: parts }, () => base);
    let extra = count - base * parts;
    for (const i of middleOut(parts)) {
        if (extra-- <= 0)
            break;
        shares[i] += 1;
    }
    return shares;
}
/** Indices 0..n-1 from the middle outwards: 5 → 2, 1, 3, 0, 4. */
function middleOut(n) {
    const mid = Math.floor((n - 1) / 2);
    const out = [mid];
    for (let d = 1; out.length < n; d++) {
        if (mid - d >= 0)
            out.push(mid - d);
        if (mid + d < n)
            out.push(mid + d);
    }
    return out;
}
/** The rate a line standing for `k` values carries: 1 for one value, else 1/k rounded down (see above). */
function rateFor(k) {
    if (k <= 1)
        return 1;
    const nearest = Number((1 / k).toPrecision(RATE_DIGITS));
    if (Math.trunc(1 / nearest) === k)
        return nearest;
    // Rounded up past 1/k: one unit of the last digit lower is below 1/k and still within 1e-7 of it.
    const unit = 10 ** (Math.floor(Math.log10(nearest)) - RATE_DIGITS + 1);
    return Number((nearest - unit).toPrecision(RATE_DIGITS));
}

/**
 * What a run becomes in StatsD, as plain data (pure; the sink sends it, --dry-run prints it):
 *
 *   loss    <prefix>.<key>:<value>|g                     tags + step:<N>   one per sampled step, and the last
 *           (a quality metric, such as accuracy or mAP, is sent as a loss is)
 *   timer   <prefix>.<key>:<ms>|ms|@<rate>               tags              window quantiles after warm-up
 *   window  <prefix>.<key>:<value>|h|@<rate>  (|d)       tags + steps:A-B  window quantiles
 *   gauge   <prefix>.<key>:<value>|g                     tags              last value
 *   level   <prefix>.<key>.steady.{median,p10,p90}:<v>|g tags              loss, timer, window: the steady state
 *           <prefix>.<key>.final:<value>|g               tags              loss, quality: the final-window median
 *   run     <prefix>.run.steps, <prefix>.run.truncated, <prefix>.gate.regression (when gated)
 *
 * The level gauges are the numbers the gate judges and the report prints, sent exactly, so a dashboard's
 * level of a run never comes from histogram buckets; the windows are for distributions. Their names are
 * the Datadog API route's (naming/datadog.ts), so both Datadog routes query one name.
 *
 * Windows and timers send the window's quantiles (WINDOW_QUANTILES), each standing for an integer share
 * of the window's values at a rate whose inverse is that share (exact-rates.ts), so a server's count is
 * the true number of steps while the volume stays bounded; a window of five values or fewer sends its
 * values, as logged, at rate 1. The last window ends at the run's last step and is never a lone step or
 * two (summarize joins a short one to the one before it).
 *
 * Units: the plain flavor sends values in base units (ratio, bytes, FLOP/s, seconds; timers in ms, which
 * statsd_exporter turns into seconds), the units the exporter's Prometheus names say, so a mapping needs
 * no `scale`; and where it rescales a value the name says the unit it is in (`<prefix>.flops_per_second`
 * for a `Tflops` column, `baseUnitKey`). The datadog flavor sends values as logged: Datadog names keep the
 * column's key (`….tflops`, `….memory.allocated`) and the API route sends the same names as logged with
 * Datadog unit metadata.
 */
function toStatsdMetrics(run, gate, shape) {
    const out = [];
    for (const m of run.metrics) {
        const name = sentStatsdName(shape.prefix, m.name, m.class, shape.flavor);
        const factor = sentFactor(m.class.unit, shape.flavor);
        levelGauges(out, m, shape);
        switch (m.class.kind) {
            case 'loss':
            case 'quality':
                for (const [step, value] of m.loss?.samples ?? [])
                    out.push(gauge(name, value * factor, { ...shape.tags, step: String(step) }));
                break;
            case 'timer': {
                const scale = timerToMs(m.class.unit);
                for (const w of m.windows) {
                    for (const [value, rate] of windowValues(w))
                        out.push({ name, value: value * scale, type: 'ms', sampleRate: rate, tags: shape.tags });
                }
                break;
            }
            case 'window':
                for (const w of m.windows) {
                    const tags = { ...shape.tags, steps: `${w.from}-${w.to}` };
                    for (const [value, rate] of windowValues(w))
                        out.push({
                            name,
                            value: value * factor,
                            type: shape.flavor === 'datadog' ? 'd' : 'h',
                            sampleRate: rate,
                            tags,
                        });
                }
                break;
            case 'gauge':
                if (m.count > 0)
                    out.push(gauge(name, m.last * factor, shape.tags));
                break;
        }
    }
    out.push(gauge(statsdName(shape.prefix, RUN_GAUGES.steps), run.steps.last, shape.tags));
    out.push(gauge(statsdName(shape.prefix, RUN_GAUGES.truncated), run.truncated ? 1 : 0, shape.tags));
    if (gate)
        out.push(gauge(statsdName(shape.prefix, RUN_GAUGES.regression), gate.regression ? 1 : 0, shape.tags));
    return out;
}
function gauge(name, value, tags) {
    return { name, value, type: 'g', sampleRate: 1, tags };
}
/**
 * A metric's run-level gauges: its steady-state median, p10 and p90 and, for a loss, its final-window
 * median, in the flavor's units. A timer's are in seconds on the plain flavor (the unit its Prometheus
 * name says), so they are named as a gauge of its column would be, not as its `|ms` lines.
 */
function levelGauges(out, m, shape) {
    if (m.class.kind === 'gauge' || m.class.kind === 'ignore')
        return;
    const base = sentStatsdName(shape.prefix, m.name, { kind: 'gauge', unit: m.class.unit }, shape.flavor);
    const factor = sentFactor(m.class.unit, shape.flavor);
    const level = (stat, value) => {
        if (Number.isFinite(value))
            out.push(gauge(`${base}.${LEVEL_STATS[stat]}`, value * factor, shape.tags));
    };
    if (m.steady) {
        level('median', m.steady.median);
        level('p10', m.steady.p10);
        level('p90', m.steady.p90);
    }
    if (m.loss && m.loss.finalWindow.count > 0)
        level('final', m.loss.finalWindow.median);
}
/** Name suffixes of the level gauges, shared with the Datadog API route. */
const LEVEL_STATS = {
    median: DATADOG_RUN_STATS.median,
    p10: DATADOG_RUN_STATS.p10,
    p90: DATADOG_RUN_STATS.p90,
    final: DATADOG_RUN_STATS.final,
};
/** The steady-state level gauges and the `quantile` label each becomes in Prometheus, as on the Pushgateway. */
const LEVEL_QUANTILES = [
    ['median', '0.5'],
    ['p10', '0.1'],
    ['p90', '0.9'],
];
/**
 * The StatsD name a column goes out under: `<prefix>.<key>`, where the plain flavor, which sends base
 * units, names the unit it rescaled to (`baseUnitKey`); the datadog flavor sends values as logged under
 * the key.
 */
function sentStatsdName(prefix, header, cls, flavor) {
    if (flavor !== 'plain')
        return statsdName(prefix, header);
    const key = baseUnitKey(header, cls.unit, cls.kind);
    return prefix ? `${prefix}.${key}` : key;
}
/**
 * What a value logged in `unit` is multiplied by before it is sent: the base-unit factor the Pushgateway
 * sink applies (src/naming/prometheus.ts) for the plain flavor, 1 for the datadog flavor (see above).
 */
function sentFactor(unit, flavor) {
    return flavor === 'plain' ? prometheusMetricName('', 'x', unit).factor : 1;
}
/** Timers go out as `|ms` on both flavors: milliseconds as they are, anything else read as seconds. */
function timerToMs(unit) {
    if (unit === 'milliseconds')
        return 1;
    const { factor, unit: base } = prometheusMetricName('', 'x', unit);
    return base === 'seconds' ? factor * 1000 : 1000;
}
/**
 * [value, sampleRate] pairs standing for a window's values: Σ int(1/rate) is exactly `w.count` (and the
 * float Σ 1/rate within 1e-7 of it). A window with no more values than quantile levels sends its values
 * themselves at rate 1 (each within the sketch's accuracy), or, in a summary made without them, that many
 * of its quantiles.
 */
function windowValues(w) {
    if (w.count <= 0)
        return [];
    if (w.values)
        return w.values.map((v) => [v, 1]);
    if (w.count <= WINDOW_QUANTILES.length) {
        const idx = Array.from({ length: w.count }, (_, i) => Math.round((i * (WINDOW_QUANTILES.length - 1)) / Math.max(1, w.count - 1)));
        return idx.map((i) => [w.quantiles[i], 1]);
    }
    const shares = shareCounts(w.count, w.quantiles.length);
    return w.quantiles.map((q, i) => [q, rateFor(shares[i])]);
}
/** The wire text of one metric before tags, as StatsD servers read it. */
function formatValue(m) {
    const rate = m.sampleRate < 1 ? `|@${m.sampleRate}` : '';
    return `${m.name}:${formatNumber(m.value)}|${m.type}${rate}`;
}
/** Plain decimal where it is short, exponent otherwise; never a leading `+`. */
function formatNumber(v) {
    return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(10)));
}
/** Distinct series (name + tag set) the metrics make: what a StatsD server or Datadog counts as contexts. */
function countSeries(metrics) {
    const seen = new Set();
    // Metrics of one window or run share one tags object: serialise each object once.
    const tagText = new Map();
    for (const m of metrics) {
        let text = tagText.get(m.tags);
        if (text === undefined) {
            text = Object.entries(m.tags)
                .sort()
                .map(([k, v]) => `${k}:${v}`)
                .join(',');
            tagText.set(m.tags, text);
        }
        seen.add(`${m.name}|${m.type}|${text}`);
    }
    return seen.size;
}

export { LEVEL_STATS as L, sentFactor as a, LEVEL_QUANTILES as b, countSeries as c, formatValue as f, sentStatsdName as s, toStatsdMetrics as t, windowValues as w };
