import { describe, expect, it } from 'vitest';
import { fractionBelow } from './fraction-below.js';

describe('fractionBelow', () => {
  it('counts values strictly below the threshold among the finite ones', () => {
    expect(fractionBelow([10, 20, 50, 90, Number.NaN], 50)).toBe(0.5);
    expect(fractionBelow([50, 60], 50)).toBe(0);
  });
  it('is NaN with nothing finite', () => {
    expect(fractionBelow([Number.NaN], 50)).toBeNaN();
    expect(fractionBelow([], 50)).toBeNaN();
  });
});
