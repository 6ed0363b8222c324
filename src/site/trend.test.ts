import { describe, expect, it } from 'vitest';
import { classify } from '../classify/index.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import { changePoints } from '../gate/change-points.js';
import { DEFAULT_GATE_CONFIG } from '../gate/config.js';
import { judgeRecord } from '../gate/judge-record.js';
import { countsInBaseline } from '../store/history.js';
import { groupRuns } from './collect.js';
import { formatEnvironmentExplanation } from '../gate/index.js';
import { trendHistory } from '../../test/helpers/site-history.js';
import { groupTrend, type SiteContext } from './trend.js';

const context: SiteContext = {
  gate: DEFAULT_GATE_CONFIG,
  classOf: (key) => classify(key, DEFAULT_CONFIG),
  serverUrl: 'https://github.com',
};

describe('groupTrend', () => {
  const records = trendHistory();
  const [group] = groupRuns(records);
  const t = groupTrend(group!, context);
  const mfu = t.metrics.find((m) => m.key === 'mfu')!;
  const comparable = records.filter(countsInBaseline);

  it('draws every run, pull request and quarantined runs as series of their own', () => {
    expect(mfu.points).toHaveLength(records.length);
    expect(mfu.points.filter((p) => p.series === 'pr').map((p) => p.x)).toEqual([5]);
    expect(mfu.points.filter((p) => p.series === 'quarantined').map((p) => p.x)).toEqual([8]);
    expect(mfu.points.map((p) => p.value)).toEqual(records.map((r) => r.metrics.mfu!.centre));
  });

  it('takes the level and band from the gate: the latest run judged against every comparable run', () => {
    const direct = judgeRecord(comparable[comparable.length - 1]!, comparable, context.classOf);
    expect(mfu.next?.baseline).toEqual(direct.metrics[0]!.baseline);
    expect(mfu.next?.baseline?.band).toBeGreaterThan(0);
    const latest = judgeRecord(comparable[comparable.length - 1]!, comparable.slice(0, -1), context.classOf);
    expect(mfu.latest).toEqual(latest.metrics[0]);
  });

  it('marks the change points history changes lists, with the environment change at them', () => {
    const points = changePoints(comparable, DEFAULT_GATE_CONFIG, { minMagnitude: 0.02 });
    expect(points).toHaveLength(1);
    expect(mfu.changes.map((c) => c.change)).toEqual(points);
    expect(mfu.changes[0]!.x).toBe(25);
    expect(formatEnvironmentExplanation(mfu.changes[0]!.change.environment!)).toBe('coincides with: cuda 12.4 → 12.6');
  });

  it('names the culprit range of an unacknowledged shift for the worse, with its compare link', () => {
    expect(t.culprit?.range.why).toBe('level-shift');
    expect([t.culprit?.goodX, t.culprit?.badX]).toEqual([24, 25]);
    expect(t.culprit?.range.compare).toBe(
      `https://github.com/org/repo/compare/${records[24]!.sha}...${records[25]!.sha}`,
    );
  });

  it('has no culprit once the shift is marked as a new baseline, and draws the mark', () => {
    const marked = trendHistory({ mark: 25 });
    const m = groupTrend(groupRuns(marked)[0]!, context);
    expect(m.culprit).toBeNull();
    expect(m.newBaselines).toEqual([25]);
  });

  it('says the environment is unchanged where it did not change, so people look at the code first', () => {
    const plain = trendHistory().map((r) => ({ ...r, environment: { cuda: '12.4' } }));
    const m = groupTrend(groupRuns(plain)[0]!, context).metrics[0]!;
    expect(m.changes).toHaveLength(1);
    expect(m.changes[0]!.change.environment!.changes).toEqual([]);
    expect(formatEnvironmentExplanation(m.changes[0]!.change.environment!)).toBe(
      'environment unchanged (1 field: cuda): look at the code first',
    );
  });

  it('draws a page of pull request runs alone, with no verdict and no band', () => {
    const prs = trendHistory({ runs: 6 }).map((r) => ({ ...r, pullRequest: 3, quarantined: undefined }));
    const m = groupTrend(groupRuns(prs)[0]!, context);
    expect(m.latest).toBeNull();
    expect(m.metrics[0]!.points.map((p) => p.series)).toEqual(Array(6).fill('pr'));
    expect(m.metrics[0]!.next).toBeNull();
  });
});
