/**
 * One experiment and fingerprint: the latest verdict, the culprit range with its compare link, then per
 * gated metric a chart over runs (noise band, level, change points, new baselines, culprit range, pull
 * request and quarantined runs apart) with the same in words and a table view, and the loss curve.
 */
import { formatChange } from '../gate/format.js';
import { htmlText } from '../report/render/escape.js';
import { formatValue } from '../report/render/format.js';
import { changeWords, lossChart, metricChart } from './chart.js';
import { page } from './layout.js';
import { tableView } from './table-view.js';
import { type GroupTrend, type MetricTrend, seriesOf } from './trend.js';
import { metricVerdictWord, overallVerdict } from './verdict-words.js';

export interface PageOptions {
  /** Most runs of one series a chart draws before thinning. */
  maxPoints: number;
  /** Rows of each table view. */
  tableRows: number;
}

const h = htmlText;

/** What the marks mean, once per page (the charts' own legends name the lines and bands). */
const KEY = `<p class="key">Marks: <span class="k run">●</span> a run in the baseline · <span class="k pr">●</span> a pull request run · <span class="k quarantined">○</span> a quarantined run (neither is in the band or the level) · <span class="k change">┆</span> a change point · <span class="k environment">┃</span> a change point where the environment changed · <span class="k baseline">│</span> a run marked as a new baseline · <span class="k culprit">▮</span> the culprit range. Hover a mark for its run, date and commit; each chart has a table view below it.</p>`;

export function experimentPage(t: GroupTrend, o: PageOptions): string {
  const g = t.group;
  const csv = `${g.file}.csv`;
  const overall = overallVerdict(t.verdict);
  const counts = { run: 0, pr: 0, quarantined: 0 };
  for (const r of g.records) counts[seriesOf(r)]++;
  // The runs the latest was judged against: the most any metric's baseline had (fewer after a new baseline).
  const against = Math.max(0, ...(t.verdict?.metrics ?? []).map((m) => m.baseline?.runs ?? 0));
  const ids = new Set<string>();
  const parts = [
    `<p><a href="index.html">← all experiments</a></p>`,
    `<h1>${h(g.experiment)}</h1>`,
    `<p class="meta">fingerprint <code>${h(g.fingerprint || '(none)')}</code> · ${g.records.length} runs (${t.comparable} in the baseline, ${counts.pr} pull request, ${counts.quarantined} quarantined) · <a href="${h(csv)}">all runs as CSV</a></p>`,
    t.latest
      ? `<p>Latest run <strong>${h(t.latest.run)}</strong> (${h(t.latest.recordedAt)}, commit <code>${h(t.latest.sha.slice(0, 12) || '?')}</code>): <span class="verdict-${overall.replaceAll(' ', '-')}">${h(overall)}</span>${against ? ` against ${against} earlier run${against === 1 ? '' : 's'}` : ''}.</p>`
      : '<p>No run counts in a baseline yet.</p>',
    culpritText(t),
    KEY,
    ...t.metrics.map((m) => metricSection(t, m, o, csv, uniqueId(`m-${m.key.replace(/[^A-Za-z0-9_-]/g, '-')}`, ids))),
    t.loss
      ? `<h2>Loss curve</h2><figure class="loss">${lossChart(t)}<figcaption>${h(lossWords(t))}</figcaption></figure>`
      : '',
  ];
  return page(`${g.experiment} ${g.fingerprint}`, parts.filter(Boolean).join('\n'));
}

function culpritText(t: GroupTrend): string {
  const c = t.culprit?.range;
  if (!c) return '';
  const link = c.compare ? ` <a href="${h(c.compare)}">compare the commits</a>` : '';
  const why =
    c.why === 'regression' ? 'the latest run regressed' : `the level shifted for the worse ${c.runsAgo} runs ago`;
  return `<p class="culprit">Culprit range on <strong>${h(c.metric)}</strong> (${h(why)}): last good ${h(c.good.run)} <code>${h(c.good.sha.slice(0, 12))}</code>, first bad ${h(c.bad.run)} <code>${h(c.bad.sha.slice(0, 12))}</code>.${link}</p>`;
}

/** `id`, or `id-2`, `id-3` … where the page has it already (`eval/acc` and `eval.acc` are both `m-eval-acc`). */
function uniqueId(id: string, taken: Set<string>): string {
  let out = id;
  for (let n = 2; taken.has(out); n++) out = `${id}-${n}`;
  taken.add(out);
  return out;
}

function metricSection(t: GroupTrend, m: MetricTrend, o: PageOptions, csv: string, id: string): string {
  const drawn = { run: 0, pr: 0, quarantined: 0 };
  for (const p of m.points) drawn[p.series]++;
  const drawnNote =
    Math.max(drawn.run, drawn.pr, drawn.quarantined) > o.maxPoints
      ? ` The chart draws ${o.maxPoints} evenly spaced runs of each kind; the table and the CSV hold the values.`
      : '';
  const words = [latestWords(m), levelWords(m), ...m.changes.map((c) => `${changeWords(c, m.unit)}.`)]
    .filter(Boolean)
    .map((w) => `<li>${h(w)}</li>`)
    .join('');
  return `<section class="metric" id="${h(id)}">
<h2>${h(m.key)}</h2>
<figure>${metricChart(t, m, o.maxPoints)}<figcaption><ul>${words}</ul>${h(drawnNote)}</figcaption></figure>
${tableView(m, o.tableRows, csv)}
</section>`;
}

function levelWords(m: MetricTrend): string {
  const b = m.next?.baseline;
  if (!b) return 'No level yet: no comparable run has this metric.';
  if (m.next!.verdict === 'insufficient-history')
    return `Level ${formatValue(b.centre, m.unit)} ± ${formatValue(b.band, m.unit)} (the spread of ${b.runs} runs; the gate judges from more runs).`;
  return `The next run will be judged against a level of ${formatValue(b.centre, m.unit)} over ${b.runs} runs, with a noise band of ± ${formatValue(b.band, m.unit)}.`;
}

function latestWords(m: MetricTrend): string {
  const v = m.latest;
  if (!v) return '';
  const change = v.change === null ? '' : ` (${formatChange(v.change)})`;
  const against =
    v.baseline && v.verdict !== 'insufficient-history'
      ? ` against a level of ${formatValue(v.baseline.centre, m.unit)} ± ${formatValue(v.baseline.band, m.unit)} over ${v.baseline.runs} runs (the band drawn)`
      : '';
  return `Latest run: ${formatValue(v.current, m.unit)}, ${metricVerdictWord(v)}${change}${against}.`;
}

function lossWords(t: GroupTrend): string {
  const l = t.loss!;
  if (l.band.length === 0) return `${l.run}'s ${l.metric} curve; too few earlier curves for a band.`;
  return `${l.run}'s ${l.metric} curve (${l.samples.length} points) over the lowest-to-highest band and the median of the ${l.runs} runs before it, at the same steps.`;
}
