/**
 * The table view of a chart: the same runs as text, the latest `rows` of them (a page stays small at
 * thousands of runs; every run of the page is in its CSV file, which the page links to).
 */
import { htmlText } from '../report/render/escape.js';
import { formatValue } from '../report/render/format.js';
import { SERIES_WORDS } from './chart.js';
import type { MetricTrend } from './trend.js';

export function tableView(m: MetricTrend, rows: number, csvHref: string): string {
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
  const of =
    shown.length < m.points.length
      ? `the latest ${shown.length} of ${m.points.length} runs, newest first; every run is in <a href="${htmlText(csvHref)}">the CSV file</a>`
      : `all ${m.points.length} runs, newest first; also as <a href="${htmlText(csvHref)}">a CSV file</a>`;
  return `<details class="table-view"><summary>Table of ${htmlText(m.key)} (${of.replace(/<[^>]+>/g, '')})</summary>
<p class="note">${of}.</p>
<table><thead><tr><th>recorded</th><th>run</th><th>commit</th><th>ref</th><th class="num">value</th><th>flags</th></tr></thead>
<tbody>
${body}
</tbody></table></details>`;
}
