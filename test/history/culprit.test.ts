/**
 * Change points and the culprit range over plain records: the detector the baseline uses finds the drop
 * and names the runs on either side; a regression on the default branch names the latest run and this one;
 * the compare link is built only from hexadecimal SHAs; the report escapes every name in the range.
 */
import { describe, expect, it } from 'vitest';
import { changePoints } from '../../src/gate/change-points.js';
import { DEFAULT_GATE_CONFIG } from '../../src/gate/config.js';
import { findCulprit, historyBeforeFirstBad, type CulpritContext } from '../../src/gate/culprit.js';
import type { GateResult, MetricVerdict } from '../../src/model.js';
import { culpritHtml, culpritMarkdown } from '../../src/report/render/culprit.js';
import { compareUrl } from '../../src/report/render/compare-link.js';
import { mfuSeries, sha } from './series.js';

const C = DEFAULT_GATE_CONFIG;

function gateWith(verdict: MetricVerdict['verdict']): GateResult {
  return {
    experiment: 'gpt-small',
    name: 'today',
    fingerprint: 'gpu=H100,world_size=8',
    regression: verdict === 'regression',
    verdict: verdict === 'regression' ? 'regression' : 'pass',
    judged: 1,
    run: { complete: true, steps: 500, expectedSteps: 500, truncated: false },
    metrics: [
      {
        name: 'MFU',
        verdict,
        direction: 'higher',
        unit: 'ratio',
        current: 0.4,
        baseline: { centre: 0.42, band: 0.005, runs: 9, history: [] },
        change: -0.05,
        reason: '',
      },
    ],
  };
}

const context = (onDefaultBranch: boolean): CulpritContext => ({
  current: { run: 'today', runId: '2000', sha: 'f'.repeat(40), recordedAt: '2026-02-01T00:00:00.000Z' },
  onDefaultBranch,
  minEffect: () => 0.02,
  compare: (good, bad) => compareUrl('https://github.example.com/', 'org/repo', good, bad),
});

describe('change points', () => {
  it('finds the drop with the level-shift detector, sized and named by the runs on either side', () => {
    const points = changePoints(mfuSeries(16, { dropAt: 9, drop: 0.08 }), C);
    expect(points).toHaveLength(1);
    const p = points[0]!;
    expect(p).toMatchObject({ metric: 'mfu', at: 9, direction: 'down', effect: 'worse', marked: false });
    expect(p.change).toBeCloseTo(-0.08, 2);
    expect(p.lastBefore.run).toBe('run8');
    expect(p.firstAfter).toMatchObject({ run: 'run9', sha: sha(9), recordedAt: '2026-01-10T00:00:00.000Z' });
  });

  it('finds nothing in noise, nor a change below the minimum magnitude', () => {
    expect(changePoints(mfuSeries(20), C)).toEqual([]);
    expect(changePoints(mfuSeries(16, { dropAt: 9, drop: 0.08 }), C, { minMagnitude: 0.1 })).toEqual([]);
  });

  it('a run marked as a new baseline is a change point of its own, marked', () => {
    const runs = mfuSeries(12, { dropAt: 6, drop: 0.1 });
    runs[6] = { ...runs[6]!, baseline: true };
    const points = changePoints(runs, C);
    expect(points.map((p) => [p.at, p.marked, p.effect])).toEqual([[6, true, 'worse']]);
  });
});

describe('culprit range', () => {
  it('an unacknowledged shift for the worse in the history: the runs on either side, with the compare link', () => {
    const c = findCulprit(mfuSeries(14, { dropAt: 8 }), gateWith('pass'), C, context(false))!;
    expect(c).toMatchObject({ metric: 'mfu', why: 'level-shift' });
    expect(c.good).toMatchObject({ run: 'run7', sha: sha(7) });
    expect(c.bad).toMatchObject({ run: 'run8', sha: sha(8) });
    expect(c.compare).toBe(`https://github.example.com/org/repo/compare/${sha(7)}...${sha(8)}`);
  });

  it('a regression on the default branch: the latest run is the last good one, this run the first bad one', () => {
    const history = mfuSeries(10);
    const c = findCulprit(history, gateWith('regression'), C, context(true))!;
    expect(c.why).toBe('regression');
    expect(c.good).toMatchObject({ run: 'run9', sha: sha(9) });
    expect(c.bad.sha).toBe('f'.repeat(40));
    // On a pull request the pull request is the culprit; a pass names nothing.
    expect(findCulprit(history, gateWith('regression'), C, context(false))).toBeNull();
    expect(findCulprit(history, gateWith('pass'), C, context(true))).toBeNull();
  });

  it('bisect: the history before the first bad run, the earliest shift for the worse', () => {
    const history = mfuSeries(16, { dropAt: 10 });
    const cut = historyBeforeFirstBad(history, ['mfu'], C, () => 0.02);
    expect(cut.runs.map((r) => r.run)).toEqual(history.slice(0, 10).map((r) => r.run));
    expect(cut.firstBad?.run).toBe('run10');
    expect(historyBeforeFirstBad(mfuSeries(12), ['mfu'], C, () => 0.02).runs).toHaveLength(12);
  });
});

