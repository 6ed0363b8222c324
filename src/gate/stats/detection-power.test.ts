import { describe, expect, it } from 'vitest';
import { Rng } from '../../../bench/gate/simulate.js';
import { detectionPower } from './detection-power.js';
import { tQuantile } from './student-t.js';

/** P(T'_{ν,λ} > t) by simulation: (Z + λ)/√(χ²_ν/ν). */
function simulatedPower(lambda: number, df: number, critical: number, trials: number, rng: Rng): number {
  let hits = 0;
  for (let i = 0; i < trials; i++) {
    let chi = 0;
    for (let k = 0; k < df; k++) chi += rng.normal() ** 2;
    if ((rng.normal() + lambda) / Math.sqrt(chi / df) > critical) hits++;
  }
  return hits / trials;
}

describe('detectionPower', () => {
  it('is the normal power with the noise known', () => {
    // λ = 0.05 / (0.01·√2) = 3.536; Φ(3.536 − 2.326) = Φ(1.209) = 0.8867.
    const p = detectionPower({ change: 0.05, cv: 0.01, runs: 1, df: Infinity, critical: 2.3263 });
    expect(p).toBeCloseTo(0.8867, 3);
  });
  it('matches the non-central t within 1.5 points where the gate uses it', () => {
    const rng = new Rng(3);
    for (const df of [4, 9, 19]) {
      const critical = tQuantile(1 - 0.01 / 3, df);
      for (const lambda of [2, 4, 6]) {
        const exact = simulatedPower(lambda, df, critical, 40_000, rng);
        const p = detectionPower({ change: lambda, cv: 1 / Math.sqrt(1 + 1 / 10), runs: 10, df, critical });
        expect(Math.abs(p - exact)).toBeLessThan(0.015);
      }
    }
  });
  it('is the false-alarm rate at no change, and rises with the change', () => {
    const base = { cv: 0.01, runs: 10, df: Infinity, critical: tQuantile(0.99, Infinity) };
    expect(detectionPower({ ...base, change: 0 })).toBeCloseTo(0.01, 3);
    expect(detectionPower({ ...base, change: 0.03 })).toBeLessThan(detectionPower({ ...base, change: 0.05 }));
  });
  it('is 0 past an infinite threshold and refuses no noise', () => {
    expect(detectionPower({ change: 0.1, cv: 0.01, runs: 5, df: 4, critical: Infinity })).toBe(0);
    expect(() => detectionPower({ change: 0.1, cv: 0, runs: 5, df: 4, critical: 3 })).toThrow(RangeError);
  });
});
