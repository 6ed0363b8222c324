import { describe, expect, it } from 'vitest';
import { levelShifts } from './level-shifts.js';

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
