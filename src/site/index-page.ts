/**
 * The index: per experiment and fingerprint, the latest verdict, and for each gated metric the level the
 * next run is judged by and a text sparkline of its latest runs (real characters, read out as text).
 * Rows are flat (no list per cell) and the table's layout fixed, so a fleet's thousand rows lay out fast.
 */
import { htmlText } from '../report/render/escape.js';
import { formatValue } from '../report/render/format.js';
import { sparkline } from '../report/render/sparkline.js';
import { page } from './layout.js';
import type { GroupTrend } from './trend.js';
import { overallVerdict } from './verdict-words.js';

const h = htmlText;
/** Runs a sparkline shows. */
const TREND_RUNS = 20;
const ROWS_PER_TABLE = 50;

export function indexPage(trends: readonly GroupTrend[], title: string, generatedAt: string): string {
  const rows = trends.map((t) => {
    const g = t.group;
    const overall = overallVerdict(t.verdict);
    const metrics = t.metrics
      .map((m) => {
        const recent = m.points
          .filter((p) => p.series === 'run')
          .slice(-TREND_RUNS)
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
  const tables: string[] = [];
  for (let i = 0; i < rows.length || i === 0; i += ROWS_PER_TABLE)
    tables.push(
      `<div class="rows">${head}\n<tbody>\n${rows.slice(i, i + ROWS_PER_TABLE).join('\n')}\n</tbody></table></div>`,
    );
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
