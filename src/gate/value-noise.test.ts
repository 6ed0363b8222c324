import { describe, expect, it } from 'vitest';
import type { MetricSummary } from '../model.js';
import { valueNoise } from './value-noise.js';

const base = {
  name: 'm',
  class: { kind: 'window', direction: 'higher', unit: '', gate: true, minEffect: 0.02 },
} as MetricSummary;

describe('valueNoise', () => {
  it('is the standard error of a median of the steady values: 1.2533 · spread / √n', () => {
    const m = { ...base, steady: { median: 1, p10: 0.9, p90: 1.1, mean: 1, spread: 0.04, n: 400, fromStep: 0 } };
    expect(valueNoise(m)).toBeCloseTo((1.2533 * 0.04) / 20, 6);
  });
  it('for a loss, 1.2533 · σ / √count of the final window (σ in the loss’s units)', () => {
    const m = {
      ...base,
      steady: null,
      loss: {
        samples: [],
        every: 1,
        finalWindow: { from: 0, to: 1, count: 100, median: 2 },
        runningMin: 1,
        divergence: null,
        noise: 0.1,
      },
    } as MetricSummary;
    expect(valueNoise(m)).toBeCloseTo((1.2533 * 0.1) / 10, 4);
  });
  it('is null where the summary does not say', () => {
    expect(valueNoise({ ...base, steady: null })).toBeNull();
  });
});
