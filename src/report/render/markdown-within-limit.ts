/**
 * Fit the Markdown report under GitHub's limits (a job summary: 1 MiB per step; a comment body:
 * 65,536 characters) by showing less detail, never by cutting the verdict lines.
 */
import { DETAIL_LEVELS, renderMarkdown } from './markdown.js';
import type { ReportInput } from '../report-input.js';

/** GitHub drops a step's whole summary above 1 MiB; keep a margin for what other steps append. */
export const SUMMARY_MAX_BYTES = 1024 * 1024 - 16 * 1024;
/** GitHub refuses a comment body above 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_536;

export interface Limit {
  /** UTF-8 bytes. */
  maxBytes?: number;
  /** Characters (UTF-16 code units, which never undercount). */
  maxChars?: number;
  /** Text placed before the report (a comment's marker); counted against the limit. */
  prefix?: string;
  /** Where the full report is, for the note shown when detail was dropped. */
  fullReportAt?: string;
}

function fits(text: string, limit: Limit): boolean {
  if (limit.maxChars !== undefined && text.length > limit.maxChars) return false;
  if (limit.maxBytes !== undefined && Buffer.byteLength(text, 'utf8') > limit.maxBytes) return false;
  return true;
}

/**
 * The most detailed report that fits; at the least detail, as many runs' verdict lines as fit
 * (regressions first) and a count of the rest. The headline line is always there.
 */
export function renderMarkdownWithin(input: ReportInput, limit: Limit): string {
  const prefix = limit.prefix ?? '';
  const where = limit.fullReportAt ? ` The full report is in ${limit.fullReportAt}.` : '';
  for (const detail of DETAIL_LEVELS) {
    const note = detail === 'full' ? undefined : `Shortened to fit GitHub's size limit.${where}`;
    const text = prefix + renderMarkdown(input, { detail, truncationNote: note });
    if (fits(text, limit)) return text;
  }
  // Even one line per run is too long: keep as many runs as fit, found by bisection.
  const note = `Shortened to fit GitHub's size limit: not every run is listed.${where}`;
  let lo = 0;
  let hi = input.runs.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(prefix + renderMarkdown(input, { detail: 'headlines', maxRuns: mid, truncationNote: note }), limit))
      lo = mid;
    else hi = mid - 1;
  }
  return prefix + renderMarkdown(input, { detail: 'headlines', maxRuns: lo, truncationNote: note });
}
