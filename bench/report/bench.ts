/**
 * How long the report takes for a large batch, and how big it gets.
 * Run: npm run bench:report -- [runs=500]
 * Target: a 500-run batch renders the comment, the summary and the HTML in well under 10 s in all.
 */
import { performance } from 'node:perf_hooks';
import {
  COMMENT_MAX_CHARS,
  SUMMARY_MAX_BYTES,
  renderMarkdownWithin,
} from '../../src/report/render/markdown-within-limit.js';
import { renderHtml } from '../../src/report/render/html.js';
import { renderMarkdown } from '../../src/report/render/markdown.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { nanLossRun, regressedRun } from '../../test/helpers/report-fixtures.js';

const runs = Number(process.argv[2] ?? 500);
const input: ReportInput = {
  runs: Array.from({ length: runs }, (_, i) => {
    const r = i % 4 === 0 ? regressedRun() : nanLossRun();
    return { ...r, gate: { ...r.gate, name: `${r.gate.name}-${i}` } };
  }),
};

function time<T>(label: string, f: () => T, size: (t: T) => string): T {
  const t0 = performance.now();
  const out = f();
  console.log(`${label.padEnd(28)} ${(performance.now() - t0).toFixed(0).padStart(7)} ms  ${size(out)}`);
  return out;
}

console.log(`${runs} runs`);
time(
  'full Markdown',
  () => renderMarkdown(input),
  (s) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KiB`,
);
time(
  'comment (≤ 65,536 chars)',
  () => renderMarkdownWithin(input, { maxChars: COMMENT_MAX_CHARS }),
  (s) => `${s.length} chars`,
);
time(
  'job summary (≤ 1 MiB)',
  () => renderMarkdownWithin(input, { maxBytes: SUMMARY_MAX_BYTES }),
  (s) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KiB`,
);
time(
  'HTML',
  () => renderHtml(input),
  (s) => `${(Buffer.byteLength(s) / 1024 / 1024).toFixed(1)} MiB`,
);
