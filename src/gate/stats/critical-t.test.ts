import { describe, expect, it } from 'vitest';
import { criticalT } from './critical-t.js';
import { tQuantile, tUpperTail } from './student-t.js';

describe('criticalT', () => {
  it('is the minimum effect when the share covers what noise can spend beyond it', () => {
    expect(criticalT(0.005, tUpperTail(4, 9), 4, 9)).toBe(4);
  });
  it('is the t quantile of the share when the minimum effect is inside the noise', () => {
    expect(criticalT(0.005, tUpperTail(1, 9), 1, 9)).toBeCloseTo(tQuantile(0.995, 9), 12);
  });
  it('keeps a family without budget from firing', () => {
    expect(criticalT(0, 0.3, 0.5, 9)).toBe(Infinity);
  });
});
