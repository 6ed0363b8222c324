import { createHash } from 'node:crypto';
import { aR as htmlText, s as median } from './postgres-url-BezLfty4.js';
import { f as formatValue, b as formatNumber, i as interpolate } from './verdict-C-IQar1u.js';

/**
 * Small self-contained SVG line charts for the HTML report: lines, shaded bands, a dashed
 * reference line, axes with round ticks and a legend. No scripts, no external resources;
 * colours come from classes styled by the page.
 */
/**
 * Round tick values covering [min, max]: step = 1, 2 or 5 × 10^k chosen so there are about
 * `count` ticks (at least `minStep`); ticks are the multiples of step inside the range, tick i at
 * start + i·step, so no sum of steps drifts. A range too narrow for its values to step through (two
 * values a rounding apart, 0.3 and 0.30000000000000004) is one tick.
 */
function niceTicks(min, max, count = 5, minStep = 0) {
    if (!Number.isFinite(min) || !Number.isFinite(max))
        return [];
    if (max === min)
        return [min];
    const raw = (max - min) / Math.max(1, count);
    const mag = 10 ** Math.floor(Math.log10(raw));
    const step = Math.max(minStep, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag);
    const start = Math.ceil(min / step) * step;
    if (start + step === start || (max - min) / step > 1000)
        return [min];
    const out = [];
    for (let i = 0; start + i * step <= max + step * 1e-9; i++)
        out.push(Number((start + i * step).toPrecision(12)));
    return out;
}
const PAD = { left: 78, right: 16, top: 30, bottom: 40 };
const LEGEND_ROW = 15;
function lineChartSvg(spec) {
    const width = spec.width ?? 560;
    const height = spec.height ?? 260;
    const { xs, ys } = extent(spec);
    const title = `<text class="chart-title" x="${PAD.left}" y="18">${htmlText(spec.title)}</text>`;
    const legend = layoutLegend(spec, width);
    const open = `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${htmlText(spec.title)}">`;
    if (xs.length === 0 || ys.length === 0) {
        return `${open}${title}<text class="empty" x="${width / 2}" y="${height / 2}" text-anchor="middle">no data</text></svg>`;
    }
    const frame = plotFrame(spec, xs, ys, width, height, PAD.top + legend.rows * LEGEND_ROW);
    const parts = [
        title,
        ...axes(spec, frame, CLIP_ID),
        ...xMarks(spec, frame),
        ...bandsAndRules(spec, frame),
        ...lines(spec, frame),
        ...pointMarks(spec, frame),
        '</g>',
    ];
    parts.push(...legend.items);
    // The clip's id from the chart's own content: unique to the chart on its page, and the same on every
    // build, so a page is byte for byte the same when its data is (no counter of charts drawn before it).
    const body = parts.join('');
    const id = `clip-${createHash('sha256').update(body).digest('hex').slice(0, 12)}`;
    return `${open}${body.replaceAll(CLIP_ID, id)}</svg>`;
}
/** Stands for the clip's id until the chart is drawn: no text of the chart holds it, as `<` in text is escaped. */
const CLIP_ID = 'clip-<id>';
/** The finite x and y values the chart has to show: line points, band edges, rules. */
function extent(spec) {
    const xs = [];
    const ys = [];
    for (const s of spec.lines)
        for (const [x, y] of s.points)
            if (Number.isFinite(x) && Number.isFinite(y)) {
                xs.push(x);
                ys.push(y);
            }
    for (const b of spec.bands)
        for (const [x, lo, hi] of b.points) {
            if (!Number.isFinite(x))
                continue;
            xs.push(x);
            if (Number.isFinite(lo))
                ys.push(lo);
            if (Number.isFinite(hi))
                ys.push(hi);
        }
    for (const r of spec.rules ?? [])
        if (Number.isFinite(r.y))
            ys.push(r.y);
    for (const m of spec.marks ?? [])
        if (Number.isFinite(m.x) && Number.isFinite(m.y)) {
            xs.push(m.x);
            ys.push(m.y);
        }
    return { xs, ys };
}
/**
 * [min, max] of the finite values by a loop (Math.min(...values) overflows the stack on a long series);
 * [Infinity, -Infinity] when there are none.
 */
