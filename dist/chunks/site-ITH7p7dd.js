import { readFile, rm, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { h as historyCsv } from './history-csv-C7s1_LOA.js';
import { aZ as DEFAULT_GATE_CONFIG, aP as judgedAtEnd, aW as slug, aR as htmlText, q as metricKey, bl as isLeftoverOf, w as writeFileAtomic, d as replacedLinkWarning } from './postgres-url-BezLfty4.js';
import { createHash } from 'node:crypto';
import { f as formatChange } from './format-DGRI6Ozy.js';
import { f as formatValue, e as evenIndices, r as runStatus, s as sparkline } from './verdict-C-IQar1u.js';
import { f as formatEnvironmentExplanation } from './environment-format-CUwpBvlI.js';
import { l as lineChartSvg, f as finiteRange, a as lossBandFromCurves } from './loss-band-zl26TVeW.js';
import { r as runRef, c as changePoints } from './change-points-BDjvaw60.js';
import { j as judgeRun, f as findCulprit } from './culprit-CTYQ_es-.js';
import { k as keyMetrics, m as metricValue, p as pullRequestOf } from './history-overview-2D1ktX0y.js';
import { c as compareUrl } from './compare-link-Bp_UE-20.js';
import { a as countsInBaseline } from './history-DzKPUSLO.js';
import 'node:fs';
import 'node:stream';
import 'stream';
import 'node:os';
import './environment-change-DoVkncVQ.js';
import './family-CVTCLfh2.js';
import './error-budget-DOE1BHfz.js';
import './new-baseline-CMcYoIpF.js';

/**
 * A recorded run judged as a new run: the record's numbers stand in for the summary the gate would have
 * read from its files, and judgeRun does the rest. What the trend site shows as the level and the noise
 * band is then the one the gate itself computes for the next run, not a second copy of its method.
 * The record keeps what judging needs: the judged value (final-window median or steady-state median),
 * the run's own noise, its steps and its curve; a divergence is not kept, so it is not judged again.
 */
function judgeRecord(record, history, classOf, config = DEFAULT_GATE_CONFIG) {
    const metrics = Object.entries(record.metrics).map(([key, m]) => {
        const cls = { ...classOf(key), kind: m.kind, direction: m.direction, unit: m.unit };
        const value = judgedAtEnd(m.kind) ? (m.final ?? m.centre) : m.centre;
        return {
            name: key,
            class: cls,
            count: m.n,
            nan: m.nonFinite,
            inf: 0,
            firstNonFiniteStep: m.nonFinite ? record.steps : null,
            first: value,
            last: value,
            lastStep: record.steps,
            min: value,
            max: value,
            steady: {
                median: m.centre,
                p10: m.centre,
                p90: m.centre,
                mean: m.centre,
                spread: m.spread,
                n: m.n,
                fromStep: 0,
            },
            windows: [],
            ...(m.curve ? { curve: m.curve } : {}),
            ...(judgedAtEnd(m.kind)
                ? {
                    loss: {
                        samples: m.samples ?? [],
                        every: 1,
                        finalWindow: { from: record.steps, to: record.steps, count: Math.max(1, m.n), median: value },
                        runningMin: value,
                        divergence: null,
                    },
                }
                : {}),
        };
    });
    const summary = {
        name: record.run,
        experiment: record.experiment,
        source: record.run,
        fingerprint: {},
        steps: { count: record.steps, first: 0, last: record.steps },
        truncated: false,
        metrics,
    };
    return { ...judgeRun(summary, history, config, { newBaseline: record.baseline }), fingerprint: record.fingerprint };
}

/**
 * The file name of an experiment's page: a readable slug of the experiment and fingerprint (letters,
 * digits, `_`, `.`, `+`, `-`; no `/`, no leading dot, so no path leaves the site's folder) and a short
 * hash of the exact pair, so two names that slug alike never share a file.
 */
function pageFile(experiment, fingerprint) {
    const hash = createHash('sha256').update(`${experiment}\u0000${fingerprint}`).digest('hex').slice(0, 10);
    const name = slug(`${experiment}${fingerprint ? `-${fingerprint}` : ''}`, 60) || 'experiment';
    return `${name}-${hash}`;
}

function groupRuns(records) {
    const groups = new Map();
    const files = new Set();
    const uniqueFile = (base) => {
        let file = base;
        for (let n = 2; files.has(file); n++)
            file = `${base}-${n}`;
        files.add(file);
        return file;
    };
    for (const r of records) {
        const key = `${r.experiment}\u0000${r.fingerprint}`;
        let g = groups.get(key);
        if (!g) {
            g = {
                experiment: r.experiment,
                fingerprint: r.fingerprint,
                file: uniqueFile(pageFile(r.experiment, r.fingerprint)),
                records: [],
            };
            groups.set(key, g);
        }
        g.records.push(r);
    }
    const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
    return [...groups.values()].sort((a, b) => cmp(a.experiment, b.experiment) || cmp(a.fingerprint, b.fingerprint));
}

/**
 * The SVG charts of a page, drawn by the report's own chart code (report/render/svg.ts): a metric over
 * runs, and the latest loss curve over the history's band. Every run drawn is a mark with its words as a
 * `<title>` (date, commit, value: the hover text) and `data-x` / `data-value` attributes; a series longer
 * than `maxPoints` is thinned to evenly spaced runs (evenIndices), first and last kept.
 */
const SERIES_WORDS = {
    run: 'run',
    pr: 'pull request run (not in the baseline)',
    quarantined: 'quarantined run (not in the baseline)',
};
/** The runs a chart draws: every run of each series, or evenly spaced ones when there are more than `max`. */
function drawnPoints(points, max) {
    const out = [];
    for (const series of ['run', 'pr', 'quarantined']) {
        const of = points.filter((p) => p.series === series);
        for (const i of evenIndices(of.length, max))
            out.push(of[i]);
    }
    return out.sort((a, b) => a.x - b.x);
}
function pointWords(p, unit) {
    const r = p.record;
    const pr = p.series === 'pr' && r.pullRequest !== undefined ? ` #${r.pullRequest}` : '';
    return `${r.run} · ${r.recordedAt.slice(0, 16).replace('T', ' ')} · ${r.sha.slice(0, 7) || 'no commit'} · ${formatValue(p.value, unit)}${p.series === 'run' ? '' : ` · ${SERIES_WORDS[p.series]}${pr}`}`;
}
function changeWords(t, unit) {
    const c = t.change;
    const env = c.environment ? `; ${formatEnvironmentExplanation(c.environment)}` : '';
    return `${c.marked ? 'new baseline' : 'change point'} ${formatChange(c.change)} (${c.effect}): ${formatValue(c.before.mean, unit)} → ${formatValue(c.after.mean, unit)}, between ${c.lastBefore.run} and ${c.firstAfter.run}${env}`;
}
/** A run's time on the axis: its date, or its date and time where the runs all fall within two days. */
function tickTime(iso, spanMs) {
    return spanMs < 2 * 86_400_000 ? iso.slice(5, 16).replace('T', ' ') : iso.slice(0, 10);
}
function metricChart(trend, m, maxPoints) {
    const records = trend.group.records;
    // Latest minus earliest (a history backfilled out of order included); NaN when no run has a time.
    const [first, last] = finiteRange(records.map((r) => Date.parse(r.recordedAt)));
    const spanMs = last >= first ? last - first : Number.NaN;
    const drawn = drawnPoints(m.points, maxPoints);
    const marks = drawn.map((p) => ({
        x: p.x,
        y: p.value,
        className: p.series,
        label: pointWords(p, m.unit),
        attrs: { x: String(p.x), value: String(p.value) },
    }));
    const spec = {
        title: `${m.key}${m.direction === 'none' ? '' : ` (${m.direction} is better)`}`,
        xLabel: 'runs in commit order (date)',
        unit: m.unit,
        lines: [
            { label: 'runs', className: 'run', points: drawn.filter((p) => p.series === 'run').map((p) => [p.x, p.value]) },
        ],
        bands: [],
        marks,
        xTick: (x) => tickTime(records[x]?.recordedAt ?? '', spanMs),
        // x counts runs: a tick between two runs would name one of them at the other's place.
        xStep: 1,
        xRules: [
            ...trend.newBaselines.map((x) => ({ x, className: 'baseline', label: `new baseline: ${records[x].run}` })),
            ...m.changes
                .filter((c) => !c.change.marked)
                .map((c) => ({
                x: c.x - 0.5,
                className: c.change.environment?.changes.length ? 'change environment' : 'change',
                label: changeWords(c, m.unit),
            })),
        ],
        xSpans: trend.culprit && trend.culprit.range.metric === m.key
            ? [
                {
                    from: trend.culprit.goodX,
                    to: trend.culprit.badX,
                    className: 'culprit',
                    label: `culprit range: last good ${trend.culprit.range.good.run}, first bad ${trend.culprit.range.bad.run}`,
                },
            ]
            : [],
        width: 720,
        height: 280,
    };
    // The band the latest run was judged by, so the chart shows why it passed or failed; before there is
    // a judged run, the one the next run will be judged by.
    const v = m.latest?.baseline ? m.latest : m.next;
    const b = v?.baseline;
    if (b && records.length > 0) {
        const judged = v.verdict !== 'insufficient-history';
        const whose = v === m.latest ? 'the latest run was' : 'the next run is';
        spec.bands.push({
            label: judged ? `noise band ${whose} judged by` : 'spread of the runs (too few to judge)',
            className: judged ? 'baseline' : 'spread',
            // From the last run marked as a new baseline: the runs before the mark are not in it.
            points: [
                [trend.newBaselines.at(-1) ?? 0, b.centre - b.band, b.centre + b.band],
                [records.length - 1, b.centre - b.band, b.centre + b.band],
            ],
        });
        spec.rules = [{ label: 'level', className: 'centre', y: b.centre }];
    }
    return lineChartSvg(spec);
}
function lossChart(trend) {
    const loss = trend.loss;
    return lineChartSvg({
        title: `${loss.metric}: ${loss.run} over the band of ${loss.runs} earlier run${loss.runs === 1 ? '' : 's'}`,
        xLabel: 'step',
        unit: '',
        lines: [
            { label: loss.run, className: 'run', points: loss.samples },
            { label: 'median of the history', className: 'centre', points: loss.band.map((p) => [p.step, p.centre]) },
        ],
        bands: [
            {
                label: 'history (lowest to highest)',
                className: 'baseline',
                points: loss.band.map((p) => [p.step, p.lo, p.hi]),
            },
        ],
        width: 720,
        height: 280,
    });
}

/**
 * The page around the content: inline styles only (no script, no font, no URL), so a page works from
 * file:// and from any folder of a web server. Colours are not the only cue: every mark has words.
 */
const CSS = `
:root { --run: #0969da; --pr: #bf8700; --q: #cf222e; --fg: #1f2328; --muted: #57606a; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 1.5rem auto; max-width: 1100px; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .3rem; } h2 { font-size: 1.15rem; margin: 1.6rem 0 .4rem; }
a { color: #0550ae; } a:focus, summary:focus { outline: 3px solid #fb8f44; outline-offset: 2px; }
.meta, figcaption, .note { color: var(--muted); } code { font-size: 90%; }
table { border-collapse: collapse; margin: .4rem 0; } th, td { border-bottom: 1px solid #d0d7de; padding: .25rem .5rem; text-align: left; vertical-align: top; }
.rows { content-visibility: auto; contain-intrinsic-size: auto 3600px; } table.experiments { table-layout: fixed; width: 100%; } table.experiments td { overflow-wrap: anywhere; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.verdict-regression { color: #cf222e; font-weight: 600; } .verdict-warning { color: #9a6700; } .verdict-pass { color: #1a7f37; }
.spark { font-family: ui-monospace, monospace; letter-spacing: -1px; color: var(--run); }
figure { margin: 1rem 0; } svg.chart { width: 100%; max-width: 720px; height: auto; display: block; }
svg text { font: 11px system-ui, sans-serif; fill: var(--muted); } svg .chart-title { font-weight: 600; fill: var(--fg); font-size: 12px; }
svg .grid { stroke: #eaeef2; } svg .frame { fill: none; stroke: #d0d7de; }
svg .line { fill: none; stroke-width: 1.5; } svg .line.run { stroke: var(--run); }
svg .line.centre, svg .rule.centre { stroke: var(--muted); stroke-dasharray: 5 4; stroke-width: 1.2; fill: none; }
svg .band.baseline { fill: #8c959f; fill-opacity: .25; } svg .band.spread { fill: #0969da; fill-opacity: .12; }
svg .mark { stroke: #fff; stroke-width: 1; } svg .mark.run { fill: var(--run); } svg .mark.pr { fill: var(--pr); }
svg .mark.quarantined { fill: #fff; stroke: var(--q); stroke-width: 1.5; } svg .mark:hover { stroke: var(--fg); stroke-width: 2; }
svg .xrule { stroke-width: 1.5; } svg .xrule.baseline { stroke: #8250df; } svg .xrule.change { stroke: #bc4c00; stroke-dasharray: 3 3; }
svg .xrule.environment { stroke-width: 3; } svg .span.culprit { fill: #cf222e; fill-opacity: .12; }
svg line.rule { stroke-width: 1.2; } svg .legend line { stroke-width: 2; }
.key .k { font-weight: 700; } .k.run { color: var(--run); } .k.pr { color: var(--pr); } .k.quarantined { color: var(--q); }
.k.change { color: #bc4c00; } .k.environment { color: #bc4c00; } .k.baseline { color: #8250df; } .k.culprit { color: #f4b8bb; }
details { margin: .3rem 0 1rem; } summary { cursor: pointer; }
`;
function page(title, body) {
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${htmlText(title)}</title>
<style>${CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The table view of a chart: the same runs as text, the latest `rows` of them (a page stays small at
 * thousands of runs; every run of the page is in its CSV file, which the page links to).
 */
function tableView(m, rows, csvHref) {
    const shown = (rows > 0 ? m.points.slice(-rows) : []).reverse();
    const body = shown
        .map((p) => {
        const r = p.record;
        const flags = [
            r.baseline && p.series === 'run' ? 'new baseline' : '',
            p.series === 'run' ? '' : SERIES_WORDS[p.series],
        ]
            .filter(Boolean)
            .join('; ');
        return `<tr data-x="${p.x}"><td>${htmlText(r.recordedAt)}</td><td>${htmlText(r.run)}</td><td><code>${htmlText(r.sha.slice(0, 12))}</code></td><td>${htmlText(r.ref)}</td><td class="num">${htmlText(formatValue(p.value, m.unit))}</td><td>${htmlText(flags)}</td></tr>`;
    })
        .join('\n');
    const of = shown.length < m.points.length
        ? `the latest ${shown.length} of ${m.points.length} runs, newest first; every run is in <a href="${htmlText(csvHref)}">the CSV file</a>`
        : `all ${m.points.length} runs, newest first; also as <a href="${htmlText(csvHref)}">a CSV file</a>`;
    return `<details class="table-view"><summary>Table of ${htmlText(m.key)} (${of.replace(/<[^>]+>/g, '')})</summary>
<p class="note">${of}.</p>
<table><thead><tr><th>recorded</th><th>run</th><th>commit</th><th>ref</th><th class="num">value</th><th>flags</th></tr></thead>
<tbody>
${body}
</tbody></table></details>`;
}

function seriesOf(r) {
    if (r.quarantined)
        return 'quarantined';
    return pullRequestOf(r) !== null ? 'pr' : 'run';
}
const refKey = (r) => `${r.run}\u0000${r.runId}\u0000${r.sha}\u0000${r.recordedAt}`;
function groupTrend(group, c) {
    const { records } = group;
    const comparable = [];
    const xOfComparable = [];
    const xByRef = new Map();
    records.forEach((r, x) => {
        xByRef.set(refKey(runRef(r)), x);
        if (countsInBaseline(r)) {
            comparable.push(r);
            xOfComparable.push(x);
        }
    });
    const latest = comparable[comparable.length - 1] ?? null;
    const before = comparable.slice(0, -1);
    const minEffect = (key) => c.classOf(key).minEffect;
    const verdict = latest ? judgeRecord(latest, before, c.classOf, c.gate) : null;
    // The next run is judged against every comparable run: the latest one stands in for it.
    const next = latest ? judgeRecord({ ...latest, baseline: false }, comparable, c.classOf, c.gate) : null;
    const points = changePoints(comparable, c.gate, { minMagnitude: minEffect });
    // Every run's metrics, so a page of pull request runs alone still draws them.
    const metrics = keyMetrics(records).map((key) => {
        const trendPoints = [];
        records.forEach((r, x) => {
            const value = metricValue(r.metrics[key]);
            if (value !== null)
                trendPoints.push({ x, value, series: seriesOf(r), record: r });
        });
        const byName = (g) => g?.metrics.find((m) => metricKey(m.name) === key) ?? null;
        const first = (comparable.find((r) => r.metrics[key]) ?? records.find((r) => r.metrics[key]))?.metrics[key];
        return {
            key,
            unit: first?.unit ?? '',
            direction: first?.direction ?? 'none',
            points: trendPoints,
            latest: byName(verdict),
            next: byName(next),
            changes: points.filter((p) => p.metric === key).map((p) => ({ x: xOfComparable[p.at], change: p })),
        };
    });
    let culprit = null;
    if (latest && verdict) {
        const range = findCulprit(before, verdict, c.gate, {
            current: runRef(latest),
            onDefaultBranch: true,
            minEffect,
            compare: (good, bad) => compareUrl(c.serverUrl, latest.repository ?? '', good, bad),
        });
        const goodX = range ? xByRef.get(refKey(range.good)) : undefined;
        const badX = range ? xByRef.get(refKey(range.bad)) : undefined;
        if (range && goodX !== undefined && badX !== undefined)
            culprit = { range, goodX, badX };
    }
    // What an alert is about first: the culprit's metric, then the latest run's regressions, then by name.
    const rank = (m) => (culprit?.range.metric === m.key ? 0 : m.latest?.verdict === 'regression' ? 1 : 2);
    metrics.sort((a, b) => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return {
        group,
        comparable: comparable.length,
        latest,
        verdict,
        metrics,
        culprit,
        // A mark on a run that no longer counts (quarantined after it was marked) is not one the gate follows.
        newBaselines: records.flatMap((r, x) => (r.baseline && countsInBaseline(r) ? [x] : [])),
        loss: latest ? lossTrend(latest, before) : null,
    };
}
/** The latest run's loss curve over the band of the history's curves at the same steps. */
function lossTrend(latest, before) {
    const key = Object.keys(latest.metrics)
        .sort()
        .find((k) => latest.metrics[k].kind === 'loss' && (latest.metrics[k].samples?.length ?? 0) > 1);
    if (!key)
        return null;
    const curves = before
        .slice(-30)
        .map((r) => r.metrics[key]?.samples)
        .filter((s) => (s?.length ?? 0) > 0);
    return {
        metric: key,
        run: latest.run,
        samples: latest.metrics[key].samples,
        band: lossBandFromCurves(curves),
        runs: curves.length,
    };
}

function overallVerdict(g) {
    if (!g)
        return 'none in a baseline';
    const status = runStatus(g);
    return status === 'not-judged' ? 'not judged' : status;
}
function metricVerdictWord(m) {
    if (!m)
        return '—';
    return m.verdict === 'insufficient-history' ? 'not judged (too few runs)' : m.verdict;
}

/**
 * One experiment and fingerprint: the latest verdict, the culprit range with its compare link, then per
 * gated metric a chart over runs (noise band, level, change points, new baselines, culprit range, pull
 * request and quarantined runs apart) with the same in words and a table view, and the loss curve.
 */
const h$1 = htmlText;
/** What the marks mean, once per page (the charts' own legends name the lines and bands). */
const KEY = `<p class="key">Marks: <span class="k run">●</span> a run in the baseline · <span class="k pr">●</span> a pull request run · <span class="k quarantined">○</span> a quarantined run (neither is in the band or the level) · <span class="k change">┆</span> a change point · <span class="k environment">┃</span> a change point where the environment changed · <span class="k baseline">│</span> a run marked as a new baseline · <span class="k culprit">▮</span> the culprit range. Hover a mark for its run, date and commit; each chart has a table view below it.</p>`;
function experimentPage(t, o) {
    const g = t.group;
    const csv = `${g.file}.csv`;
    const overall = overallVerdict(t.verdict);
    const counts = { run: 0, pr: 0, quarantined: 0 };
    for (const r of g.records)
        counts[seriesOf(r)]++;
    // The runs the latest was judged against: the most any metric's baseline had (fewer after a new baseline).
    const against = Math.max(0, ...(t.verdict?.metrics ?? []).map((m) => m.baseline?.runs ?? 0));
    const ids = new Set();
    const parts = [
        `<p><a href="index.html">← all experiments</a></p>`,
        `<h1>${h$1(g.experiment)}</h1>`,
        `<p class="meta">fingerprint <code>${h$1(g.fingerprint || '(none)')}</code> · ${g.records.length} runs (${t.comparable} in the baseline, ${counts.pr} pull request, ${counts.quarantined} quarantined) · <a href="${h$1(csv)}">all runs as CSV</a></p>`,
        t.latest
            ? `<p>Latest run <strong>${h$1(t.latest.run)}</strong> (${h$1(t.latest.recordedAt)}, commit <code>${h$1(t.latest.sha.slice(0, 12) || '?')}</code>): <span class="verdict-${overall.replaceAll(' ', '-')}">${h$1(overall)}</span>${against ? ` against ${against} earlier run${against === 1 ? '' : 's'}` : ''}.</p>`
            : '<p>No run counts in a baseline yet.</p>',
        culpritText(t),
        KEY,
        ...t.metrics.map((m) => metricSection(t, m, o, csv, uniqueId(`m-${m.key.replace(/[^A-Za-z0-9_-]/g, '-')}`, ids))),
        t.loss
            ? `<h2>Loss curve</h2><figure class="loss">${lossChart(t)}<figcaption>${h$1(lossWords(t))}</figcaption></figure>`
            : '',
    ];
    return page(`${g.experiment} ${g.fingerprint}`, parts.filter(Boolean).join('\n'));
}
function culpritText(t) {
    const c = t.culprit?.range;
    if (!c)
        return '';
    const link = c.compare ? ` <a href="${h$1(c.compare)}">compare the commits</a>` : '';
    const why = c.why === 'regression' ? 'the latest run regressed' : `the level shifted for the worse ${c.runsAgo} runs ago`;
    return `<p class="culprit">Culprit range on <strong>${h$1(c.metric)}</strong> (${h$1(why)}): last good ${h$1(c.good.run)} <code>${h$1(c.good.sha.slice(0, 12))}</code>, first bad ${h$1(c.bad.run)} <code>${h$1(c.bad.sha.slice(0, 12))}</code>.${link}</p>`;
}
/** `id`, or `id-2`, `id-3` … where the page has it already (`eval/acc` and `eval.acc` are both `m-eval-acc`). */
function uniqueId(id, taken) {
    let out = id;
    for (let n = 2; taken.has(out); n++)
        out = `${id}-${n}`;
    taken.add(out);
    return out;
}
function metricSection(t, m, o, csv, id) {
    const drawn = { run: 0, pr: 0, quarantined: 0 };
    for (const p of m.points)
        drawn[p.series]++;
    const drawnNote = Math.max(drawn.run, drawn.pr, drawn.quarantined) > o.maxPoints
        ? ` The chart draws ${o.maxPoints} evenly spaced runs of each kind; the table and the CSV hold the values.`
        : '';
    const words = [latestWords(m), levelWords(m), ...m.changes.map((c) => `${changeWords(c, m.unit)}.`)]
        .filter(Boolean)
        .map((w) => `<li>${h$1(w)}</li>`)
        .join('');
    return `<section class="metric" id="${h$1(id)}">
<h2>${h$1(m.key)}</h2>
<figure>${metricChart(t, m, o.maxPoints)}<figcaption><ul>${words}</ul>${h$1(drawnNote)}</figcaption></figure>
${tableView(m, o.tableRows, csv)}
</section>`;
}
function levelWords(m) {
    const b = m.next?.baseline;
    if (!b)
        return 'No level yet: no comparable run has this metric.';
    if (m.next.verdict === 'insufficient-history')
        return `Level ${formatValue(b.centre, m.unit)} ± ${formatValue(b.band, m.unit)} (the spread of ${b.runs} runs; the gate judges from more runs).`;
    return `The next run will be judged against a level of ${formatValue(b.centre, m.unit)} over ${b.runs} runs, with a noise band of ± ${formatValue(b.band, m.unit)}.`;
}
function latestWords(m) {
    const v = m.latest;
    if (!v)
        return '';
    const change = v.change === null ? '' : ` (${formatChange(v.change)})`;
    const against = v.baseline && v.verdict !== 'insufficient-history'
        ? ` against a level of ${formatValue(v.baseline.centre, m.unit)} ± ${formatValue(v.baseline.band, m.unit)} over ${v.baseline.runs} runs (the band drawn)`
        : '';
    return `Latest run: ${formatValue(v.current, m.unit)}, ${metricVerdictWord(v)}${change}${against}.`;
}
function lossWords(t) {
    const l = t.loss;
    if (l.band.length === 0)
        return `${l.run}'s ${l.metric} curve; too few earlier curves for a band.`;
    return `${l.run}'s ${l.metric} curve (${l.samples.length} points) over the lowest-to-highest band and the median of the ${l.runs} runs before it, at the same steps.`;
}

/**
 * The index: per experiment and fingerprint, the latest verdict, and for each gated metric the level the
 * next run is judged by and a text sparkline of its latest runs (real characters, read out as text).
 * Rows are flat (no list per cell) and the table's layout fixed, so a fleet's thousand rows lay out fast.
 */
const h = htmlText;
const ROWS_PER_TABLE = 50;
function indexPage(trends, title, generatedAt) {
    const rows = trends.map((t) => {
        const g = t.group;
        const overall = overallVerdict(t.verdict);
        const metrics = t.metrics
            .map((m) => {
            const recent = m.points
                .filter((p) => p.series === 'run')
                .slice(-20)
                .map((p) => p.value);
            const level = m.next?.baseline ? formatValue(m.next.baseline.centre, m.unit) : '—';
            return `${h(m.key)}: level ${h(level)} <span class="spark" title="the latest ${recent.length} runs">${sparkline(recent)}</span>`;
        })
            .join('<br>');
        return `<tr><td><a href="${h(`${g.file}.html`)}">${h(g.experiment)}</a></td><td><code>${h(g.fingerprint || '(none)')}</code></td><td class="num">${g.records.length}</td><td>${h(t.latest?.recordedAt.slice(0, 16).replace('T', ' ') ?? '—')}</td><td class="verdict-${overall.replaceAll(' ', '-')}">${h(overall)}</td><td>${metrics}</td></tr>`;
    });
    // Tables of ROWS_PER_TABLE rows, each in a block the browser lays out only when it scrolls near
    // (content-visibility: auto): a fleet's index loads as fast as its first screen, and stays searchable.
    const head = `<table class="experiments"><colgroup><col style="width:18%"><col style="width:20%"><col style="width:6%"><col style="width:12%"><col style="width:10%"><col></colgroup><thead><tr><th>experiment</th><th>fingerprint</th><th class="num">runs</th><th>latest run</th><th>latest verdict</th><th>gated metrics: level, trend</th></tr></thead>`;
    const tables = [];
    for (let i = 0; i < rows.length || i === 0; i += ROWS_PER_TABLE)
        tables.push(`<div class="rows">${head}\n<tbody>\n${rows.slice(i, i + ROWS_PER_TABLE).join('\n')}\n</tbody></table></div>`);
    // When an alert fires, the pages it is about come first.
    const regressed = trends.filter((t) => overallVerdict(t.verdict) === 'regression');
    const alert = regressed.length
        ? `<p>Latest run regressed in ${regressed.length}: ${regressed.map((t) => `<a href="${h(`${t.group.file}.html`)}">${h(t.group.experiment)}</a>${t.group.fingerprint ? ` <code>${h(t.group.fingerprint)}</code>` : ''}`).join(', ')}.</p>`
        : '<p>No latest run regressed.</p>';
    const body = `<h1>${h(title)}</h1>
<p class="meta">${trends.length} experiment${trends.length === 1 ? '' : 's'} and fingerprints · generated ${h(generatedAt)} · each row links to its charts</p>
${alert}
${tables.join('\n')}`;
    return page(title, body);
}

/**
 * What a site's folder held from the last build: a list of the files `writeSite` wrote, kept beside them
 * (`.training-metrics-site.json`), so a rebuild removes the pages of experiments that are gone and never
 * a file it did not write (a CNAME, a README, another tool's output). A name in the list is used only
 * when it is a plain file name of the site's own kinds (`…html`, `…csv`, no path, no leading dot), so a
 * hand-edited or hostile list cannot reach outside the folder.
 */
const SITE_FILES = '.training-metrics-site.json';
const OWN_NAME = /^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\.(html|csv)$/;
/** The files the last build wrote, as far as they can be trusted; none when there is no list. */
async function previousSiteFiles(dir) {
    let text;
    try {
        text = await readFile(join(dir, SITE_FILES), 'utf8');
    }
    catch {
        return [];
    }
    try {
        const list = JSON.parse(text).files;
        if (!Array.isArray(list))
            return [];
        return [...new Set(list.filter((f) => typeof f === 'string' && OWN_NAME.test(f)))];
    }
    catch {
        return [];
    }
}
/** Remove what the last build wrote and this one did not; the count removed. */
async function removeStale(dir, previous, written) {
    let removed = 0;
    for (const file of previous) {
        if (written.has(file))
            continue;
        await rm(join(dir, file), { force: true });
        removed++;
    }
    return removed;
}
function siteFilesText(written) {
    return `${JSON.stringify({ files: [...written].sort() }, null, 1)}\n`;
}

const DEFAULT_MAX_POINTS = 500;
const DEFAULT_TABLE_ROWS = 30;
async function writeSite(records, dir, o) {
    await mkdir(dir, { recursive: true });
    const pageOptions = {
        maxPoints: o.maxPoints ?? DEFAULT_MAX_POINTS,
        tableRows: o.tableRows ?? DEFAULT_TABLE_ROWS,
    };
    const previous = await previousSiteFiles(dir);
    const groups = groupRuns(records);
    const planned = ['index.html', ...groups.flatMap((g) => [`${g.file}.html`, `${g.file}.csv`])];
    await removeLeftovers(dir, [...previous, ...planned, SITE_FILES]);
    const written = new Set();
    const result = {
        pages: 0,
        files: 0,
        bytes: 0,
        largest: { file: '', bytes: 0 },
        removed: 0,
        warnings: [],
    };
    // A page needs no flush of its own: a killed build is what the rename guards against, and a machine that
    // loses power mid-build has the next build to write the site again.
    const write = async (file, text) => {
        const { replacedLink } = await writeFileAtomic(join(dir, file), text, { sync: false });
        if (replacedLink)
            result.warnings.push(`site: ${replacedLinkWarning(join(dir, file))}`);
    };
    await write(SITE_FILES, siteFilesText(new Set([...previous, ...planned])));
    const put = async (file, text) => {
        const bytes = Buffer.byteLength(text);
        await write(file, text);
        written.add(file);
        result.files++;
        result.bytes += bytes;
        if (bytes > result.largest.bytes && file.endsWith('.html'))
            result.largest = { file, bytes };
    };
    const trends = [];
    const task = o.progress?.task(`building the site in ${dir}`, groups.length, 'pages');
    for (const group of groups) {
        const trend = groupTrend(group, o);
        await put(`${group.file}.html`, experimentPage(trend, pageOptions));
        await put(`${group.file}.csv`, historyCsv(group.records));
        result.pages++;
        trends.push(trend);
        task?.add(1);
    }
    task?.end();
    await put('index.html', indexPage(trends, o.title ?? 'Training metrics', o.generatedAt ?? new Date().toISOString()));
    result.pages++;
    // Only once the new site is whole: a build that fails half way leaves the old pages and their list.
    result.removed = await removeStale(dir, previous, written);
    await write(SITE_FILES, siteFilesText(written));
    return result;
}
/** The temporary files a killed build of these names left in the folder (write-file.ts names them). */
async function removeLeftovers(dir, names) {
    const own = new Set(names);
    for (const entry of await readdir(dir)) {
        if (!entry.startsWith('.') || !entry.endsWith('.tmp'))
            continue;
        const file = [...own].find((f) => isLeftoverOf(entry, f));
        if (file)
            await rm(join(dir, entry), { force: true });
    }
}

export { DEFAULT_MAX_POINTS, DEFAULT_TABLE_ROWS, SITE_FILES, groupRuns, groupTrend, pageFile, writeSite };
