import { b as formatSpread, s as spreadLabel } from './format-DGRI6Ozy.js';

/** Numbers as a person reads them in a report: a few significant digits and the unit. */
const MINUS = '\u2212';
/** `value` with `digits` significant digits, no exponent for everyday magnitudes, a real minus sign. */
function formatNumber(value, digits = 3) {
    if (Number.isNaN(value))
        return 'NaN';
    if (!Number.isFinite(value))
        return value > 0 ? '∞' : `${MINUS}∞`;
    if (value === 0)
        return '0';
    const abs = Math.abs(value);
    let text;
    if (abs >= 1e-3 && abs < 1e15) {
        const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
        text = abs.toFixed(Math.min(decimals, 20));
        if (abs >= 1e4)
            text = Number(text).toLocaleString('en-US', { maximumFractionDigits: decimals });
        else if (text.includes('.'))
            text = text.replace(/0+$/, '').replace(/\.$/, '');
    }
    else {
        text = abs.toExponential(digits - 1).replace(/\.?0+e/, 'e');
    }
    return value < 0 ? `${MINUS}${text}` : text;
}
const BINARY = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
/** A value in its unit: `0.398`, `41.2 %`, `1.23 s`, `412 ms`, `73,012 MiB`, `71.3 GiB` (from bytes), `412 TFLOP/s`. */
function formatValue(value, unit, digits = 3) {
    if (value === null)
        return '—';
    if (!Number.isFinite(value))
        return formatNumber(value);
    switch (unit) {
        case 'percent':
            return `${formatNumber(value, digits)} %`;
        case 'seconds':
            return Math.abs(value) < 1 && value !== 0
                ? `${formatNumber(value * 1000, digits)} ms`
                : `${formatNumber(value, digits)} s`;
        case 'milliseconds':
            return Math.abs(value) >= 1000 ? `${formatNumber(value / 1000, digits)} s` : `${formatNumber(value, digits)} ms`;
        case 'microseconds':
            return Math.abs(value) >= 1000 ? `${formatNumber(value / 1000, digits)} ms` : `${formatNumber(value, digits)} µs`;
        // A MiB or GiB column is shown as its header states it, so the report reads like the log; a byte
        // count nobody reads (1.3e10) is converted to the largest binary unit and labelled so.
        case 'mebibytes':
            return `${formatNumber(value, digits)} MiB`;
        case 'gibibytes':
            return `${formatNumber(value, digits)} GiB`;
        case 'watts':
            return `${formatNumber(value, digits)} W`;
        case 'celsius':
            return `${formatNumber(value, digits)} °C`;
        case 'megahertz':
            return `${formatNumber(value, digits)} MHz`;
        case 'bytes': {
            let v = value;
            let i = 0;
            while (Math.abs(v) >= 1024 && i < BINARY.length - 1) {
                v /= 1024;
                i++;
            }
            return `${formatNumber(v, digits)} ${BINARY[i]}`;
        }
        case 'tflops':
            return `${formatNumber(value, digits)} TFLOP/s`;
        case 'tokens_per_second':
            return `${formatNumber(value, digits)} tok/s`;
        default:
            return formatNumber(value, digits);
    }
}
/** The baseline as `centre ± 1.2 % noise band`: the centre in the metric's unit, the spread as the verdict's reason writes it. */
function formatBaseline(centre, band, unit, verdict) {
    return `${formatValue(centre, unit)} ${formatSpread(centre, band, spreadLabel(verdict))}`;
}

/** Thin a curve to a few dozen points for charts whose x positions are evenly spaced (Mermaid xychart). */
/**
 * Indices of at most `max` points spread evenly over `0 … length−1`, always keeping the first and
 * the last: index_k = round(k · (length − 1) / (max − 1)).
 */
function evenIndices(length, max) {
    if (length <= max)
        return Array.from({ length }, (_, i) => i);
    if (max <= 1)
        return length > 0 ? [length - 1] : [];
    const out = [];
    for (let k = 0; k < max; k++) {
        const i = Math.round((k * (length - 1)) / (max - 1));
        if (out[out.length - 1] !== i)
            out.push(i);
    }
    return out;
}
/**
 * Linear interpolation of y at `x` over points sorted by x:
 * y = y0 + (y1 − y0) · (x − x0) / (x1 − x0) between the neighbours; NaN outside the points' range.
 */
