/** The Markdown report rendered with a GitHub-flavoured Markdown renderer (marked, gfm) and checked as HTML. */
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { HOSTILE_METRIC, batchInput, regressedRun } from '../../../test/helpers/report-fixtures.js';
import type { GateResult } from '../../model.js';
import { renderMarkdown, verdictLine } from './markdown.js';

function gfm(md: string): string {
  return marked.parse(md, { gfm: true, async: false });
}

/** Cells per row of every table in the HTML. */
function tableShapes(html: string): number[][] {
  return [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)].map((t) =>
    [...t[1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => (r[1]!.match(/<t[dh][ >]/g) ?? []).length),
  );
}

describe('renderMarkdown', () => {
  const md = renderMarkdown(batchInput());
  const html = gfm(md);

  it('opens with one headline for the batch and the link to the workflow run', () => {
    expect(md.split('\n')[0]).toBe('## ❌ Training metrics: 2 of 3 runs regressed');
    expect(html).toContain('<a href="https://github.com/acme/trainer/actions/runs/9876543210">Workflow run</a>');
  });

  it('keeps every table intact: each row has as many cells as the header', () => {
    const shapes = tableShapes(html);
    expect(shapes.length).toBeGreaterThanOrEqual(5);
    for (const rows of shapes) {
      expect(rows.length).toBeGreaterThan(1);
      for (const cells of rows) expect(cells).toBe(rows[0]);
    }
    expect(shapes[0]![0]).toBe(7);
  });

  it('escapes names from user files: no element is injected, no user is mentioned', () => {
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<b>/);
    expect(html).not.toMatch(/<a href="https:\/\/evil/);
    expect(md).not.toMatch(/@octocat/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(HOSTILE_METRIC).toContain('|');
  });

  it('puts regressions first: runs, then metrics inside a run', () => {
    const runs = [...md.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
    expect(runs[0]).toMatch(/^❌ llama-8b-sft/);
    expect(runs[1]).toMatch(/^❌ gpt3-15b-pretrain/);
    expect(runs[2]).toMatch(/^✅ /);
    const start = md.indexOf('### ❌ gpt3');
    const gpt = md.slice(start, md.indexOf('### ', start + 4));
    const rows = gpt.split('\n').filter((l) => /^\| (❌|⚠️|✅) \|/.test(l));
    expect(rows[0]).toMatch(/^\| ❌ \| MFU \| 0\.398 \| 0\.421 ± 1\.0 % noise band \(10\) \| −5\.5 % \| `[▁-█]+→▁` \|/);
    expect(rows.map((r) => r.split(' | ')[1])).toEqual([
      'MFU',
      'throughput',
      'Tflops',
      'train.lm\\_loss',
      'step\\_time',
      'memory.max\\_allocated \\[MiB\\]',
    ]);
  });

  it('says why in the run headline, with value, baseline and number of runs', () => {
    expect(md).toContain('Regression in MFU −5.5 % (0.398 vs 0.421 ± 1.0 % noise band, 10 runs).');
    expect(md).toContain('> ⚠️ lm loss is NaN from step 1200 (3 values).');
    // A run that regressed and stopped early says both.
    expect(md).toMatch(/Regression in lm loss[^\n]*; run incomplete \(1250 of 2000 steps, file truncated\)\./);
  });

  it('keeps the loss chart outside collapsed details, and the rest collapsed', () => {
    const details = [...html.matchAll(/<details>([\s\S]*?)<\/details>/g)];
    expect(details.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<details[^>]*\bopen\b/);
    for (const d of details) expect(d[1]).not.toContain('language-mermaid');
    // The NaN run has no band: one chart; the GPT run: the full curve and the zoom on its last quarter.
    expect(html.match(/<pre><code class="language-mermaid">/g)).toHaveLength(3);
    expect(html).toMatch(/<summary>Other metrics \(2\)<\/summary>/);
  });

  it('draws the loss against the band as four lines (low, high, centre, run)', () => {
    const one = renderMarkdown({ runs: [regressedRun()] });
    const chart = /```mermaid\n([\s\S]*?)```/.exec(one)![1]!;
    expect(chart).toContain('xychart-beta');
    expect(chart.match(/^ {2}line \[/gm)).toHaveLength(4);
    expect(chart).not.toMatch(/legend|bar |showDataLabel/);
    expect(chart).toMatch(/^ {2}x-axis "step" 10 --> 2000$/m);
    for (const line of chart.match(/line \[([^\]]*)\]/g)!) {
      const values = line.slice(6, -1).split(', ').map(Number);
      expect(values).toHaveLength(40);
      for (const v of values) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('says plainly when there is nothing to report', () => {
    expect(renderMarkdown({ runs: [] })).toContain('No runs were checked.');
  });
});

describe('renderMarkdown for a large batch', () => {
  it('draws loss charts for the first runs only, and says so', () => {
    const runs = Array.from({ length: 12 }, (_, i) => {
      const r = regressedRun();
      return { ...r, gate: { ...r.gate, name: `run-${i}` } };
    });
    const md = renderMarkdown({ runs }, { maxChartRuns: 3 });
    expect(md.match(/```mermaid/g)).toHaveLength(6);
    expect(md).toContain('Loss charts are drawn for the first 3 runs only; the HTML report has them all.');
  });
});

describe('verdictLine without comparable runs', () => {
  it('names the fingerprint fields that differ instead of only "not enough history"', () => {
    const gate: GateResult = {
      experiment: 'gpt',
      name: 'run-1',
      fingerprint: 'gpu=H100',
      regression: false,
      verdict: 'not-judged',
      judged: 0,
      run: { complete: true, steps: 400, expectedSteps: null, truncated: false },
      metrics: [
        {
          name: 'MFU',
          verdict: 'insufficient-history',
          direction: 'higher',
          unit: 'ratio',
          current: 0.42,
          baseline: null,
          change: null,
          reason: 'MFU 0.42: no comparable runs',
        },
      ],
      noComparable: 'no comparable runs: 6 runs of this experiment on gpu=A100; this run is gpu=H100',
      notJudged: 'no comparable runs: 6 runs of this experiment on gpu=A100; this run is gpu=H100',
    };
    expect(verdictLine(gate)).toBe(
      'not judged: no comparable runs: 6 runs of this experiment on gpu=A100; this run is gpu=H100',
    );
    const young =
      'no gated metric could be judged: 1 of 1 gated metrics has too little history (not judged below 5 runs)';
    expect(verdictLine({ ...gate, noComparable: undefined, notJudged: young }, (t) => t)).toBe(`not judged: ${young}`);
    // Judged metrics are counted; a pass is never said of a run that judged nothing.
    expect(verdictLine({ ...gate, verdict: 'pass', judged: 3, noComparable: undefined, notJudged: undefined })).toBe(
      'no regression; 3 metrics judged; not enough history for 1 metric',
    );
  });
});
