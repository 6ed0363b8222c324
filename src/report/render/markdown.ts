/**
 * The Markdown report, for a job summary and a PR comment alike: a headline, then per run its
 * verdict line, the gated metrics (regressions first), the loss chart, and the rest collapsed.
 */
import type { GateResult, MetricSummary, MetricVerdict } from '../../model.js';
import { culpritMarkdown } from './culprit.js';
import { mdText } from './escape.js';
import { finalLossLines } from './final-loss.js';
import { formatBaseline, formatChange, formatNumber, formatValue } from './format.js';
import { MERMAID_POINTS, lossChartMermaid } from './mermaid.js';
import { hasBand, lossOverlay } from './loss-overlay.js';
import { prRunsMarkdown } from './pr-runs.js';
import { rankNotes, ranksMarkdown, reportWarnings } from './ranks.js';
import { historySparkline } from './sparkline.js';
import type { ReportInput, RunReport } from '../report-input.js';
import { STATUS_ICON, VERDICT_ICON, orderMetrics, orderRuns, runStatus } from './verdict.js';

/**
 * How much to show, from everything down to the verdict lines alone; lower levels are used when
 * the full report does not fit a GitHub limit.
 *  - full: tables with sparklines, loss chart, other metrics and warnings in collapsed details
 *  - compact: tables with sparklines only
 *  - attention: table rows only for metrics that are not a plain pass
 *  - headlines: one verdict line per run
 */
export type Detail = 'full' | 'compact' | 'attention' | 'headlines';
export const DETAIL_LEVELS: readonly Detail[] = ['full', 'compact', 'attention', 'headlines'];

export interface MarkdownOptions {
  detail?: Detail;
  /** Print only the first `maxRuns` runs (regressions come first) and a count of the rest. */
  maxRuns?: number;
  /** Draw loss charts for the first this many runs only (default 10): every chart is rendered in the reader's browser. */
  maxChartRuns?: number;
  /** A line saying the report was shortened to fit, and where the rest is. */
  truncationNote?: string;
}

export const MAX_CHART_RUNS = 10;

export function renderMarkdown(input: ReportInput, options: MarkdownOptions = {}): string {
  const detail = options.detail ?? 'full';
  const runs = orderRuns(input.runs);
  const shown = runs.slice(0, options.maxRuns ?? runs.length);
  const out: string[] = [headline(input), ...linkLine(input)];
  if (options.truncationNote) out.push(`> [!NOTE]\n> ${options.truncationNote}`);
  if (runs.length === 0) out.push('No runs were checked.');
  const maxCharts = options.maxChartRuns ?? MAX_CHART_RUNS;
  for (const [i, run] of shown.entries())
    out.push(detail === 'headlines' ? runHeadline(run) : runSection(run, detail, i < maxCharts));
  if (detail === 'full' && shown.length > maxCharts) {
    out.push(`<sub>Loss charts are drawn for the first ${maxCharts} runs only; the HTML report has them all.</sub>`);
  }
  const rest = runs.slice(shown.length);
  if (rest.length > 0) {
    const regressed = rest.filter((r) => runStatus(r.gate) === 'regression').length;
    out.push(
      `… and ${rest.length} more run${rest.length === 1 ? '' : 's'}${regressed ? ` (${regressed} with a regression)` : ''}, not shown here for length.`,
    );
  }
  return `${out.join('\n\n')}\n`;
}

/** The report's first line: one icon and the count a person needs. */
export function headline(input: ReportInput): string {
  return `## ${headlineText(input, mdText)}`;
}

/** The headline without Markdown, names escaped with `esc`. */
export function headlineText(input: ReportInput, esc: (text: string) => string): string {
  const title = input.title ? esc(input.title) : 'Training metrics';
  const statuses = input.runs.map((r) => runStatus(r.gate));
  const regressed = statuses.filter((s) => s === 'regression').length;
  const unjudged = statuses.filter((s) => s === 'not-judged').length;
  const warned = statuses.filter((s) => s === 'warning').length;
  const n = input.runs.length;
  if (regressed > 0) {
    return `${STATUS_ICON.regression} ${title}: ${n === 1 ? 'regression' : `${regressed} of ${n} runs regressed`}`;
  }
  // Nothing judged is said first: a job that gated nothing has not passed.
  if (unjudged > 0)
    return `${STATUS_ICON['not-judged']} ${title}: ${n === 1 ? 'not judged' : `${unjudged} of ${n} runs not judged`}${unjudged < n ? ', no regression in the others' : ''}`;
  const inRuns = n === 1 ? '' : ` in ${n} runs`;
  if (warned > 0)
    return `${STATUS_ICON.warning} ${title}: no regression${inRuns}, ${warned === 1 && n === 1 ? 'needs a look' : `${warned} need${warned === 1 ? 's' : ''} a look`}`;
  return `${STATUS_ICON.pass} ${title}: no regression${inRuns}`;
}

