import { describe, expect, it } from 'vitest';
import { HOSTILE_EXPERIMENT, batchInput } from '../../../test/helpers/report-fixtures.js';
import { renderHtml } from './html.js';

describe('renderHtml', () => {
  const html = renderHtml(batchInput());

  it('is self-contained: no script, no remote URL in any src or href but the workflow link, a CSP that forbids both', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(urls).toEqual(['https://github.com/acme/trainer/actions/runs/9876543210']);
    expect(html).not.toMatch(/@import|url\((?!#)/);
  });

  it('escapes names from user files', () => {
    expect(html).not.toContain(HOSTILE_EXPERIMENT);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;|exp');
    expect(html).not.toMatch(/<img/i);
  });

  it('draws a chart for each gated metric with data, and the loss curve in full and zoomed', () => {
    // NaN run: loss (full + zoom) and step_time; GPT run: loss (full + zoom) and five more; hostile run: one.
    expect(html.match(/<svg /g)).toHaveLength(3 + 7 + 1);
    expect(html.match(/<figure class="loss">/g)).toHaveLength(2);
  });
});
