import { describe, expect, it } from 'vitest';
import { valueAtStep } from './align.js';

describe('valueAtStep', () => {
  const samples: [number, number][] = [
    [0, 10],
    [100, 6],
    [200, 4],
  ];
  it('interpolates between samples and hits samples exactly', () => {
    expect(valueAtStep(samples, 150)).toBe(5);
    expect(valueAtStep(samples, 100)).toBe(6);
  });
  it('is null outside the sampled range', () => {
    expect(valueAtStep(samples, 250)).toBeNull();
    expect(valueAtStep(samples, -1)).toBeNull();
    expect(valueAtStep([], 3)).toBeNull();
  });
});