function linkLine(input: ReportInput): string[] {
  const gh = input.github;
  if (!gh?.repository || !gh.runId) return [];
  const url = `${gh.serverUrl || 'https://github.com'}/${gh.repository}/actions/runs/${gh.runId}`;
  const sha = gh.sha ? ` · commit \`${gh.sha.slice(0, 7).replace(/[^0-9a-f]/gi, '')}\`` : '';
  return [`[Workflow run](${encodeURI(url)})${sha}`];
}

function runTitle(gate: GateResult): string {
  const exp = mdText(gate.experiment);
  return gate.name && gate.name !== gate.experiment ? `${exp} · ${mdText(gate.name)}` : exp;
}

/** One line per run: icon, name, and why. */
export function runHeadline(run: RunReport): string {
  return `${STATUS_ICON[runStatus(run.gate)]} **${runTitle(run.gate)}**: ${verdictLine(run.gate)}`;
}

/**
 * The run's verdict in words: the regressions; or, where nothing was judged, why; or how many metrics
 * were judged, with what needs a look.
 */
export function verdictLine(gate: GateResult, esc: (text: string) => string = mdText): string {
  const incomplete = !gate.run.complete || gate.run.truncated ? [incompleteText(gate)] : [];
  const regressions = orderMetrics(gate.metrics).filter((m) => m.verdict === 'regression');
  if (regressions.length > 0) {
    const more = regressions.length > 10 ? ` and ${regressions.length - 10} more` : '';
    return [
      `regression in ${regressions
        .slice(0, 10)
        .map((m) => metricChange(m, esc))
        .join(', ')}${more}`,
      ...incomplete,
    ].join('; ');
  }
  const missing = gate.metrics.filter((m) => m.verdict === 'missing');
  const notes: string[] = [...incomplete];
  if (missing.length) notes.push(`missing ${missing.map((m) => esc(m.name)).join(', ')}`);
  if (gate.verdict === 'not-judged')
    return [`not judged: ${esc(gate.notJudged ?? 'no gated metric could be judged')}`, ...notes].join('; ');
  const young = gate.metrics.filter((m) => m.verdict === 'insufficient-history');
  if (young.length) notes.push(`not enough history for ${young.length} metric${young.length === 1 ? '' : 's'}`);
  const improved = gate.metrics.filter((m) => m.verdict === 'improvement');
  const base = `no regression; ${gate.judged} metric${gate.judged === 1 ? '' : 's'} judged${improved.length ? `, improved: ${improved.map((m) => metricChange(m, esc)).join(', ')}` : ''}`;
  return [base, ...notes].join('; ');
}

function metricChange(m: MetricVerdict, esc: (text: string) => string): string {
  const change = m.change !== null && Number.isFinite(m.change) ? ` ${formatChange(m.change)}` : '';
  const versus =
    m.baseline && m.current !== null
      ? ` (${formatValue(m.current, m.unit)} vs ${formatBaseline(m.baseline.centre, m.baseline.band, m.unit, m.verdict)}, ${m.baseline.runs} runs)`
      : '';
  return `${esc(m.name)}${change}${versus}`;
}

function incompleteText(gate: GateResult): string {
  const { steps, expectedSteps, truncated } = gate.run;
  const of = expectedSteps !== null ? `${steps} of ${expectedSteps} steps` : `${steps} steps`;
  return `run incomplete (${of}${truncated ? ', file truncated' : ''})`;
}

