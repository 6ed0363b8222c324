import { describe, expect, it } from 'vitest';
import { errorBudget } from './error-budget.js';

describe('errorBudget', () => {
  it('is plain Bonferroni when every family could fire', () => {
    expect(errorBudget(0.01, [0.5, 0.2, 0.3])).toEqual([0.01 / 3, 0.01 / 3, 0.01 / 3]);
  });
  it('gives families that cannot reach their minimum effect only what they can spend', () => {
    const a = errorBudget(0.01, [0.4, 0, 0.0005]);
    expect(a[1]).toBe(0);
    expect(a[2]).toBe(0.0005);
    expect(a[0]).toBeCloseTo(0.0095, 12);
  });
  it('never spends more than α', () => {
    for (const floors of [
      [0.001, 0.002, 0.003, 0.9],
      [0.004, 0.004, 0.004],
      [1, 1],
    ]) {
      const a = errorBudget(0.01, floors);
      const spent = a.reduce((s, x, i) => s + Math.min(x, floors[i]!), 0);
      expect(spent).toBeLessThanOrEqual(0.01 + 1e-15);
    }
  });
});
