import { describe, expect, it } from 'vitest';
import { incompleteBeta } from './incomplete-beta.js';

describe('incompleteBeta', () => {
  it('has the closed forms it should', () => {
    // I_x(1, 1) = x; I_x(a, 1) = x^a; I_½(a, a) = ½.
    for (const x of [0.1, 0.37, 0.9]) {
      expect(incompleteBeta(x, 1, 1)).toBeCloseTo(x, 13);
      expect(incompleteBeta(x, 3.5, 1)).toBeCloseTo(x ** 3.5, 13);
    }
    expect(incompleteBeta(0.5, 7.3, 7.3)).toBeCloseTo(0.5, 13);
  });
  it('is symmetric: I_x(a, b) = 1 − I_{1−x}(b, a)', () => {
    expect(incompleteBeta(0.3, 2.5, 0.5) + incompleteBeta(0.7, 0.5, 2.5)).toBeCloseTo(1, 13);
  });
  it('is 0 and 1 at the ends and refuses bad shapes', () => {
    expect(incompleteBeta(0, 2, 3)).toBe(0);
    expect(incompleteBeta(1, 2, 3)).toBe(1);
    expect(() => incompleteBeta(0.5, 0, 1)).toThrow(RangeError);
  });
});
