import { chiSquaredDistributionTable } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { chiSquaredUpper, priorConflict } from './prior-conflict.js';

describe('priorConflict', () => {
  it('approximates the χ² table within 1.5 %', () => {
    for (const df of [3, 5, 9, 20, 30, 50, 100]) {
      for (const level of ['0.05', '0.01'] as const) {
        const exact = (chiSquaredDistributionTable as unknown as Record<number, Record<string, number>>)[df]![level]!;
        expect(Math.abs(chiSquaredUpper(df, Number(level)) / exact - 1)).toBeLessThan(0.015);
      }
    }
  });
  it('flags a history twice as noisy as the prior, not one as noisy', () => {
    const prior = { variance: 1, df: 10 };
    expect(priorConflict({ variance: 4, df: 9 }, prior)).toBe(true);
    expect(priorConflict({ variance: 1.2, df: 9 }, prior)).toBe(false);
  });
  it('has nothing to say without a prior or a sample', () => {
    expect(priorConflict({ variance: 9, df: 9 }, { variance: 1, df: 0 })).toBe(false);
    expect(priorConflict({ variance: NaN, df: 0 }, { variance: 1, df: 5 })).toBe(false);
  });
});