/** The series with the gate's flag on MFU from run `from` on, as a nightly job under record: auto leaves it. */
function flaggedFrom(runs: ReturnType<typeof mfuSeries>, from: number) {
  return runs.map((r, i) =>
    i < from ? r : { ...r, metrics: { ...r.metrics, mfu: { ...r.metrics.mfu!, regressed: true as const } } },
  );
}

describe('after a recorded regression', () => {
  it('the flagged runs that end the history are a change from their first run, however few', () => {
    for (const bad of [1, 2, 5]) {
      const history = flaggedFrom(mfuSeries(10 + bad, { dropAt: 10, drop: 0.07 }), 10);
      const points = changePoints(history, C);
      expect(
        points.map((p) => [p.at, p.effect]),
        `${bad} bad`,
      ).toEqual([[10, 'worse']]);
      const c = findCulprit(history, gateWith('regression'), C, context(true))!;
      expect(c, `${bad} bad`).toMatchObject({ why: 'level-shift', good: { run: 'run9' }, bad: { run: 'run10' } });
      expect(c.runsAgo).toBe(bad);
      const cut = historyBeforeFirstBad(history, ['mfu'], C, () => 0.02);
      expect(cut.runs, `${bad} bad`).toHaveLength(10);
      expect(cut.firstBad?.run).toBe('run10');
    }
  });

  it('names no range once a later run accepted the level, even one the detector sees no change at', () => {
    const history = flaggedFrom(mfuSeries(16, { dropAt: 10, drop: 0.07 }), 10).map((r, i) =>
      i >= 14
        ? { ...r, baseline: i === 14, metrics: { ...r.metrics, mfu: { ...r.metrics.mfu!, regressed: undefined } } }
        : r,
    );
    expect(findCulprit(history.slice(0, 14), gateWith('regression'), C, context(true))?.bad.run).toBe('run10');
    expect(findCulprit(history, gateWith('pass'), C, context(true))).toBeNull();
  });

  it('unflagged (recorded by record), one or two bad runs are no change yet: the detector needs three', () => {
    expect(changePoints(mfuSeries(12, { dropAt: 10, drop: 0.07 }), C)).toEqual([]);
    // Flagged runs in the middle, followed by good ones, start no change of their own.
    const recovered = flaggedFrom(mfuSeries(12, { dropAt: 10, drop: 0.07 }), 10).concat(mfuSeries(13).slice(12));
    expect(changePoints(recovered, C)).toEqual([]);
  });
});

