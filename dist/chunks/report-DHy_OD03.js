import 'node:child_process';
import { mkdir } from 'node:fs/promises';
import 'node:os';
import { dirname } from 'node:path';
import { m as matchingRuns } from './history-DzKPUSLO.js';
import { q as metricKey, aP as judgedAtEnd, aQ as WINDOW_QUANTILES, aR as htmlText, w as writeFileAtomic, d as replacedLinkWarning, I as InputError, aj as branchType } from './postgres-url-BezLfty4.js';
import 'node:crypto';
import 'node:fs';
import './record-problem-Cb4fC9fR.js';
import 'node:stream';
import 'stream';
import { e as evenIndices, o as orderRuns, S as STATUS_LABEL, r as runStatus, a as orderMetrics, f as formatValue, b as formatNumber, c as formatBaseline, h as historySparkline, V as VERDICT_LABEL } from './verdict-C-IQar1u.js';
import { h as headlineText, l as lossOverlay, b as reportWarnings, v as verdictLine, d as culpritHtml, e as rankNotes, f as finalLossLines, g as ranksHtml, i as renderMarkdownWithin, S as SUMMARY_MAX_BYTES, j as renderMarkdown, k as commentGroup, m as commentBody, u as upsertComment, w as writeCommentFile } from './comment-file-yfVtJZoV.js';
import 'node:net';
import { f as formatChange } from './format-DGRI6Ozy.js';
import { l as lineChartSvg, a as lossBandFromCurves } from './loss-band-zl26TVeW.js';
import { EOL } from 'os';
import { promises, constants } from 'fs';
import 'http';
import 'https';
import 'net';
import 'tls';
import 'events';
import 'assert';
import 'util';
import './request-CGKQueE4.js';
import 'node:assert';
import 'node:http';
import 'node:buffer';
import 'node:util';
import 'node:querystring';
import 'node:events';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:zlib';
import 'node:perf_hooks';
import 'node:util/types';
import 'node:worker_threads';
import 'node:url';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import './bounded-lookup-C-gbgogV.js';
import './environment-format-CUwpBvlI.js';
import './compare-link-Bp_UE-20.js';

