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
});