function runSection(run: RunReport, detail: Detail, charts: boolean): string {
  const gate = run.gate;
  const parts: string[] = [
    `### ${STATUS_ICON[runStatus(gate)]} ${runTitle(gate)}`,
    `${verdictLine(gate).replace(/^./, (c) => c.toUpperCase())}.`,
    ...(gate.culprit ? [culpritMarkdown(gate.culprit)] : []),
  ];
  const notes = [...nonFiniteNotes(run), ...rankNotes(run.summary?.ranks).map(mdText)];
  if (notes.length) parts.push(notes.map((n) => `> ${n}`).join('\n'));
  const metrics = orderMetrics(gate.metrics);
  const rows = detail === 'attention' ? metrics.filter((m) => m.verdict !== 'pass') : metrics;
  if (rows.length) parts.push(verdictTable(rows, detail !== 'attention'));
  if (rows.length < metrics.length)
    parts.push(`${metrics.length - rows.length} more metric${metrics.length - rows.length === 1 ? '' : 's'} pass.`);
  if (metrics.length === 0) parts.push('No gated metrics.');
  if (detail !== 'headlines' && run.notes?.length) parts.push(run.notes.map((n) => `- ${mdText(n)}`).join('\n'));
  if (detail === 'full') {
    const losses = finalLossLines(run);
    if (losses.length) parts.push(`<sub>${losses.map(mdText).join('<br>')}</sub>`);
    const overlay = charts ? lossOverlay(run) : null;
    const chart = overlay && lossChartMermaid(overlay);
    if (overlay && chart) {
      parts.push(chart);
      const band = hasBand(overlay);
      // Early steps set the scale of the full curve; the end of training, where runs are compared, gets its own view.
      const zoom = band ? lossChartMermaid(overlay, MERMAID_POINTS, 0.25) : null;
      if (zoom) parts.push(zoom);
      parts.push(
        `<sub>${mdText(overlay.metric)} of this run (blue)${band ? ', baseline band (grey: low and high edge; light grey: centre)' : ''}, resampled at ${MERMAID_POINTS} evenly spaced steps${overlay.nonFinite ? `; ${overlay.nonFinite} non-finite samples not drawn` : ''}.</sub>`,
      );
    }
    const ranks = ranksMarkdown(run.summary);
    if (ranks) parts.push(ranks);
    if (run.prRuns) parts.push(prRunsMarkdown(run.prRuns, gate.metrics));
    const others = otherMetrics(run);
    if (others) parts.push(others);
    const warnings = reportWarnings(run.summary);
    if (warnings.length) {
      parts.push(
        details(
          `Warnings (${warnings.length})`,
          warnings
            .slice(0, 50)
            .map((w) => `- ${mdText(w)}`)
            .join('\n') + (warnings.length > 50 ? `\n- … ${warnings.length - 50} more` : ''),
        ),
      );
    }
  }
  return parts.join('\n\n');
}

/** NaN or infinite values in a run's loss: said plainly, they are why a loss verdict may be missing. */
function nonFiniteNotes(run: RunReport): string[] {
  return (run.summary?.metrics ?? [])
    .filter((m) => m.class.kind === 'loss' && m.firstNonFiniteStep !== null)
    .map(
      (m) =>
        `⚠️ ${mdText(m.name)} is ${m.nan > 0 ? 'NaN' : 'infinite'} from step ${m.firstNonFiniteStep} (${m.nan + m.inf} value${m.nan + m.inf === 1 ? '' : 's'}).`,
    );
}

function verdictTable(metrics: MetricVerdict[], withHistory: boolean): string {
  const head = ['', 'Metric', 'Current', 'Baseline (runs)', 'Change', ...(withHistory ? ['History → now'] : []), 'Why'];
  const lines = [row(head), row(head.map(() => '---'))];
  for (const m of metrics) {
    const baseline = m.baseline
      ? `${formatBaseline(m.baseline.centre, m.baseline.band, m.unit, m.verdict)} (${m.baseline.runs})`
      : '—';
    const spark = m.baseline ? historySparkline(m.baseline.history, m.current) : '';
    lines.push(
      row([
        VERDICT_ICON[m.verdict],
        mdText(m.name),
        formatValue(m.current, m.unit),
        baseline,
        formatChange(m.change),
        ...(withHistory ? [spark ? `\`${spark}\`` : ''] : []),
        mdText(m.reason),
      ]),
    );
  }
  return lines.join('\n');
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

/** Metrics of the run that the gate does not judge, collapsed. */
function otherMetrics(run: RunReport): string | null {
  const gated = new Set(run.gate.metrics.map((m) => m.name));
  const others = (run.summary?.metrics ?? []).filter((m) => !gated.has(m.name) && m.class.kind !== 'ignore');
  if (others.length === 0) return null;
  const head = ['Metric', 'Kind', 'Median', 'p10 – p90', 'Last', 'Values'];
  const lines = [row(head), row(head.map(() => '---'))];
  for (const m of others) lines.push(row(otherRow(m)));
  return details(`Other metrics (${others.length})`, lines.join('\n'));
}

function otherRow(m: MetricSummary): string[] {
  const u = m.class.unit;
  const bad = m.nan + m.inf;
  return [
    mdText(m.name),
    m.class.kind,
    m.steady ? formatValue(m.steady.median, u) : '—',
    m.steady ? `${formatValue(m.steady.p10, u)} – ${formatValue(m.steady.p90, u)}` : '—',
    m.count > 0 ? formatValue(m.last, u) : '—',
    `${formatNumber(m.count)}${bad ? ` (+${bad} non-finite)` : ''}`,
  ];
}