function interpolate(xs, ys, x) {
    const n = xs.length;
    if (n === 0 || x < xs[0] || x > xs[n - 1])
        return NaN;
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (xs[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    const x0 = xs[lo];
    const x1 = xs[hi];
    if (x1 === x0 || x === x0)
        return ys[lo];
    if (x === x1)
        return ys[hi];
    return ys[lo] + ((ys[hi] - ys[lo]) * (x - x0)) / (x1 - x0);
}

/**
 * Unicode block sparkline: each value v maps to one of the eight blocks ▁▂▃▄▅▆▇█ by
 * index = round((v − min) / (max − min) · 7), with min and max over the finite values.
 * Non-finite values are a space; a flat series is all ▄.
 */
const BLOCKS = '▁▂▃▄▅▆▇█';
function sparkline(values) {
    const finite = values.filter(Number.isFinite);
    if (finite.length === 0)
        return values.map(() => ' ').join('');
    const min = Math.min(...finite);
    const max = Math.max(...finite);
    return values
        .map((v) => {
        if (!Number.isFinite(v))
            return ' ';
        if (max === min)
            return BLOCKS[3];
        return BLOCKS[Math.round(((v - min) / (max - min)) * 7)];
    })
        .join('');
}
/**
 * History and the current value on one scale, the current value set apart by an arrow:
 * `▄▅▄▆▅▄▅▅▄▅→▁`. Only the last `keep` history values are drawn.
 */
function historySparkline(history, current, keep = 20) {
    const recent = history.slice(-keep);
    if (recent.length === 0 && current === null)
        return '';
    const line = sparkline([...recent, current ?? NaN]);
    return current === null ? line.slice(0, -1) : `${line.slice(0, -1)}→${line.slice(-1)}`;
}

const VERDICT_ICON = {
    regression: '❌',
    missing: '⚠️',
    'insufficient-history': '⚠️',
    improvement: '✅',
    pass: '✅',
};
const VERDICT_LABEL = {
    regression: 'regression',
    missing: 'missing',
    'insufficient-history': 'insufficient history',
    improvement: 'improvement',
    pass: 'pass',
};
const RANK = {
    regression: 0,
    missing: 1,
    'insufficient-history': 2,
    improvement: 3,
    pass: 4,
};
/** Metrics in report order: by verdict rank, then by the size of the change, largest first. */
function orderMetrics(metrics) {
    return [...metrics].sort((a, b) => RANK[a.verdict] - RANK[b.verdict] || Math.abs(b.change ?? 0) - Math.abs(a.change ?? 0));
}
/**
 * A run regresses when the gate says so; it is not judged when no gated metric could be (never a pass);
 * it warrants a look when a metric is missing or the run is incomplete.
 */
function runStatus(gate) {
    if (gate.regression || gate.metrics.some((m) => m.verdict === 'regression'))
        return 'regression';
    if (gate.verdict === 'not-judged')
        return 'not-judged';
    if (!gate.run.complete || gate.run.truncated)
        return 'warning';
    if (gate.metrics.some((m) => m.verdict === 'missing' || m.verdict === 'insufficient-history'))
        return 'warning';
    return 'pass';
}
const STATUS_ICON = {
    regression: '❌',
    'not-judged': '❔',
    warning: '⚠️',
    pass: '✅',
};
/** The status in words, as every output writes it. */
const STATUS_LABEL = {
    regression: 'regression',
    'not-judged': 'not judged',
    warning: 'warning',
    pass: 'pass',
};
/** Runs in report order: regressions first, keeping the input order otherwise. */
function orderRuns(runs) {
    const rank = { regression: 0, 'not-judged': 1, warning: 2, pass: 3 };
    return runs
        .map((r, i) => ({ r, i }))
        .sort((a, b) => rank[runStatus(a.r.gate)] - rank[runStatus(b.r.gate)] || a.i - b.i)
        .map(({ r }) => r);
}

export { STATUS_LABEL as S, VERDICT_LABEL as V, orderMetrics as a, formatNumber as b, formatBaseline as c, STATUS_ICON as d, evenIndices as e, formatValue as f, VERDICT_ICON as g, historySparkline as h, interpolate as i, orderRuns as o, runStatus as r, sparkline as s };
