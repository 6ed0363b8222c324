/**
 * The culprit range under a run's verdict: the last good and the first bad run, their commits and dates,
 * and the compare view between the two commits. Names are escaped; a SHA is shown only when hexadecimal,
 * and the link exists only when both SHAs and the repository were valid (compare-link.ts). Where both
 * runs recorded an environment, what changed between them follows (or that nothing did), escaped too:
 * the values come from the user's environment files.
 */
import { formatEnvironmentExplanation } from '../../gate/environment-format.js';
import type { CulpritRange, RunRef } from '../../model.js';
import { htmlText, mdText } from './escape.js';
import { shortSha } from './compare-link.js';

/** What the engineer on call needs first: since when, and between which commits. */
function why(c: CulpritRange, esc: (t: string) => string, code: (t: string) => string): string {
  if (c.why === 'regression') return `${esc(c.metric)} regressed in this run`;
  const commits = [shortSha(c.good.sha), shortSha(c.bad.sha)];
  const between = commits.every(Boolean) ? ` (commit ${code(commits[0]!)} → ${code(commits[1]!)})` : '';
  const ago = `${c.runsAgo} run${c.runsAgo === 1 ? '' : 's'} ago`;
  // Runs of one job share a name: the workflow run's id tells them apart.
  const id = /^\d+$/.test(c.bad.runId) ? ` #${c.bad.runId}` : '';
  return `${esc(c.metric)} regressed since run ${esc(c.bad.run)}${id}${between}, ${ago}`;
}

function runWords(r: RunRef, esc: (t: string) => string, code: (t: string) => string): string {
  const sha = shortSha(r.sha);
  return `${sha ? code(sha) : 'unknown commit'} (${esc(r.run)}, ${esc(r.recordedAt)})`;
}

export function culpritMarkdown(c: CulpritRange): string {
  const code = (t: string) => `\`${t}\``;
  const link = c.compare ? ` · [compare](${c.compare.replace(/[()\s]/g, encodeURIComponent)})` : '';
  const env = c.environment ? ` · ${mdText(formatEnvironmentExplanation(c.environment))}` : '';
  return `**Culprit range** (${why(c, mdText, code)}): last good ${runWords(c.good, mdText, code)} → first bad ${runWords(c.bad, mdText, code)}${link}${env}`;
}

export function culpritHtml(c: CulpritRange): string {
  const code = (t: string) => `<code>${t}</code>`;
  const link = c.compare ? ` · <a href="${htmlText(c.compare)}">compare</a>` : '';
  const env = c.environment
    ? ` · <span class="environment">${htmlText(formatEnvironmentExplanation(c.environment))}</span>`
    : '';
  return `<p class="culprit"><strong>Culprit range</strong> (${why(c, htmlText, code)}): last good ${runWords(c.good, htmlText, code)} → first bad ${runWords(c.bad, htmlText, code)}${link}${env}</p>`;
}
