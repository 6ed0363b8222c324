import { describe, expect, it } from 'vitest';
import { mean } from 'simple-statistics';
import { levelShifts, type ShiftOptions } from './level-shifts.js';
import { pooledVariance } from './pooled-variance.js';
import { priorConflict } from './prior-conflict.js';
import { priorVariance } from './prior-variance.js';
import { tUpperTail } from './student-t.js';

const noise = [0.3, -0.5, 0.1, 0.6, -0.2, -0.4, 0.2, 0.5, -0.1, -0.3, 0.4, -0.6];

describe('levelShifts', () => {
  it('finds an accepted speed-up in the history', () => {
    const x = noise.slice(0, 10).map((e, i) => 100 + e + (i >= 6 ? 5 : 0));
    expect(levelShifts(x, { alpha: 0.01, minStep: 0.02 })).toEqual([6]);
  });
  it('finds two shifts', () => {
    const x = noise.map((e, i) => 100 + e + (i >= 4 ? 5 : 0) + (i >= 8 ? 5 : 0));
    expect(levelShifts(x, { alpha: 0.01, minStep: 0.02 })).toEqual([4, 8]);
  });
  it('finds nothing in noise', () => {
    expect(
      levelShifts(
        noise.map((e) => 100 + e),
        { alpha: 0.01, minStep: 0.02 },
      ),
    ).toEqual([]);
  });
  it('ignores a significant step smaller than the minimum', () => {
    const x = noise.map((e, i) => 100 + e / 100 + (i >= 6 ? 0.5 : 0));
    expect(levelShifts(x, { alpha: 0.01, minStep: 0.02 })).toEqual([]);
    expect(levelShifts(x, { alpha: 0.01, minStep: 0.001 })).toEqual([6]);
  });
  it('needs enough runs on both sides', () => {
    expect(levelShifts([100, 100.1, 110], { alpha: 0.01, minStep: 0.02 })).toEqual([]);
  });
});

describe('levelShifts with a prior on the noise', () => {
  const x = noise.slice(0, 10).map((e, i) => 100 + 2 * e + (i >= 5 ? 3 : 0));
  const o = { alpha: 0.001, minStep: 0.02, minSegment: 3 };
  it('finds a shift that a short history alone leaves in doubt', () => {
    expect(levelShifts(x, o)).toEqual([]);
    expect(levelShifts(x, { ...o, prior: { variance: 1, df: 10 } })).toEqual([5]);
  });
  it('sets the prior aside when the history is far noisier than it says', () => {
    expect(levelShifts(x, { ...o, prior: { variance: 0.01, df: 10 } })).toEqual([]);
  });
});

/** The formula in the doc comment computed split by split from the sides themselves (quadratic): the oracle. */
function directShifts(values: readonly number[], o: ShiftOptions): number[] {
  const out: number[] = [];
  const search = (from: number, to: number) => {
    const m = o.minSegment ?? 2;
    if (to - from < 2 * m) return;
    let best: { k: number; t: number; step: number; df: number } | null = null;
    for (let k = from + m; k <= to - m; k++) {
      const before = values.slice(from, k);
      const after = values.slice(k, to);
      const within = pooledVariance([before, after]);
      const prior = o.prior && !priorConflict(within, o.prior) ? o.prior : { variance: 0, df: 0 };
      const { variance, df } = priorVariance(within, prior);
      const diff = mean(after) - mean(before);
      const t = diff / Math.sqrt(variance * (1 / before.length + 1 / after.length));
      if (!best || Math.abs(t) > Math.abs(best.t)) best = { k, t, step: Math.abs(diff / mean(before)), df };
    }
    if (!best) return;
    if (2 * tUpperTail(Math.abs(best.t), best.df) * (to - from - 2 * m + 1) >= o.alpha || best.step < o.minStep) return;
    out.push(best.k);
    search(from, best.k);
    search(best.k, to);
  };
  search(0, values.length);
  return out.sort((a, b) => a - b);
}

describe('levelShifts from running sums', () => {
  it('finds the shifts the direct formula finds, on 300 drawn histories with and without a prior', () => {
    let seed = 7;
    const draw = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647 - 0.5;
    };
    let shifts = 0;
    for (let trial = 0; trial < 300; trial++) {
      const n = 6 + (trial % 60);
      const level = [0.45, 420, 2.3e6][trial % 3]!;
      const at = [Math.floor(n / 3), Math.floor((2 * n) / 3)];
      const x = Array.from(
        { length: n },
        (_, i) => level * (1 + 0.01 * draw() + (i >= at[0]! ? 0.05 : 0) - (trial % 2 && i >= at[1]! ? 0.08 : 0)),
      );
      for (const o of [
        { alpha: 0.01, minStep: 0.02, minSegment: 3 },
        { alpha: 0.001, minStep: 0.01, prior: { variance: (0.006 * level) ** 2, df: 10 } },
      ]) {
        const found = levelShifts(x, o);
        expect(found, `trial ${trial}`).toEqual(directShifts(x, o));
        shifts += found.length;
      }
    }
    // The draws hold shifts to find, not only noise.
    expect(shifts).toBeGreaterThan(300);
  });

  it('keeps the noise under a large level: a 1 % shift of values near 10¹² is found', () => {
    const x = noise.map((e, i) => 1e12 * (1 + e / 1000 + (i >= 6 ? 0.01 : 0)));
    expect(levelShifts(x, { alpha: 0.01, minStep: 0.005 })).toEqual([6]);
  });
});
