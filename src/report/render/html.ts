/**
 * The HTML report: one self-contained file (inline CSS and SVG, no scripts, no remote anything,
 * enforced by a Content-Security-Policy), for `check --html` and the action's artifact.
 */
import type { MetricVerdict } from '../../model.js';
import { lineChartSvg } from './svg.js';
import { lossChart, metricChart } from './charts.js';
import { htmlText } from './escape.js';
import { formatBaseline, formatChange, formatNumber, formatValue } from './format.js';
import { culpritHtml } from './culprit.js';
import { headlineText, verdictLine } from './markdown.js';
import { finalLossLines } from './final-loss.js';
import { lossOverlay } from './loss-overlay.js';
import { historySparkline } from './sparkline.js';
import { rankNotes, ranksHtml, reportWarnings } from './ranks.js';
import type { ReportInput, RunReport } from '../report-input.js';
import { STATUS_LABEL, VERDICT_LABEL, orderMetrics, orderRuns, runStatus, type RunStatus } from './verdict.js';

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

export function renderHtml(input: ReportInput): string {
  const title = input.title ?? 'Training metrics';
  const runs = orderRuns(input.runs);
  const gh = input.github;
  const link =
    gh?.repository && gh.runId
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

function runSection(run: RunReport, index: number): string {
  const gate = run.gate;
  const status = runStatus(gate);
  const name = gate.name && gate.name !== gate.experiment ? `${gate.experiment} · ${gate.name}` : gate.experiment;
  const metrics = orderMetrics(gate.metrics);
  const byName = new Map((run.summary?.metrics ?? []).map((m) => [m.name, m]));
  const overlay = lossOverlay(run);
  const charts: string[] = [];
  if (overlay && overlay.steps.length > 0) {
    const caption = `<figcaption>${htmlText(lossCaption(overlay.nonFinite, overlay.firstNonFiniteStep))}</figcaption>`;
    charts.push(`<figure class="loss">${lineChartSvg(lossChart(overlay))}${caption}</figure>`);
    if (overlay.steps.length >= 8)
      charts.push(`<figure class="loss-tail">${lineChartSvg(lossChart(overlay, 0.25))}</figure>`);
  }
  for (const v of metrics) {
    if (overlay && v.name === overlay.metric) continue;
    const spec = metricChart(v, byName.get(v.name));
    if (spec) charts.push(`<figure class="metric">${lineChartSvg(spec)}</figure>`);
  }
  const nonFinite = (run.summary?.metrics ?? []).filter(
    (m) => m.class.kind === 'loss' && m.firstNonFiniteStep !== null,
  );
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
${
  others.length
    ? `<details><summary>Other metrics (${others.length})</summary><table><thead><tr><th>Metric</th><th>Kind</th><th>Median</th><th>p10 – p90</th><th>Last</th><th>Values</th></tr></thead><tbody>${others
        .map((m) => {
          const u = m.class.unit;
          return `<tr><td>${htmlText(m.name)}</td><td>${m.class.kind}</td><td class="num">${m.steady ? htmlText(formatValue(m.steady.median, u)) : '—'}</td><td class="num">${m.steady ? htmlText(`${formatValue(m.steady.p10, u)} – ${formatValue(m.steady.p90, u)}`) : '—'}</td><td class="num">${m.count > 0 ? htmlText(formatValue(m.last, u)) : '—'}</td><td class="num">${formatNumber(m.count)}${m.nan + m.inf ? ` (+${m.nan + m.inf} non-finite)` : ''}</td></tr>`;
        })
        .join('')}</tbody></table></details>`
    : ''
}
${warnings.length ? `<details><summary>Warnings (${warnings.length})</summary><ul>${warnings.map((w) => `<li>${htmlText(w)}</li>`).join('')}</ul></details>` : ''}
</section>`;
}

/** Marks drawn with CSS and characters every system font has, not emoji (not every machine has an emoji font). */
const BADGE: Record<RunStatus, string> = { regression: '✗', 'not-judged': '?', warning: '!', pass: '✓' };
const BADGE_OF = {
  regression: 'regression',
  missing: 'warning',
  'insufficient-history': 'warning',
  improvement: 'pass',
  pass: 'pass',
} as const;

function overallStatus(input: ReportInput): RunStatus {
  const statuses = input.runs.map((r) => runStatus(r.gate));
  return (['regression', 'not-judged', 'warning'] as const).find((s) => statuses.includes(s)) ?? 'pass';
}

function badge(status: RunStatus): string {
  return `<span class="badge ${status}" title="${STATUS_LABEL[status]}">${BADGE[status]}</span>`;
}

function lossCaption(nonFinite: number, first: number | null): string {
  return nonFinite > 0 ? `${nonFinite} non-finite loss samples (from step ${first}) are not drawn.` : '';
}

function capitalise(s: string): string {
  return s.replace(/^./, (c) => c.toUpperCase());
}

function verdictTable(metrics: MetricVerdict[]): string {
  const rows = metrics.map((m) => {
    const baseline = m.baseline
      ? `${formatBaseline(m.baseline.centre, m.baseline.band, m.unit, m.verdict)} (${m.baseline.runs})`
      : '—';
    const spark = m.baseline ? historySparkline(m.baseline.history, m.current) : '';
    return `<tr class="${m.verdict}"><td>${badge(BADGE_OF[m.verdict])} ${VERDICT_LABEL[m.verdict]}</td><td>${htmlText(m.name)}</td><td class="num">${htmlText(formatValue(m.current, m.unit))}</td><td class="num">${htmlText(baseline)}</td><td class="num">${htmlText(formatChange(m.change))}</td><td class="spark">${htmlText(spark)}</td><td>${htmlText(m.reason)}</td></tr>`;
  });
  return `<table class="verdicts"><thead><tr><th>Verdict</th><th>Metric</th><th>Current</th><th>Baseline (runs)</th><th>Change</th><th>History → now</th><th>Why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