function finiteRange(values) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const v of values)
        if (Number.isFinite(v)) {
            if (v < lo)
                lo = v;
            if (v > hi)
                hi = v;
        }
    return [lo, hi];
}
function plotFrame(spec, xs, ys, width, height, top) {
    let [x0, x1] = finiteRange(xs);
    let [y0, y1] = spec.yDomain ?? finiteRange(ys);
    if (x0 === x1)
        [x0, x1] = [x0 - 1, x1 + 1];
    const ypad = y1 > y0 ? (y1 - y0) * 0.08 : Math.abs(y1) * 0.05 || 1;
    [y0, y1] = [y0 - ypad, y1 + ypad];
    const plotW = width - PAD.left - PAD.right;
    const plotH = height - top - PAD.bottom;
    return {
        width,
        height,
        top,
        plotW,
        plotH,
        x0,
        x1,
        y0,
        y1,
        sx: (x) => PAD.left + ((x - x0) / (x1 - x0)) * plotW,
        sy: (y) => top + (1 - (y - y0) / (y1 - y0)) * plotH,
    };
}
const f = (n) => n.toFixed(1);
/** Grid, ticks, frame and axis label; opens the clipped group the series are drawn in. */
function axes(spec, frame, clipId) {
    const { width, height, top, plotW, plotH, sx, sy } = frame;
    const parts = [];
    for (const t of niceTicks(frame.y0, frame.y1, 5)) {
        parts.push(`<line class="grid" x1="${PAD.left}" x2="${width - PAD.right}" y1="${f(sy(t))}" y2="${f(sy(t))}"/>`);
        parts.push(`<text class="tick" x="${PAD.left - 6}" y="${f(sy(t) + 4)}" text-anchor="end">${htmlText(formatValue(t, spec.unit))}</text>`);
    }
    const xTick = spec.xTick ?? ((x) => formatNumber(x));
    for (const t of niceTicks(frame.x0, frame.x1, 6, spec.xStep)) {
        // A label centred on a tick at the right edge would run out of the picture (a date is 10 characters).
        const anchor = sx(t) > width - PAD.right - 36 ? 'end' : 'middle';
        parts.push(`<text class="tick" x="${f(sx(t))}" y="${height - PAD.bottom + 16}" text-anchor="${anchor}">${htmlText(xTick(t))}</text>`);
    }
    parts.push(`<rect class="frame" x="${PAD.left}" y="${top}" width="${plotW}" height="${plotH}"/>`);
    parts.push(`<clipPath id="${clipId}"><rect x="${PAD.left}" y="${top}" width="${plotW}" height="${plotH}"/></clipPath><g clip-path="url(#${clipId})">`);
    parts.push(`<text class="axis-label" x="${PAD.left + plotW / 2}" y="${height - 6}" text-anchor="middle">${htmlText(spec.xLabel)}</text>`);
    return parts;
}
function bandsAndRules(spec, { width, sx, sy }) {
    const parts = [];
    for (const b of spec.bands) {
        for (const seg of segments(b.points, (p) => Number.isFinite(p[0]) && Number.isFinite(p[1]) && Number.isFinite(p[2]))) {
            const top = seg.map((p) => `${f(sx(p[0]))},${f(sy(p[2]))}`);
            const bottom = seg.reverse().map((p) => `${f(sx(p[0]))},${f(sy(p[1]))}`);
            parts.push(`<path class="band ${b.className}" d="M${top.join('L')}L${bottom.join('L')}Z"/>`);
        }
    }
    for (const r of spec.rules ?? []) {
        if (!Number.isFinite(r.y))
            continue;
        parts.push(`<line class="rule ${r.className}" x1="${PAD.left}" x2="${width - PAD.right}" y1="${f(sy(r.y))}" y2="${f(sy(r.y))}"/>`);
    }
    return parts;
}
function lines(spec, { sx, sy }) {
    const parts = [];
    for (const s of spec.lines) {
        for (const seg of segments(s.points, (p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))) {
            if (seg.length > 1)
                parts.push(`<path class="line ${s.className}" d="M${seg.map((p) => `${f(sx(p[0]))},${f(sy(p[1]))}`).join('L')}"/>`);
            if (s.dots || seg.length === 1)
                for (const p of seg)
                    parts.push(`<circle class="dot ${s.className}" cx="${f(sx(p[0]))}" cy="${f(sy(p[1]))}" r="3"/>`);
        }
    }
    return parts;
}
/** Shaded stretches and vertical rules, under the lines. */
function xMarks(spec, { top, plotH, sx }) {
    const parts = [];
    for (const s of spec.xSpans ?? []) {
        if (!Number.isFinite(s.from) || !Number.isFinite(s.to))
            continue;
        const [a, b] = [sx(Math.min(s.from, s.to)), sx(Math.max(s.from, s.to))];
        parts.push(`<rect class="span ${s.className}" x="${f(a)}" y="${top}" width="${f(Math.max(b - a, 2))}" height="${plotH}"><title>${htmlText(s.label)}</title></rect>`);
    }
    for (const r of spec.xRules ?? []) {
        if (!Number.isFinite(r.x))
            continue;
        const x = f(sx(r.x));
        parts.push(`<line class="xrule ${r.className}" x1="${x}" x2="${x}" y1="${top}" y2="${top + plotH}"><title>${htmlText(r.label)}</title></line>`);
    }
    return parts;
}
/** Each mark a circle with its words as a `<title>` (the hover text) and its data attributes. */
function pointMarks(spec, { sx, sy }) {
    const parts = [];
    for (const m of spec.marks ?? []) {
        if (!Number.isFinite(m.x) || !Number.isFinite(m.y))
            continue;
        const data = Object.entries(m.attrs ?? {})
            .map(([k, v]) => ` data-${k.replace(/[^a-z0-9-]/g, '')}="${htmlText(v)}"`)
            .join('');
        parts.push(`<circle class="mark ${m.className}" cx="${f(sx(m.x))}" cy="${f(sy(m.y))}" r="3"${data}><title>${htmlText(m.label)}</title></circle>`);
    }
    return parts;
}
/** Legend items along the top, wrapped onto as many rows as the width needs. */
function layoutLegend(spec, width) {
    const entries = [
        ...spec.lines.map((s) => ({ label: s.label, cls: `line ${s.className}`, band: false })),
        ...spec.bands.map((b) => ({ label: b.label, cls: `band ${b.className}`, band: true })),
        ...(spec.rules ?? []).map((r) => ({ label: r.label, cls: `rule ${r.className}`, band: false })),
    ];
    const items = [];
    let x = PAD.left;
    let row = 0;
    for (const e of entries) {
        const w = 30 + e.label.length * 6.4;
        if (x + w > width - PAD.right && x > PAD.left) {
            row++;
            x = PAD.left;
        }
        const y = 32 + row * LEGEND_ROW;
        const swatch = e.band
            ? `<rect class="${e.cls}" x="${x}" y="${y - 4}" width="14" height="8"/>`
            : `<line class="${e.cls}" x1="${x}" x2="${x + 14}" y1="${y}" y2="${y}"/>`;
        items.push(`<g class="legend">${swatch}<text class="legend-label" x="${x + 18}" y="${y + 4}">${htmlText(e.label)}</text></g>`);
        x += w;
    }
    return { rows: entries.length ? row + 1 : 0, items };
}
/** Runs of consecutive points that pass `ok`: a gap (NaN) breaks a line or band. */
function segments(points, ok) {
    const out = [];
    let cur = [];
    for (const p of points) {
        if (ok(p))
            cur.push(p);
        else if (cur.length) {
            out.push(cur);
            cur = [];
        }
    }
    if (cur.length)
        out.push(cur);
    return out;
}

