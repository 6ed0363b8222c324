import { describe, expect, it } from 'vitest';
import { steadyFromQuantiles } from './steady-state.js';

describe('steadyFromQuantiles', () => {
  it('takes median, p10 and p90 from the quantiles and the spread as IQR / 1.349', () => {
    // A standard normal's quantiles: its spread is 1.
    const normal: Record<number, number> = { 0.1: -1.2816, 0.25: -0.6745, 0.5: 0, 0.75: 0.6745, 0.9: 1.2816 };
    const s = steadyFromQuantiles((p) => normal[p]!, 0.01, 500, 10);
    expect(s).toMatchObject({ median: 0, p10: -1.2816, p90: 1.2816, mean: 0.01, n: 500, fromStep: 10 });
    expect(s.spread).toBeCloseTo(1, 3);
  });
});
