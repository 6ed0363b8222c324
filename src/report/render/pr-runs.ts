/** The Markdown of a pull request's earlier runs beside this run: one small collapsed table. */
import type { MetricVerdict } from '../../model.js';
import type { PrRuns } from '../pr-runs.js';
import { mdText } from './escape.js';
import { formatValue } from './format.js';

export function prRunsMarkdown(pr: PrRuns, current: readonly MetricVerdict[]): string {
  const head = ['Run', 'Commit', 'Recorded', ...pr.metrics.map((m) => mdText(m.name))];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of pr.runs) {
    const sha = /^[0-9a-f]{7,64}$/i.test(r.sha) ? `\`${r.sha.slice(0, 7)}\`` : '—';
    const values = r.values.map((v, i) => formatValue(v, pr.metrics[i]!.unit));
    lines.push(
      `| ${[mdText(r.run), sha, mdText(r.recordedAt.slice(0, 16).replace('T', ' ')), ...values].join(' | ')} |`,
    );
  }
  const now = pr.metrics.map((m) => formatValue(current.find((c) => c.name === m.name)?.current ?? null, m.unit));
  lines.push(`| **this run** | | | ${now.join(' | ')} |`);
  const more = pr.more
    ? `\n\n<sub>${pr.more} earlier run${pr.more === 1 ? '' : 's'} of this pull request not shown.</sub>`
    : '';
  const n = pr.runs.length + pr.more;
  return `<details><summary>Earlier runs of pull request #${pr.pullRequest} (${n})</summary>\n\n${lines.join('\n')}${more}\n\n</details>`;
}
