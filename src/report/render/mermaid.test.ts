import { describe, expect, it } from 'vitest';
import { lossChartMermaid } from './mermaid.js';
import type { LossOverlay } from './loss-overlay.js';

function overlay(over: Partial<LossOverlay> = {}): LossOverlay {
  const steps = Array.from({ length: 101 }, (_, i) => i * 10);
  return {
    metric: 'lm loss',
    steps,
    run: steps.map((s) => 3 - s / 1000),
    lo: steps.map((s) => 2.9 - s / 1000),
    hi: steps.map((s) => 3.1 - s / 1000),
    centre: steps.map((s) => 3 - s / 1000),
    firstNonFiniteStep: null,
    nonFinite: 0,
    ...over,
  };
}

const lines = (chart: string) =>
  [...chart.matchAll(/^ {2}line \[([^\]]*)\]$/gm)].map((m) => m[1]!.split(', ').map(Number));

describe('lossChartMermaid', () => {
  it('resamples at evenly spaced steps on a numeric axis', () => {
    const chart = lossChartMermaid(overlay(), 11)!;
    expect(chart).toContain('  x-axis "step" 0 --> 1000');
    const [lo, hi, centre, run] = lines(chart);
    expect(run).toEqual([3, 2.9, 2.8, 2.7, 2.6, 2.5, 2.4, 2.3, 2.2, 2.1, 2]);
    expect(lo![0]).toBe(2.9);
    expect(hi![10]).toBe(2.1);
    expect(centre).toEqual(run);
  });

  it('zooms on the last part of the steps', () => {
    const chart = lossChartMermaid(overlay(), 6, 0.25)!;
    expect(chart).toContain('  x-axis "step" 750 --> 1000');
    expect(lines(chart)[3]).toEqual([2.25, 2.2, 2.15, 2.1, 2.05, 2]);
  });

  it('draws the run alone where there is no band, and carries the band into steps it does not reach', () => {
    const none = Array<number>(101).fill(NaN);
    const alone = lossChartMermaid(overlay({ lo: none, hi: none, centre: none }))!;
    expect(lines(alone)).toHaveLength(1);
    const short = overlay({ lo: overlay().lo.map((v, i) => (i > 50 ? NaN : v)) });
    const lo = lines(lossChartMermaid(short, 11)!)[0]!;
    expect(lo.every(Number.isFinite)).toBe(true);
    expect(lo[10]).toBe(lo[5]);
  });

  it('keeps a hostile metric name from breaking out of the title', () => {
    const chart = lossChartMermaid(overlay({ metric: 'x" %%{init: {}}%% <script>' }))!;
    const title = /^ {2}title "(.*)"$/m.exec(chart)![1]!;
    expect(title).not.toMatch(/["%{}<>]/);
  });

  it('has nothing to draw for fewer than two points', () => {
    expect(lossChartMermaid(overlay({ steps: [5], run: [1], lo: [1], hi: [1], centre: [1] }))).toBeNull();
  });
});