describe('compare link and the report', () => {
  it('only hexadecimal SHAs and an owner/name repository make a link', () => {
    const good = 'a'.repeat(40);
    expect(compareUrl('https://github.com', 'o/r', good, 'b'.repeat(40))).toBe(
      `https://github.com/o/r/compare/${good}...${'b'.repeat(40)}`,
    );
    expect(compareUrl('https://github.com', 'o/r', good, 'main')).toBeNull();
    expect(compareUrl('https://github.com', 'o/r', good, `${good})](javascript:alert(1)`)).toBeNull();
    expect(compareUrl('https://github.com', 'o/r/../../x', good, good)).toBeNull();
    expect(compareUrl('javascript:alert(1)', 'o/r', good, good)).toBeNull();
    expect(compareUrl('https://ghe.corp/', 'o/r', good, good)).toBe(`https://ghe.corp/o/r/compare/${good}...${good}`);
  });

  it('names are escaped in Markdown and HTML; a SHA that is not hex is not shown', () => {
    const c = {
      metric: 'mfu',
      why: 'level-shift' as const,
      good: { run: '<img src=x onerror=alert(1)>', runId: '1', sha: sha(1), recordedAt: '2026-01-02T00:00:00.000Z' },
      bad: { run: '[x](http://evil)', runId: '2', sha: 'not-a-sha', recordedAt: '2026-01-03T00:00:00.000Z' },
      runsAgo: 2,
      compare: null,
    };
    const md = culpritMarkdown(c);
    expect(md).toContain(`last good \`${sha(1).slice(0, 12)}\``);
    expect(md).toContain('first bad unknown commit (\\[x\\]\\(http:&#47;&#47;evil\\)');
    expect(md).not.toContain('<img');
    // Since when, in the run's escaped name; no commit pair where one SHA is not hexadecimal.
    expect(md).toContain('mfu regressed since run \\[x\\]\\(http:&#47;&#47;evil\\) #2, 2 runs ago');
    expect(md).not.toContain('compare');
    const html = culpritHtml({ ...c, compare: 'https://github.com/o/r/compare/a...b' });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://github.com/o/r/compare/a...b">compare</a>');
  });
});

/** The series with `cuda` 12.4, and 12.6 from run `from` on (from = Infinity: unchanged throughout). */
function withCuda(runs: ReturnType<typeof mfuSeries>, from: number) {
  return runs.map((r, i) => ({ ...r, environment: { cuda: i >= from ? '12.6' : '12.4', torch: '2.4.1' } }));
}

describe('changes explained by the environment', () => {
  it('a change point at an environment change names the field; one without says unchanged', () => {
    const [changed] = changePoints(withCuda(mfuSeries(16, { dropAt: 9, drop: 0.08 }), 9), C);
    expect(changed!.environment).toEqual({
      changes: [{ field: 'cuda', from: '12.4', to: '12.6' }],
      fields: 2,
      named: ['cuda', 'torch'],
    });
    const [same] = changePoints(withCuda(mfuSeries(16, { dropAt: 9, drop: 0.08 }), Infinity), C);
    expect(same!.environment).toEqual({ changes: [], fields: 2, named: ['cuda', 'torch'] });
    // A run without a recorded environment: nothing is said.
    const [none] = changePoints(mfuSeries(16, { dropAt: 9, drop: 0.08 }), C);
    expect(none).not.toHaveProperty('environment');
  });

  it("the culprit range carries the shift's explanation, and for this run's regression compares this run's environment", () => {
    const shifted = findCulprit(withCuda(mfuSeries(14, { dropAt: 8 }), 8), gateWith('pass'), C, context(false))!;
    expect(shifted.environment?.changes.map((c) => c.field)).toEqual(['cuda']);
    const history = withCuda(mfuSeries(10), Infinity);
    const now = findCulprit(history, gateWith('regression'), C, {
      ...context(true),
      environment: { cuda: '12.4', torch: '2.5.0' },
    })!;
    expect(now.environment).toEqual({
      changes: [{ field: 'torch', from: '2.4.1', to: '2.5.0' }],
      fields: 2,
      named: ['cuda', 'torch'],
    });
    expect(findCulprit(history, gateWith('regression'), C, context(true))).not.toHaveProperty('environment');
  });

  it('the report says it, escaped: an environment value never makes markup', () => {
    const c = {
      metric: 'mfu',
      why: 'regression' as const,
      good: { run: 'a', runId: '1', sha: sha(1), recordedAt: '' },
      bad: { run: 'b', runId: '2', sha: sha(2), recordedAt: '' },
      runsAgo: 0,
      compare: null,
      environment: { changes: [{ field: 'torch', from: '2.4.1', to: '<b>2.5.0</b>' }], fields: 3 },
    };
    expect(culpritMarkdown(c)).toContain(' · coincides with: torch 2.4.1 → &lt;b&gt;2.5.0&lt;/b&gt;');
    expect(culpritHtml(c)).toContain(
      '<span class="environment">coincides with: torch 2.4.1 → &lt;b&gt;2.5.0&lt;/b&gt;</span>',
    );
    expect(culpritMarkdown({ ...c, environment: { changes: [], fields: 3 } })).toContain(
      'environment unchanged \\(3 fields\\): look at the code first',
    );
  });
});
