import { describe, expect, it } from 'vitest';
import { firstAtOrAbove } from './first-at-or-above.js';

describe('firstAtOrAbove', () => {
  const steps = Float64Array.of(1, 2, 5, 10, 11);

  it('finds the first step at or above the limit, from the given index on', () => {
    expect(firstAtOrAbove(steps, 0, 5)).toBe(2);
    expect(firstAtOrAbove(steps, 0, 6)).toBe(3);
    expect(firstAtOrAbove(steps, 3, 0)).toBe(3);
  });

  it('answers the length when every step is below the limit', () => {
    expect(firstAtOrAbove(steps, 0, 12)).toBe(5);
    expect(firstAtOrAbove(new Float64Array(0), 0, 1)).toBe(0);
  });
});
