/**
 * A multi-rank job in the report (src/ranks/): the straggler and the stalled ranks first, in words, then
 * per rank its steady step time against the median rank's, as a table and, in HTML, as bars with the
 * figures written beside them.
 */
import type { RanksSummary, RunSummary } from '../../model.js';
import { stallNotes } from '../../ranks/index.js';
import { htmlText, mdText } from './escape.js';
import { formatChange, formatNumber, formatValue } from './format.js';

/** Ranks listed per job: the slowest first; a 64-rank job's others are one line. */
const MAX_RANK_ROWS = 16;

/**
 * "rank 3: +15 % step time, from step 1,200 (slowest of 8 ranks)", and one line per stalled rank: the run's
 * own stall warning, which the report's list of warnings then leaves out (`reportWarnings`).
 */
export function rankNotes(ranks: RanksSummary | undefined): string[] {
  if (!ranks) return [];
  const out: string[] = [];
  const s = ranks.straggler;
  if (s)
    out.push(
      `Straggler: rank ${s.rank}: ${formatChange(s.excess)} ${ranks.stepTimer ?? 'step time'}, from step ${formatNumber(s.from, 12)} (slowest of ${ranks.ranks.length} ranks)`,
    );
  for (const note of stallNotes(ranks)) out.push(`Stalled: ${note}`);
  return out;
}

/** The run's warnings less those the report already shows as notes beside its verdict. */
export function reportWarnings(summary: RunSummary | undefined): string[] {
  const warnings = summary?.warnings ?? [];
  if (!summary?.ranks?.stalls.length) return warnings;
  const shown = new Set(stallNotes(summary.ranks));
  return warnings.filter((w) => !shown.has(w));
}

function slowestFirst(ranks: RanksSummary): RanksSummary['ranks'] {
  return [...ranks.ranks].sort(
    (a, b) => (b.excess ?? Number.NEGATIVE_INFINITY) - (a.excess ?? Number.NEGATIVE_INFINITY),
  );
}

function timerUnit(summary: RunSummary): string {
  return summary.metrics.find((m) => m.name === summary.ranks?.stepTimer)?.class.unit ?? '';
}

export function ranksMarkdown(summary: RunSummary | undefined): string | null {
  const ranks = summary?.ranks;
  if (!summary || !ranks?.stepTimer) return null;
  const unit = timerUnit(summary);
  const rows = slowestFirst(ranks);
  const lines = [
    `| rank | ${mdText(ranks.stepTimer)} (steady median) | vs median rank | last step |`,
    '|---|---|---|---|',
    ...rows
      .slice(0, MAX_RANK_ROWS)
      .map(
        (r) =>
          `| ${mdText(r.rank)} | ${formatValue(r.stepTime, unit)} | ${r.excess === null ? '—' : formatChange(r.excess)} | ${formatNumber(r.lastStep, 12)} |`,
      ),
  ];
  if (rows.length > MAX_RANK_ROWS) lines.push(`\n${rows.length - MAX_RANK_ROWS} more ranks, each faster.`);
  return `<details><summary>Ranks (${ranks.ranks.length})</summary>\n\n${lines.join('\n')}\n\n</details>`;
}

/** Bars of each rank's step time over the median rank's, slowest first, each with its figure as text. */
export function ranksHtml(summary: RunSummary | undefined): string {
  const ranks = summary?.ranks;
  if (!summary || !ranks?.stepTimer) return '';
  const unit = timerUnit(summary);
  const rows = slowestFirst(ranks).slice(0, MAX_RANK_ROWS);
  const widest = Math.max(0.05, ...rows.map((r) => Math.abs(r.excess ?? 0)));
  const bar = (excess: number | null) => {
    if (excess === null) return '';
    const width = Math.round((Math.abs(excess) / widest) * 100);
    return `<span class="rank-bar${excess > 0 ? ' slow' : ''}" style="width:${width}%"></span>`;
  };
  const body = rows
    .map(
      (r) =>
        `<tr><td>${htmlText(r.rank)}</td><td class="num">${htmlText(formatValue(r.stepTime, unit))}</td><td class="num">${r.excess === null ? '—' : htmlText(formatChange(r.excess))}</td><td class="bar">${bar(r.excess)}</td><td class="num">${htmlText(formatNumber(r.lastStep, 12))}</td></tr>`,
    )
    .join('');
  return `<figure class="ranks"><figcaption>${htmlText(ranks.stepTimer)} per rank (steady median), against the median rank's: the slowest ${rows.length} of ${ranks.ranks.length} ranks</figcaption><table><thead><tr><th>Rank</th><th>Step time</th><th>vs median rank</th><th aria-hidden="true"></th><th>Last step</th></tr></thead><tbody>${body}</tbody></table></figure>`;
}
