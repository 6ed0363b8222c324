import { describe, expect, it } from 'vitest';
import { Rng } from '../../../bench/gate/simulate.js';
import { mserTruncation } from './mser-truncation.js';

describe('mserTruncation', () => {
  it('drops a warm-up ramp and nothing after it', () => {
    const rng = new Rng(11);
    const y = Array.from({ length: 80 }, (_, i) => (i < 6 ? 0.3 + 0.1 * i : 1) + 0.02 * rng.normal());
    // The ramp is the first 6 values; noise may make one more look worth dropping.
    expect(mserTruncation(y)).toBeGreaterThanOrEqual(6);
    expect(mserTruncation(y)).toBeLessThanOrEqual(7);
  });
  it('drops nothing from a stationary series', () => {
    const rng = new Rng(12);
    const y = Array.from({ length: 100 }, () => 1 + 0.02 * rng.normal());
    expect(mserTruncation(y)).toBeLessThanOrEqual(3);
  });
  it('is the brute-force minimum of MSER(d) over d ≤ m/2', () => {
    const rng = new Rng(13);
    const y = Array.from({ length: 41 }, (_, i) => 5 - 3 * Math.exp(-i / 4) + 0.3 * rng.normal());
    let best = 0;
    let bestValue = Infinity;
    for (let d = 0; d <= 20; d++) {
      const rest = y.slice(d);
      const mean = rest.reduce((a, b) => a + b, 0) / rest.length;
      const v = rest.reduce((a, b) => a + (b - mean) ** 2, 0) / rest.length ** 2;
      if (v < bestValue - 1e-15) {
        best = d;
        bestValue = v;
      }
    }
    expect(mserTruncation(y)).toBe(best);
  });
  it('keeps a level a single stall does not move', () => {
    const y = Array.from({ length: 80 }, (_, i) => (i === 20 || i === 40 || i === 60 ? 0.87 : 1));
    expect(mserTruncation(y)).toBe(0);
  });
  it('has nothing to say about too few or broken values', () => {
    expect(mserTruncation([1, 2, 3])).toBeNull();
    expect(mserTruncation([1, 2, Number.NaN, 4, 5])).toBeNull();
  });
});

describe('mserTruncation near the largest double', () => {
  it('finds the same truncation for values near 1e308 as for the same values near 1', () => {
    const y = [5, 4, 3, 2, 1.1, 1, 1.02, 0.99, 1.01, 1, 0.98, 1.01, 1, 1.02, 0.99, 1];
    const d = mserTruncation(y);
    expect(d).toBeGreaterThan(0);
    expect(mserTruncation(y.map((v) => v * 3e307))).toBe(d);
    expect(mserTruncation(y.map((v) => v * -3e307))).toBe(d);
  });
});
