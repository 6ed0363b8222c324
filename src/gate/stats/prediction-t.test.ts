import { describe, expect, it } from 'vitest';
import { predictionT } from './prediction-t.js';

describe('predictionT', () => {
  it('scales the distance by the prediction standard error', () => {
    expect(predictionT(13, 10, 1, 9)).toBeCloseTo(3 / Math.sqrt(1 + 1 / 9), 12);
    expect(predictionT(7, 10, 2, 1)).toBeCloseTo(-3 / (2 * Math.SQRT2), 12);
  });
  it('refuses an empty baseline', () => {
    expect(() => predictionT(1, 1, 1, 0)).toThrow(RangeError);
  });
});
