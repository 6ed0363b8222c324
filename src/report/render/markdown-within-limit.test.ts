import { describe, expect, it } from 'vitest';
import type { MetricVerdict } from '../../model.js';
import { batchInput, nanLossRun, regressedRun } from '../../../test/helpers/report-fixtures.js';
import { COMMENT_MAX_CHARS, SUMMARY_MAX_BYTES, renderMarkdownWithin } from './markdown-within-limit.js';
import { renderMarkdown } from './markdown.js';
import type { ReportInput, RunReport } from '../report-input.js';

/** A batch far larger than GitHub allows in full: `n` runs with 80 gated metrics each, every fifth regressed. */
function hugeBatch(n: number): ReportInput {
  const runs: RunReport[] = [];
  for (let i = 0; i < n; i++) {
    const base = i % 5 === 0 ? regressedRun() : nanLossRun();
    const extra: MetricVerdict[] = Array.from({ length: 80 }, (_, k) => ({
      ...base.gate.metrics[1]!,
      name: `memory.gpu${k}.allocated_bytes_with_a_long_name`,
    }));
    const gate = { ...base.gate, name: `${base.gate.name}-${i}`, metrics: [...base.gate.metrics, ...extra] };
    if (i % 5 !== 0)
      Object.assign(gate, {
        regression: false,
        metrics: gate.metrics.map((m) => ({ ...m, verdict: 'pass' as const })),
        run: { ...gate.run, complete: true, truncated: false },
      });
    runs.push({ ...base, gate });
  }
  return { runs };
}

describe('renderMarkdownWithin', () => {
  it('returns the full report when it fits', () => {
    const input = batchInput();
    expect(renderMarkdownWithin(input, { maxChars: COMMENT_MAX_CHARS })).toBe(renderMarkdown(input));
  });

  it('fits a comment by dropping detail, keeping every verdict line and the marker', () => {
    const input = hugeBatch(40);
    const full = renderMarkdown(input);
    expect(full.length).toBeGreaterThan(COMMENT_MAX_CHARS);
    const fitted = renderMarkdownWithin(input, {
      maxChars: COMMENT_MAX_CHARS,
      prefix: '<!-- m -->\n',
      fullReportAt: 'the job summary',
    });
    expect(fitted.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(fitted.startsWith('<!-- m -->\n## ❌ Training metrics: 8 of 40 runs regressed')).toBe(true);
    expect(fitted).toContain("Shortened to fit GitHub's size limit. The full report is in the job summary.");
    for (const run of input.runs) expect(fitted).toContain(run.gate.name.replace(/_/g, '\\_'));
    expect(fitted.match(/MFU −5\.5 %/g)!.length).toBeGreaterThanOrEqual(8);
  });

  it('lists as many runs as fit, regressions first, and counts the rest', () => {
    const input = hugeBatch(2000);
    const fitted = renderMarkdownWithin(input, { maxChars: COMMENT_MAX_CHARS });
    expect(fitted.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(fitted.split('\n')[0]).toBe('## ❌ Training metrics: 400 of 2000 runs regressed');
    const listed = fitted.match(/^(❌|⚠️|✅) \*\*/gm)!;
    expect(listed.length).toBeGreaterThan(100);
    // All 400 regressions come before any passing run.
    const firstPass = fitted.indexOf('✅ **');
    expect(firstPass === -1 || fitted.lastIndexOf('❌ **') < firstPass).toBe(true);
    expect(fitted).toMatch(/… and \d+ more runs/);
  });

  it('counts UTF-8 bytes for a job summary', () => {
    const input = hugeBatch(300);
    const fitted = renderMarkdownWithin(input, { maxBytes: SUMMARY_MAX_BYTES });
    expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(fitted).toContain('## ❌ Training metrics: 60 of 300 runs regressed');
  });
});
