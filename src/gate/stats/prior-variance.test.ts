import { describe, expect, it } from 'vitest';
import { priorVariance } from './prior-variance.js';

describe('priorVariance', () => {
  it('weights prior and sample by their degrees of freedom', () => {
    const p = priorVariance({ variance: 4, df: 9 }, { variance: 1, df: 3 });
    expect(p.df).toBe(12);
    expect(p.variance).toBeCloseTo((3 * 1 + 9 * 4) / 12, 12);
  });
  it('returns the sample as is without a prior', () => {
    expect(priorVariance({ variance: 4, df: 9 }, { variance: 1, df: 0 })).toEqual({ variance: 4, df: 9 });
  });
  it('falls back to the prior without sample degrees of freedom', () => {
    expect(priorVariance({ variance: NaN, df: 0 }, { variance: 2, df: 5 })).toEqual({ variance: 2, df: 5 });
  });
});
