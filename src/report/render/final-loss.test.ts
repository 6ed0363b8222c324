import { describe, expect, it } from 'vitest';
import { hostileRun, regressedRun } from '../../../test/helpers/report-fixtures.js';
import { finalLossLines } from './final-loss.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';

describe('the report says which loss number is which', () => {
  const run = regressedRun();
  const loss = run.summary!.metrics.find((m) => m.loss)!;

  it('names the final-window median (judged) and the last value with its step', () => {
    const [line] = finalLossLines(run);
    expect(line).toContain('train.lm_loss: final-window median 2.41 (last 25 % of its steps: steps 1900–2000');
    expect(line).toContain('the gate judges this');
    expect(line).toContain(`last value ${loss.last.toPrecision(3)} at step ${loss.lastStep}`);
  });

  it('in the Markdown and the HTML report', () => {
    const input = { runs: [run] };
    expect(renderMarkdown(input)).toContain('train.lm\\_loss: final-window median 2.41');
    expect(renderHtml(input)).toContain('train.lm_loss: final-window median 2.41');
  });

  it('escapes a hostile metric name', () => {
    const md = renderMarkdown({ runs: [hostileRun()] });
    expect(md).not.toMatch(/<img|<script/);
  });
});
