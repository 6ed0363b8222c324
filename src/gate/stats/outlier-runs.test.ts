import { describe, expect, it } from 'vitest';
import { outlierRuns } from './outlier-runs.js';

describe('outlierRuns', () => {
  it('flags one wild run among ordinary ones', () => {
    const r = [0.1, -0.2, 0.05, 0.15, -0.1, 0, -0.05, 3];
    expect(outlierRuns(r)).toEqual([false, false, false, false, false, false, false, true]);
  });
  it('flags nothing in ordinary noise', () => {
    expect(outlierRuns([1, -1, 0.5, -0.5, 0.2, -0.3]).some(Boolean)).toBe(false);
  });
  it('flags nothing without a robust scale or with too few runs', () => {
    expect(outlierRuns([0, 0, 0, 0, 5])).toEqual([false, false, false, false, false]);
    expect(outlierRuns([0, 100])).toEqual([false, false]);
  });
});

describe('outlierRuns in a small history', () => {
  it('sets aside at most one run of six, the farthest', () => {
    // Four runs agree to the last digit; the two others show the real spread.
    const r = [0, 0, 0.001, -0.001, 0.5, -0.8];
    expect(outlierRuns(r)).toEqual([false, false, false, false, false, true]);
  });
  it('flags nothing within k times the spread the runs’ own noise implies', () => {
    expect(outlierRuns([0, 0, 0.001, -0.001, 0.5, -0.8], 5, 0.2).some(Boolean)).toBe(false);
  });
  it('sets aside two of twenty', () => {
    const r = [...Array.from({ length: 18 }, (_, i) => (i % 5) / 100), 9, -7];
    expect(outlierRuns(r).filter(Boolean)).toHaveLength(2);
  });
});
