/** The job summary written through @actions/core to a real GITHUB_STEP_SUMMARY file. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summary } from '@actions/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchInput } from '../../../test/helpers/report-fixtures.js';
import { summaryMarkdown, writeJobSummary } from './job-summary.js';

describe('writeJobSummary with @actions/core and a real GITHUB_STEP_SUMMARY file', () => {
  let dir: string;
  let file: string;
  const saved = process.env.GITHUB_STEP_SUMMARY;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tmg-summary-'));
    file = join(dir, 'step_summary');
    writeFileSync(file, 'earlier step output\n');
    process.env.GITHUB_STEP_SUMMARY = file;
  });

  afterEach(() => {
    if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY;
    else process.env.GITHUB_STEP_SUMMARY = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends the report after what earlier steps wrote', async () => {
    const md = summaryMarkdown(batchInput(), 'the report artifact');
    await writeJobSummary(md);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('earlier step output\n## ❌ Training metrics: 2 of 3 runs regressed')).toBe(true);
    expect(text).toContain('```mermaid');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('rejects (for the caller to warn) when the summary file cannot be written', async () => {
    rmSync(dir, { recursive: true, force: true });
    await expect(writeJobSummary('x')).rejects.toThrow();
    summary.emptyBuffer();
  });
});
