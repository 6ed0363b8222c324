import cdf from '@stdlib/stats-base-dists-t-cdf';
import quantile from '@stdlib/stats-base-dists-t-quantile';
import { describe, expect, it } from 'vitest';
import { tQuantile, tUpperTail } from './student-t.js';

describe('Student t', () => {
  it('matches published table values', () => {
    // Two-sided 95 % and one-sided 99.5 % critical values for 9 degrees of freedom (any t table).
    expect(tQuantile(0.975, 9)).toBeCloseTo(2.262, 3);
    expect(tQuantile(0.995, 9)).toBeCloseTo(3.25, 2);
    expect(tQuantile(0.99, 3)).toBeCloseTo(4.541, 3);
  });
  it('is the inverse of the upper tail', () => {
    for (const df of [2, 9, 30]) expect(tUpperTail(tQuantile(0.99, df), df)).toBeCloseTo(0.01, 6);
  });
  it('tends to the normal for infinite degrees of freedom', () => {
    expect(tQuantile(0.975, Infinity)).toBeCloseTo(1.96, 2);
    expect(tUpperTail(1.96, Infinity)).toBeCloseTo(0.025, 3);
  });
  it('refuses impossible arguments', () => {
    expect(() => tQuantile(1, 5)).toThrow(RangeError);
    expect(() => tQuantile(0.5, 0)).toThrow(RangeError);
  });
  it('agrees with stdlib (a dev dependency, kept out of the bundle) across the range the gate uses', () => {
    for (const df of [1, 2, 3, 4.5, 9, 14, 19, 30, 99, 1000]) {
      for (const p of [0.5001, 0.9, 0.975, 0.99, 0.995, 0.999, 0.99999]) {
        expect(Math.abs(tQuantile(p, df) - quantile(p, df))).toBeLessThan(1e-9 * Math.max(1, quantile(p, df)));
      }
      for (const x of [-3, -0.5, 0, 0.7, 2.1, 4, 12]) expect(tUpperTail(x, df)).toBeCloseTo(1 - cdf(x, df), 12);
    }
  });
});
