import { describe, expect, it } from 'vitest';
import { Rng } from '../../../bench/gate/simulate.js';
import { minEffectForRate } from './min-effect-for-rate.js';
import { predictionT } from './prediction-t.js';
import { tQuantile } from './student-t.js';

describe('minEffectForRate', () => {
  it('is the t quantile times the prediction standard error, relative to the level', () => {
    const d = minEffectForRate(0.01, { centre: 200, sd: 2, df: 9, runs: 10 });
    expect(d).toBeCloseTo((tQuantile(0.99, 9) * 2 * Math.sqrt(1.1)) / 200, 12);
  });
  it('inverts the prediction t: a change of exactly δ is the t quantile', () => {
    const noise = { centre: -50, sd: 0.7, df: 4, runs: 5 };
    const d = minEffectForRate(0.002, noise);
    expect(predictionT(-50 + d * 50, -50, 0.7, 5)).toBeCloseTo(tQuantile(0.998, 4), 10);
  });
  it('fires at the stated rate when nothing changed (Monte Carlo over calibrations and new runs)', () => {
    // Each trial: n baseline runs give x̄ and s; δ from them; one new run from the same distribution.
    const rng = new Rng(7);
    const n = 6;
    const rate = 0.05;
    let alarms = 0;
    const trials = 20_000;
    for (let t = 0; t < trials; t++) {
      const xs = Array.from({ length: n }, () => 100 + rng.normal());
      const mean = xs.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
      const d = minEffectForRate(rate, { centre: mean, sd, df: n - 1, runs: n });
      if (mean - (100 + rng.normal()) > d * mean) alarms++;
    }
    // Binomial standard error at 5 % over 20,000 trials: 0.15 points; 4 of them allowed.
    expect(Math.abs(alarms / trials - rate)).toBeLessThan(0.006);
  });
  it('refuses what has no relative threshold', () => {
    expect(() => minEffectForRate(0.01, { centre: 0, sd: 1, df: 3, runs: 4 })).toThrow(RangeError);
    expect(() => minEffectForRate(0.01, { centre: 1, sd: 1, df: 0, runs: 1 })).toThrow(RangeError);
    expect(() => minEffectForRate(1, { centre: 1, sd: 1, df: 3, runs: 4 })).toThrow(RangeError);
  });
});