/**
 * The baseline loss band from the loss curves of the baseline runs (each a list of [step, value]
 * samples, as the history keeps them). At each step s where at least `minRuns` curves reach:
 *   centre(s) = median_i vᵢ(s),  lo(s) = min_i vᵢ(s),  hi(s) = max_i vᵢ(s)
 * with vᵢ(s) curve i linearly interpolated at s; the band is the envelope of the baseline runs.
 * Steps are the union of the curves' sample steps; non-finite samples are skipped.
 */
function lossBandFromCurves(curves, minRuns = 2) {
    const clean = curves
        .map((c) => c.filter(([s, v]) => Number.isFinite(s) && Number.isFinite(v)).sort((a, b) => a[0] - b[0]))
        .filter((c) => c.length > 0)
        .map((c) => ({ xs: c.map((p) => p[0]), ys: c.map((p) => p[1]) }));
    const steps = [...new Set(clean.flatMap((c) => c.xs))].sort((a, b) => a - b);
    const out = [];
    for (const step of steps) {
        const values = clean.map((c) => interpolate(c.xs, c.ys, step)).filter(Number.isFinite);
        if (values.length < Math.max(1, minRuns))
            continue;
        out.push({ step, centre: median(values), lo: Math.min(...values), hi: Math.max(...values) });
    }
    return out;
}

export { lossBandFromCurves as a, finiteRange as f, lineChartSvg as l };