var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
const { access, appendFile, writeFile } = promises;
const SUMMARY_ENV_VAR = 'GITHUB_STEP_SUMMARY';
class Summary {
    constructor() {
        this._buffer = '';
    }
    /**
     * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
     * Also checks r/w permissions.
     *
     * @returns step summary file path
     */
    filePath() {
        return __awaiter(this, void 0, void 0, function* () {
            if (this._filePath) {
                return this._filePath;
            }
            const pathFromEnv = process.env[SUMMARY_ENV_VAR];
            if (!pathFromEnv) {
                throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
            }
            try {
                yield access(pathFromEnv, constants.R_OK | constants.W_OK);
            }
            catch (_a) {
                throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
            }
            this._filePath = pathFromEnv;
            return this._filePath;
        });
    }
    /**
     * Wraps content in an HTML tag, adding any HTML attributes
     *
     * @param {string} tag HTML tag to wrap
     * @param {string | null} content content within the tag
     * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
     *
     * @returns {string} content wrapped in HTML element
     */
    wrap(tag, content, attrs = {}) {
        const htmlAttrs = Object.entries(attrs)
            .map(([key, value]) => ` ${key}="${value}"`)
            .join('');
        if (!content) {
            return `<${tag}${htmlAttrs}>`;
        }
        return `<${tag}${htmlAttrs}>${content}</${tag}>`;
    }
    /**
     * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
     *
     * @param {SummaryWriteOptions} [options] (optional) options for write operation
     *
     * @returns {Promise<Summary>} summary instance
     */
    write(options) {
        return __awaiter(this, void 0, void 0, function* () {
            const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
            const filePath = yield this.filePath();
            const writeFunc = overwrite ? writeFile : appendFile;
            yield writeFunc(filePath, this._buffer, { encoding: 'utf8' });
            return this.emptyBuffer();
        });
    }
    /**
     * Clears the summary buffer and wipes the summary file
     *
     * @returns {Summary} summary instance
     */
    clear() {
        return __awaiter(this, void 0, void 0, function* () {
            return this.emptyBuffer().write({ overwrite: true });
        });
    }
    /**
     * Returns the current summary buffer as a string
     *
     * @returns {string} string of summary buffer
     */
    stringify() {
        return this._buffer;
    }
    /**
     * If the summary buffer is empty
     *
     * @returns {boolen} true if the buffer is empty
     */
    isEmptyBuffer() {
        return this._buffer.length === 0;
    }
    /**
     * Resets the summary buffer without writing to summary file
     *
     * @returns {Summary} summary instance
     */
    emptyBuffer() {
        this._buffer = '';
        return this;
    }
    /**
     * Adds raw text to the summary buffer
     *
     * @param {string} text content to add
     * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
     *
     * @returns {Summary} summary instance
     */
    addRaw(text, addEOL = false) {
        this._buffer += text;
        return addEOL ? this.addEOL() : this;
    }
    /**
     * Adds the operating system-specific end-of-line marker to the buffer
     *
     * @returns {Summary} summary instance
     */
    addEOL() {
        return this.addRaw(EOL);
    }
    /**
     * Adds an HTML codeblock to the summary buffer
     *
     * @param {string} code content to render within fenced code block
     * @param {string} lang (optional) language to syntax highlight code
     *
     * @returns {Summary} summary instance
     */
    addCodeBlock(code, lang) {
        const attrs = Object.assign({}, (lang && { lang }));
        const element = this.wrap('pre', this.wrap('code', code), attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML list to the summary buffer
     *
     * @param {string[]} items list of items to render
     * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
     *
     * @returns {Summary} summary instance
     */
    addList(items, ordered = false) {
        const tag = ordered ? 'ol' : 'ul';
        const listItems = items.map(item => this.wrap('li', item)).join('');
        const element = this.wrap(tag, listItems);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML table to the summary buffer
     *
     * @param {SummaryTableCell[]} rows table rows
     *
     * @returns {Summary} summary instance
     */
    addTable(rows) {
        const tableBody = rows
            .map(row => {
            const cells = row
                .map(cell => {
                if (typeof cell === 'string') {
                    return this.wrap('td', cell);
                }
                const { header, data, colspan, rowspan } = cell;
                const tag = header ? 'th' : 'td';
                const attrs = Object.assign(Object.assign({}, (colspan && { colspan })), (rowspan && { rowspan }));
                return this.wrap(tag, data, attrs);
            })
                .join('');
            return this.wrap('tr', cells);
        })
            .join('');
        const element = this.wrap('table', tableBody);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds a collapsable HTML details element to the summary buffer
     *
     * @param {string} label text for the closed state
     * @param {string} content collapsable content
     *
     * @returns {Summary} summary instance
     */
    addDetails(label, content) {
        const element = this.wrap('details', this.wrap('summary', label) + content);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML image tag to the summary buffer
     *
     * @param {string} src path to the image you to embed
     * @param {string} alt text description of the image
     * @param {SummaryImageOptions} options (optional) addition image attributes
     *
     * @returns {Summary} summary instance
     */
    addImage(src, alt, options) {
        const { width, height } = options || {};
        const attrs = Object.assign(Object.assign({}, (width && { width })), (height && { height }));
        const element = this.wrap('img', null, Object.assign({ src, alt }, attrs));
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML section heading element
     *
     * @param {string} text heading text
     * @param {number | string} [level=1] (optional) the heading level, default: 1
     *
     * @returns {Summary} summary instance
     */
    addHeading(text, level) {
        const tag = `h${level}`;
        const allowedTag = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(tag)
            ? tag
            : 'h1';
        const element = this.wrap(allowedTag, text);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML thematic break (<hr>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addSeparator() {
        const element = this.wrap('hr', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML line break (<br>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addBreak() {
        const element = this.wrap('br', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML blockquote to the summary buffer
     *
     * @param {string} text quote text
     * @param {string} cite (optional) citation url
     *
     * @returns {Summary} summary instance
     */
    addQuote(text, cite) {
        const attrs = Object.assign({}, (cite && { cite }));
        const element = this.wrap('blockquote', text, attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML anchor tag to the summary buffer
     *
     * @param {string} text link text/content
     * @param {string} href hyperlink
     *
     * @returns {Summary} summary instance
     */
    addLink(text, href) {
        const element = this.wrap('a', text, { href });
        return this.addRaw(element).addEOL();
    }
}
const _summary = new Summary();
const summary = _summary;

/**
 * A pull request's earlier recorded runs beside this one (recorded with `record: always` on the PR): the
 * PR's own trend, for its author. They are never part of a baseline; this is only what the report shows.
 */
const MAX_METRICS = 4;
/** The PR's earlier runs of this experiment and fingerprint; undefined when there are none. */
function prRunsOf(gate, records, pullRequest) {
    const mine = records.filter((r) => r.pullRequest === pullRequest && r.experiment === gate.experiment && r.fingerprint === gate.fingerprint);
    if (!mine.length)
        return undefined;
    const metrics = gate.metrics.slice(0, MAX_METRICS).map((m) => ({ name: m.name, unit: m.unit }));
    const shown = mine.slice(-5);
    return {
        pullRequest,
        metrics,
        runs: shown.map((r) => ({
            run: r.run,
            sha: r.sha,
            recordedAt: r.recordedAt,
            values: metrics.map(({ name }) => {
                const m = r.metrics[metricKey(name)];
                const v = m ? (judgedAtEnd(m.kind) ? (m.final ?? m.centre) : m.centre) : null;
                return typeof v === 'number' && Number.isFinite(v) ? v : null;
            }),
        })),
        more: mine.length - shown.length,
    };
}

const pct = (x) => `${x.toFixed(0)} %`;
const money = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));
function gpuNotes(gpu, cost) {
    const lines = [];
    if (gpu) {
        const r = gpu.run;
        const parts = [`${gpu.gpuCount} × ${gpu.gpuName ?? 'GPU'}`];
        if (r.utilization)
            parts.push(`utilisation ${pct(r.utilization.mean)} mean, ${pct(r.utilization.p10)} p10`);
        if (r.smActive)
            parts.push(`SM active ${pct(r.smActive.mean)}`);
        if (r.tensorActive)
            parts.push(`tensor active ${pct(r.tensorActive.mean)}`);
        if (r.memory)
            parts.push(`memory peak ${Math.round(r.memory.peakMiB)} MiB${r.memory.totalMiB ? ` of ${Math.round(r.memory.totalMiB)} MiB` : ''}`);
        if (r.power)
            parts.push(`power ${Math.round(r.power.meanW)} W mean, ${Math.round(r.power.maxW)} W max`);
        if (r.temperature)
            parts.push(`${Math.round(r.temperature.maxC)} °C max`);
        lines.push(`GPU: ${parts.join(', ')}.`);
        if (r.starved?.starved) {
            lines.push(`GPU starved: ${r.starved.basis === 'sm_active' ? 'SM activity' : 'utilisation'} under ${r.starved.threshold} % for ${pct(100 * r.starved.fractionBelow)} of the steady state` +
                `${r.starvedGpus.length ? ` (GPU ${r.starvedGpus.join(', ')})` : ''}: look at input pipeline and communication.`);
        }
    }
    if (cost) {
        if (cost.cost !== null && cost.gpuHours !== null && cost.pricePerGpuHour !== null) {
            const perB = cost.costPerBillionTokens !== null ? `, ${money(cost.costPerBillionTokens)} per billion tokens` : '';
            lines.push(`Cost: ${money(cost.cost)} (${cost.gpuHours.toFixed(1)} GPU-hours × ${cost.pricePerGpuHour} per ${cost.priceKey ?? 'GPU'}-hour)${perB}.`);
        }
        else if (cost.missing.length) {
            lines.push(`Cost not computed: ${cost.missing.join('; ')}.`);
        }
    }
    return lines;
}

/** One RunReport per gate result, with its summary matched by experiment and run name. */
function reportInput(sources) {
    return {
        runs: sources.gate.map((gate) => {
            const summary = sources.summaries.find((s) => s.experiment === gate.experiment && s.name === gate.name);
            const band = sources.lossBand?.(gate, summary);
            const notes = sources.notes?.(gate) ?? [];
            const prRuns = sources.prRuns?.(gate);
            return {
                gate,
                ...(prRuns ? { prRuns } : {}),
                ...(notes.length ? { notes } : {}),
                ...(summary ? { summary } : {}),
                ...(band ? { lossBand: band.points, ...(band.lossMetric ? { lossMetric: band.lossMetric } : {}) } : {}),
            };
        }),
        ...(sources.github ? { github: sources.github } : {}),
        ...(sources.title ? { title: sources.title } : {}),
    };
}

const MEDIAN = WINDOW_QUANTILES.indexOf(0.5);
const P10 = WINDOW_QUANTILES.indexOf(0.1);
const P90 = WINDOW_QUANTILES.indexOf(0.9);
/** Points kept per line in the HTML charts: plenty for a 560-pixel-wide plot. */
const SVG_POINTS = 400;
function baselineParts(v, x0, x1) {
    if (!v.baseline)
        return { bands: [], rules: [] };
    const { centre, band, runs } = v.baseline;
    return {
        bands: [
            {
                label: `baseline ± band, ${runs} runs`,
                className: 'baseline',
                points: [
                    [x0, centre - band, centre + band],
                    [x1, centre - band, centre + band],
                ],
            },
        ],
        rules: [{ label: 'baseline centre', className: 'centre', y: centre }],
    };
}
/**
 * A gated metric's chart: this run's window medians (with its p10–p90 spread) against the baseline
 * centre ± band when the run has windows; otherwise the baseline history runs and this run.
 */
function metricChart(v, m) {
    // Warm-up windows would stretch the scale and flatten the band: start where the steady state does.
    const from = m?.steady?.fromStep ?? -Infinity;
    const all = m?.windows ?? [];
    const windows = all.some((w) => w.from >= from) ? all.filter((w) => w.from >= from) : all;
    if (windows.length > 0) {
        const mid = (w) => (w.from + w.to) / 2;
        const idx = evenIndices(windows.length, SVG_POINTS);
        const ws = idx.map((i) => windows[i]);
        const x0 = ws[0].from;
        const x1 = ws[ws.length - 1].to;
        const base = baselineParts(v, x0, x1);
        return {
            title: v.name,
            xLabel: windows.length < all.length ? `step (from ${windows[0].from}, after warm-up)` : 'step',
            unit: v.unit,
            lines: [{ label: 'run median', className: 'run', points: ws.map((w) => [mid(w), w.quantiles[MEDIAN] ?? NaN]) }],
            bands: [
                ...base.bands,
                {
                    label: 'run p10–p90',
                    className: 'spread',
                    points: ws.map((w) => [mid(w), w.quantiles[P10] ?? NaN, w.quantiles[P90] ?? NaN]),
                },
            ],
            rules: base.rules,
        };
    }
    if (v.baseline && v.baseline.history.length > 0) {
        const h = v.baseline.history;
        const points = h.map((y, i) => [i - h.length, y]);
        const base = baselineParts(v, -h.length, 0);
        return {
            title: v.name,
            xLabel: 'baseline runs (0 = this run)',
            unit: v.unit,
            lines: [
                { label: 'baseline runs', className: 'history', points, dots: true },
                ...(v.current !== null && Number.isFinite(v.current)
                    ? [{ label: 'this run', className: 'run', points: [[0, v.current]], dots: true }]
                    : []),
            ],
            bands: base.bands,
            rules: base.rules,
            xTick: (x) => String(Math.round(x)),
        };
    }
    return null;
}
/**
 * The loss curve of this run over the baseline loss band; `tail` (0–1) keeps only that last share of
 * the steps and fits the y scale to it, where the early drop would otherwise hide the band.
 */
function lossChart(overlay, tail = 1) {
    const start = Math.min(Math.floor(overlay.steps.length * (1 - tail)), Math.max(0, overlay.steps.length - 2));
    const idx = evenIndices(overlay.steps.length - start, SVG_POINTS).map((i) => i + start);
    const at = (ys) => idx.map((i) => [overlay.steps[i], ys[i]]);
    const hasBand = overlay.lo.some(Number.isFinite);
    return {
        title: `${overlay.metric}: this run${hasBand ? ' against the baseline band' : ''}${tail < 1 ? `, last ${Math.round(tail * 100)} % of steps` : ''}`,
        xLabel: 'step',
        unit: '',
        lines: [
            { label: 'this run', className: 'run', points: at(overlay.run) },
            ...(hasBand ? [{ label: 'baseline centre', className: 'centre', points: at(overlay.centre) }] : []),
        ],
        bands: hasBand
            ? [
                {
                    label: 'baseline band',
                    className: 'baseline',
                    points: idx.map((i) => [overlay.steps[i], overlay.lo[i], overlay.hi[i]]),
                },
            ]
            : [],
    };
}

const CSS = `
:root { color-scheme: light; --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --run:#0969da; --base:#8c959f; --bad:#cf222e; --warn:#9a6700; --good:#1a7f37; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: var(--fg); background: #fff; }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 0 0 4px; } h3 { font-size: 15px; margin: 20px 0 8px; }
.meta { color: var(--muted); margin: 0 0 16px; } a { color: var(--run); }
section.run { border: 1px solid var(--line); border-left: 6px solid var(--good); border-radius: 6px; padding: 16px; margin: 16px 0; }
section.run.regression { border-left-color: var(--bad); } section.run.warning { border-left-color: var(--warn); } section.run.not-judged { border-left-color: var(--base); }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; } td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.regression td { background: #ffebe9; } tr.missing td, tr.insufficient-history td { background: #fff8c5; }
.spark { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 12px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 6px; }
figure.wide { grid-column: 1 / -1; }
svg.chart { width: 100%; height: auto; display: block; }
svg .chart-title { font-size: 13px; font-weight: 600; fill: var(--fg); }
svg .tick, svg .legend-label, svg .axis-label, svg .empty { font-size: 11px; fill: var(--muted); }
svg .grid { stroke: #eaeef2; } svg .frame { fill: none; stroke: var(--line); }
svg .line { fill: none; stroke-width: 2; } svg .line.run { stroke: var(--run); } svg .line.history { stroke: var(--base); stroke-width: 1; }
svg .line.centre, svg .rule.centre { stroke: #57606a; stroke-dasharray: 5 4; stroke-width: 1.5; fill: none; }
svg .band.baseline { fill: #8c959f; fill-opacity: .25; stroke: none; } svg .band.spread { fill: #0969da; fill-opacity: .15; stroke: none; }
svg .dot.run { fill: var(--run); } svg .dot.history { fill: var(--base); }
details { margin: 8px 0; } summary { cursor: pointer; font-weight: 600; }
.note { color: var(--warn); }
figure.ranks table { width: auto; } td.bar { width: 160px; } .rank-bar { display: block; height: .8em; background: var(--base); } .rank-bar.slow { background: var(--bad); }
.badge { display: inline-block; min-width: 1.4em; padding: 0 .3em; border-radius: 1em; color: #fff; font-weight: 700; text-align: center; font-size: .85em; line-height: 1.5; }
.badge.regression { background: var(--bad); } .badge.warning { background: var(--warn); } .badge.pass { background: var(--good); } .badge.not-judged { background: var(--base); }
`;
function renderHtml(input) {
    const title = input.title ?? 'Training metrics';
    const runs = orderRuns(input.runs);
    const gh = input.github;
    const link = gh?.repository && gh.runId
        ? `<p class="meta"><a href="${htmlText(`${gh.serverUrl || 'https://github.com'}/${gh.repository}/actions/runs/${gh.runId}`)}">Workflow run</a>${gh.sha ? ` · commit <code>${htmlText(gh.sha.slice(0, 7))}</code>` : ''}</p>`
        : '';
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>${badge(overallStatus(input))} ${headlineText(input, htmlText).replace(/^\S+\s/, '')}</h1>
${link}
${runs.length === 0 ? '<p>No runs were checked.</p>' : runs.map(runSection).join('\n')}
</main>
</body>
</html>
`;
}
function runSection(run, index) {
    const gate = run.gate;
    const status = runStatus(gate);
    const name = gate.name && gate.name !== gate.experiment ? `${gate.experiment} · ${gate.name}` : gate.experiment;
    const metrics = orderMetrics(gate.metrics);
    const byName = new Map((run.summary?.metrics ?? []).map((m) => [m.name, m]));
    const overlay = lossOverlay(run);
    const charts = [];
    if (overlay && overlay.steps.length > 0) {
        const caption = `<figcaption>${htmlText(lossCaption(overlay.nonFinite, overlay.firstNonFiniteStep))}</figcaption>`;
        charts.push(`<figure class="loss">${lineChartSvg(lossChart(overlay))}${caption}</figure>`);
        if (overlay.steps.length >= 8)
            charts.push(`<figure class="loss-tail">${lineChartSvg(lossChart(overlay, 0.25))}</figure>`);
    }
    for (const v of metrics) {
        if (overlay && v.name === overlay.metric)
            continue;
        const spec = metricChart(v, byName.get(v.name));
        if (spec)
            charts.push(`<figure class="metric">${lineChartSvg(spec)}</figure>`);
    }
    const nonFinite = (run.summary?.metrics ?? []).filter((m) => m.class.kind === 'loss' && m.firstNonFiniteStep !== null);
    const gated = new Set(gate.metrics.map((m) => m.name));
    const others = (run.summary?.metrics ?? []).filter((m) => !gated.has(m.name) && m.class.kind !== 'ignore');
    const warnings = reportWarnings(run.summary);
    return `<section class="run ${status}" id="run-${index}">
<h2>${badge(status)} ${htmlText(name)}</h2>
<p>${htmlText(capitalise(verdictLine(gate, (t) => t)))}.</p>
${gate.culprit ? culpritHtml(gate.culprit) : ''}
${nonFinite.map((m) => `<p class="note">${badge('warning')} ${htmlText(m.name)} is ${m.nan > 0 ? 'NaN' : 'infinite'} from step ${m.firstNonFiniteStep}.</p>`).join('\n')}
${rankNotes(run.summary?.ranks)
        .map((line) => `<p class="note">${badge('warning')} ${htmlText(line)}</p>`)
        .join('\n')}
${metrics.length ? verdictTable(metrics) : '<p>No gated metrics.</p>'}
${finalLossLines(run)
        .map((line) => `<p class="note">${htmlText(line)}</p>`)
        .join('\n')}
${run.notes?.length ? `<ul class="notes">${run.notes.map((n) => `<li>${htmlText(n)}</li>`).join('')}</ul>` : ''}
${charts.length ? `<div class="charts">${charts.join('\n')}</div>` : ''}
${ranksHtml(run.summary)}
${others.length
        ? `<details><summary>Other metrics (${others.length})</summary><table><thead><tr><th>Metric</th><th>Kind</th><th>Median</th><th>p10 – p90</th><th>Last</th><th>Values</th></tr></thead><tbody>${others
            .map((m) => {
            const u = m.class.unit;
            return `<tr><td>${htmlText(m.name)}</td><td>${m.class.kind}</td><td class="num">${m.steady ? htmlText(formatValue(m.steady.median, u)) : '—'}</td><td class="num">${m.steady ? htmlText(`${formatValue(m.steady.p10, u)} – ${formatValue(m.steady.p90, u)}`) : '—'}</td><td class="num">${m.count > 0 ? htmlText(formatValue(m.last, u)) : '—'}</td><td class="num">${formatNumber(m.count)}${m.nan + m.inf ? ` (+${m.nan + m.inf} non-finite)` : ''}</td></tr>`;
        })
            .join('')}</tbody></table></details>`
        : ''}
${warnings.length ? `<details><summary>Warnings (${warnings.length})</summary><ul>${warnings.map((w) => `<li>${htmlText(w)}</li>`).join('')}</ul></details>` : ''}
</section>`;
}
/** Marks drawn with CSS and characters every system font has, not emoji (not every machine has an emoji font). */
const BADGE = { regression: '✗', 'not-judged': '?', warning: '!', pass: '✓' };
const BADGE_OF = {
    regression: 'regression',
    missing: 'warning',
    'insufficient-history': 'warning',
    improvement: 'pass',
    pass: 'pass',
};
function overallStatus(input) {
    const statuses = input.runs.map((r) => runStatus(r.gate));
    return ['regression', 'not-judged', 'warning'].find((s) => statuses.includes(s)) ?? 'pass';
}
function badge(status) {
    return `<span class="badge ${status}" title="${STATUS_LABEL[status]}">${BADGE[status]}</span>`;
}
function lossCaption(nonFinite, first) {
    return nonFinite > 0 ? `${nonFinite} non-finite loss samples (from step ${first}) are not drawn.` : '';
}
function capitalise(s) {
    return s.replace(/^./, (c) => c.toUpperCase());
}
function verdictTable(metrics) {
    const rows = metrics.map((m) => {
        const baseline = m.baseline
            ? `${formatBaseline(m.baseline.centre, m.baseline.band, m.unit, m.verdict)} (${m.baseline.runs})`
            : '—';
        const spark = m.baseline ? historySparkline(m.baseline.history, m.current) : '';
        return `<tr class="${m.verdict}"><td>${badge(BADGE_OF[m.verdict])} ${VERDICT_LABEL[m.verdict]}</td><td>${htmlText(m.name)}</td><td class="num">${htmlText(formatValue(m.current, m.unit))}</td><td class="num">${htmlText(baseline)}</td><td class="num">${htmlText(formatChange(m.change))}</td><td class="spark">${htmlText(spark)}</td><td>${htmlText(m.reason)}</td></tr>`;
    });
    return `<table class="verdicts"><thead><tr><th>Verdict</th><th>Metric</th><th>Current</th><th>Baseline (runs)</th><th>Change</th><th>History → now</th><th>Why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** GitHub shows at most 10 error and 10 warning annotations per step; the tenth says how many more there are. */
const ANNOTATIONS_PER_KIND = 10;
/** Emit the annotations for a set of gate results; `summaries` (optional) supply the source file of each run. */
function annotate(results, sink, summaries = []) {
    const errors = [];
    const warnings = [];
    for (const gate of results) {
        const source = summaries.find((s) => s.experiment === gate.experiment && s.name === gate.name)?.source;
        const who = gate.name && gate.name !== gate.experiment ? `${gate.experiment} / ${gate.name}` : gate.experiment;
        const props = (title) => (source ? { title, file: source } : { title });
        for (const m of gate.metrics) {
            const change = m.change !== null && Number.isFinite(m.change) ? ` ${formatChange(m.change)}` : '';
            if (m.verdict === 'regression') {
                errors.push({ message: `${who}: ${m.name}${change}: ${m.reason}`, props: props(`Regression: ${m.name}`) });
            }
            else if (m.verdict === 'insufficient-history') {
                warnings.push({
                    message: `${who}: ${m.name} not judged: ${m.reason}`,
                    props: props(`Insufficient history: ${m.name}`),
                });
            }
            else if (m.verdict === 'missing') {
                warnings.push({ message: `${who}: ${m.name} missing: ${m.reason}`, props: props(`Missing metric: ${m.name}`) });
            }
        }
        if (!gate.run.complete || gate.run.truncated) {
            const { steps, expectedSteps, truncated } = gate.run;
            const of = expectedSteps !== null ? `${steps} of ${expectedSteps} steps` : `${steps} steps`;
            warnings.push({
                message: `${who}: run incomplete (${of}${truncated ? '; the file ends inside a row' : ''}); its numbers may not be comparable`,
                props: props('Incomplete run'),
            });
        }
    }
    emit(errors, (n) => sink.error(n.message, n.props), 'regressions');
    emit(warnings, (n) => sink.warning(n.message, n.props), 'warnings');
    return { errors: errors.length, warnings: warnings.length };
}
function emit(notes, send, what) {
    if (notes.length <= ANNOTATIONS_PER_KIND) {
        notes.forEach(send);
        return;
    }
    notes.slice(0, ANNOTATIONS_PER_KIND - 1).forEach(send);
    const rest = notes.length - (ANNOTATIONS_PER_KIND - 1);
    send({
        message: `${rest} more ${what}; see the job summary for all of them`,
        props: { title: `${rest} more ${what}` },
    });
}

/** The job summary: always written, through `core.summary`, kept under GitHub's 1 MiB per step. */
/** The Markdown for a job summary: the full report, or less detail where it would pass the limit. */
function summaryMarkdown(input, fullReportAt) {
    return renderMarkdownWithin(input, { maxBytes: SUMMARY_MAX_BYTES, fullReportAt });
}
/**
 * Append the report to the step's summary file (GITHUB_STEP_SUMMARY). Returns the Markdown written.
 * Throws only when the runner gave no summary file, which the caller reports as a warning.
 */
async function writeJobSummary(markdown, writer = summary) {
    await writer.addRaw(markdown, true).write();
    return markdown;
}

/** The report as files: `--markdown OUT.md` and `--html OUT.html` (the action's artifact). */
/** Write the full report to the paths given (parent folders are created); a path that cannot be written is an InputError. */
async function writeReportFiles(input, paths, warn = () => { }) {
    const written = {};
    if (paths.markdown) {
        await writeText(paths.markdown, renderMarkdown(input), warn);
        written.markdown = paths.markdown;
    }
    if (paths.html) {
        await writeText(paths.html, renderHtml(input), warn);
        written.html = paths.html;
    }
    return written;
}
/** Whole or not at all, never through a symlink (write-file.ts). */
async function writeText(path, text, warn) {
    try {
        await mkdir(dirname(path), { recursive: true });
        if ((await writeFileAtomic(path, text)).replacedLink)
            warn(replacedLinkWarning(path));
    }
    catch (err) {
        throw new InputError(path, null, `cannot write the report: ${err.code ?? err.message}`);
    }
}

async function publishReport(input, options, deps) {
    const report = { ...input, github: input.github ?? options.github };
    // A report path that cannot be written is the user's error, but the summary and the comment still go out first.
    let files = {};
    let fileError = null;
    try {
        files = await writeReportFiles(report, { markdown: options.markdown, html: options.html }, (m) => deps.io.warn(m));
    }
    catch (err) {
        fileError = err;
    }
    let summaryWritten = false;
    if (options.jobSummary) {
        try {
            await writeJobSummary(summaryMarkdown(report, options.html ? 'the HTML report artifact' : undefined), deps.summary);
            summaryWritten = true;
        }
        catch (err) {
            deps.io.warn(`Could not write the job summary: ${err.message}`);
        }
    }
    const annotations = deps.annotations
        ? annotate(report.runs.map((r) => r.gate), deps.annotations, report.runs.flatMap((r) => (r.summary ? [r.summary] : [])))
        : { errors: 0, warnings: 0 };
    const group = options.commentGroup ?? commentGroup(report.runs.map((r) => r.gate.experiment));
    const body = commentBody(report, group, summaryWritten ? 'the job summary' : 'the workflow run');
    const regression = report.runs.some((r) => runStatus(r.gate) === 'regression');
    if (options.commentFile) {
        try {
            if (await commentFileFor(options.commentFile, options.github, { group, regression, body }, deps.io))
                files = { ...files, comment: options.commentFile };
        }
        catch (err) {
            fileError ??= err;
        }
    }
    const comment = await upsertComment({
        token: options.githubToken,
        repository: options.github.repository,
        issueNumber: options.github.prNumber,
        group,
        body,
        mode: options.comment,
        regression,
        ...(options.github.apiUrl ? { baseUrl: options.github.apiUrl } : {}),
        ...(options.commentAuthor ? { authorLogin: options.commentAuthor } : {}),
    }, deps.io);
    if (fileError)
        throw fileError;
    return { summaryWritten, files, annotations, comment };
}
/** Write the comment for a second workflow to post; false (and a note) outside a pull request run. */
async function commentFileFor(path, github, comment, io) {
    const { prNumber, prHeadSha, repository } = github;
    if (prNumber === null || !prHeadSha) {
        io.info('comment-file: not written, as this is not a pull request run');
        return false;
    }
    await writeCommentFile(path, { repository, pullRequest: prNumber, headSha: prHeadSha, ...comment }, (m) => io.warn(m));
    return true;
}

/** The report: job summary, PR comment, annotations, Markdown and HTML files; the loss band from the history. */
/** Where the report went; null when it could not be written (already reported). */
async function publish(ctx, { summaries, gate, gpu }, history) {
    const { options, io, shell } = ctx;
    const pullRequest = branchType(options.github) === 'pr' ? options.github.prNumber : null;
    const input = reportInput({
        notes: (g) => [
            ...options.reportNotes,
            ...(gpu
                ? gpuNotes(gpu.runs.find((r) => r.run === g.name)?.gpu ?? null, gpu.costs.find((c) => c.run === g.name)?.cost ?? null)
                : []),
        ],
        gate,
        summaries,
        github: options.github,
        ...(history && pullRequest ? { prRuns: (g) => prRunsOf(g, history.runs, pullRequest) } : {}),
        lossBand: (g, s) => {
            const loss = s?.metrics.find((m) => m.class.kind === 'loss' && m.class.gate);
            if (!history || !loss)
                return undefined;
            const key = metricKey(loss.name);
            const { runs } = matchingRuns(history, g.experiment, g.fingerprint);
            const curves = runs.map((r) => r.metrics[key]?.samples ?? []);
            return { points: lossBandFromCurves(curves), lossMetric: loss.name };
        },
    });
    try {
        const published = await publishReport(input, {
            markdown: options.markdown,
            html: options.html,
            comment: options.comment,
            githubToken: options.githubToken,
            commentFile: options.commentFile,
            github: options.github,
            jobSummary: shell.jobSummary,
        }, { io, ...(shell.annotations ? { annotations: shell.annotations } : {}) });
        return {
            comment: published.comment.action,
            commentUrl: published.comment.url ?? null,
            html: published.files.html ?? null,
            markdown: published.files.markdown ?? null,
        };
    }
    catch (e) {
        ctx.recordError(e);
        return null;
    }
}

export { publish };
