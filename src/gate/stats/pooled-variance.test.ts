import { describe, expect, it } from 'vitest';
import { sampleVariance } from 'simple-statistics';
import { pooledVariance } from './pooled-variance.js';

describe('pooledVariance', () => {
  it('equals the sample variance for one segment', () => {
    const x = [1, 2, 4, 7, 3];
    const p = pooledVariance([x]);
    expect(p.variance).toBeCloseTo(sampleVariance(x), 12);
    expect(p.df).toBe(4);
  });
  it('ignores a level shift between segments', () => {
    const a = [10, 11, 9, 10];
    const b = a.map((v) => v + 50);
    const p = pooledVariance([a, b]);
    expect(p.variance).toBeCloseTo(sampleVariance(a), 12);
    expect(p.df).toBe(6);
  });
  it('has no estimate without degrees of freedom', () => {
    const p = pooledVariance([[1], [5]]);
    expect(p.df).toBe(0);
    expect(p.variance).toBeNaN();
  });
});
