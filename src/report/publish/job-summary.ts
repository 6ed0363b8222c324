/** The job summary: always written, through `core.summary`, kept under GitHub's 1 MiB per step. */
import { summary as coreSummary } from '@actions/core';
import { SUMMARY_MAX_BYTES, renderMarkdownWithin } from '../render/markdown-within-limit.js';
import type { ReportInput } from '../report-input.js';

/** The part of `core.summary` used here (so tests can pass their own). */
export interface SummaryWriter {
  addRaw(text: string, addEOL?: boolean): SummaryWriter;
  write(options?: { overwrite?: boolean }): Promise<unknown>;
}

/** The Markdown for a job summary: the full report, or less detail where it would pass the limit. */
export function summaryMarkdown(input: ReportInput, fullReportAt?: string): string {
  return renderMarkdownWithin(input, { maxBytes: SUMMARY_MAX_BYTES, fullReportAt });
}

/**
 * Append the report to the step's summary file (GITHUB_STEP_SUMMARY). Returns the Markdown written.
 * Throws only when the runner gave no summary file, which the caller reports as a warning.
 */
export async function writeJobSummary(markdown: string, writer: SummaryWriter = coreSummary): Promise<string> {
  await writer.addRaw(markdown, true).write();
  return markdown;
}
