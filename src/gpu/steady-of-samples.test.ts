import { describe, expect, it } from 'vitest';
import { steadyOfSamples } from './steady-of-samples.js';

describe('steadyOfSamples', () => {
  it('gives median, p10, p90, mean and IQR/1.349 of the finite values', () => {
    const s = steadyOfSamples([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, Number.NaN], 4)!;
    expect(s.n).toBe(10);
    expect(s.mean).toBe(5.5);
    expect(s.median).toBe(5.5);
    // quantileSorted interpolates linearly at (n − 1)·p
    expect(s.p10).toBeCloseTo(1.9);
    expect(s.p90).toBeCloseTo(9.1);
    expect(s.spread).toBeCloseTo((7.75 - 3.25) / 1.349);
    expect(s.fromStep).toBe(4);
  });
  it('is null when nothing is finite', () => {
    expect(steadyOfSamples([Number.NaN], 0)).toBeNull();
  });
});
