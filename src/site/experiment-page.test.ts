import { describe, expect, it } from 'vitest';
import { trendHistory } from '../../test/helpers/site-history.js';
import { classify } from '../classify/index.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import { DEFAULT_GATE_CONFIG } from '../gate/config.js';
import { groupRuns } from './collect.js';
import { experimentPage } from './experiment-page.js';
import { groupTrend, type SiteContext } from './trend.js';
import { overallVerdict } from './verdict-words.js';

const context: SiteContext = {
  gate: DEFAULT_GATE_CONFIG,
  classOf: (key) => classify(key, DEFAULT_CONFIG),
  serverUrl: 'https://github.com',
};
const options = { maxPoints: 500, tableRows: 30 };
const trendOf = (records: ReturnType<typeof trendHistory>) => groupTrend(groupRuns(records)[0]!, context);

describe('experimentPage', () => {
  it('gives two metrics whose names make the same id an id each', () => {
    const records = trendHistory({ dropAt: 99 }).map((r) => ({
      ...r,
      metrics: { 'eval/acc': r.metrics.mfu!, 'eval.acc': r.metrics.mfu! },
    }));
    const html = experimentPage(trendOf(records), options);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(expect.arrayContaining(['m-eval-acc', 'm-eval-acc-2']));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows no new baseline on a marked run that was quarantined since', () => {
    const records = trendHistory({ dropAt: 99, mark: 20 });
    expect(trendOf(records).newBaselines).toEqual([20]);
    records[20] = { ...records[20]!, quarantined: { at: '2026-02-02T00:00:00Z', reason: 'bad node' } };
    const t = trendOf(records);
    expect(t.newBaselines).toEqual([]);
    expect(experimentPage(t, options)).not.toContain('new baseline: run-20');
  });

  it('draws the band from the last new-baseline mark on, not over the runs before it', () => {
    const html = experimentPage(trendOf(trendHistory({ dropAt: 99, mark: 30 })), options);
    const band = /<path class="band baseline" d="M([\d.]+),/.exec(html);
    const mark = /<line class="xrule baseline" x1="([\d.]+)"/.exec(html);
    expect(band && mark, 'a band and a mark').toBeTruthy();
    expect(Number(band![1])).toBeCloseTo(Number(mark![1]), 0);
  });

  it("says the latest run's status as the report does: a metric missing from it is a warning", () => {
    const records = trendHistory({ dropAt: 99 }).map((r, i) =>
      i === 39 ? r : { ...r, metrics: { ...r.metrics, tflops: { ...r.metrics.mfu!, centre: 180, unit: '' } } },
    );
    const t = trendOf(records);
    expect(t.verdict?.metrics.map((m) => m.verdict)).toContain('missing');
    expect(overallVerdict(t.verdict)).toBe('warning');
    expect(experimentPage(t, options)).toContain('<span class="verdict-warning">warning</span>');
    expect(overallVerdict(null)).toBe('none in a baseline');
  });
});
