import { sampleStandardDeviation } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { buildBaseline, type BaselineOptions } from './baseline.js';

const noise = [0.3, -0.5, 0.1, 0.6, -0.2, -0.4, 0.2, 0.5, -0.1, -0.3, 0.4, -0.6];
const opts: BaselineOptions = {
  better: 1,
  minEffect: 0.02,
  shiftAlpha: 0.01,
  outlierMads: 5,
  priorRuns: 0,
  priorCv: 0,
  noiseFloor: 0,
};
const pts = (values: number[], marks: number[] = []) =>
  values.map((value, i) => ({ value, marked: marks.includes(i) }));

describe('buildBaseline', () => {
  it('is the mean and SD of a steady history', () => {
    const v = noise.slice(0, 10).map((e) => 100 + e);
    const b = buildBaseline(pts(v), opts)!;
    expect(b.centre).toBeCloseTo(v.reduce((a, c) => a + c) / 10, 12);
    expect(b.sd).toBeCloseTo(sampleStandardDeviation(v), 12);
    expect(b.runs).toBe(10);
    expect(b.df).toBe(9);
    expect(b.note).toBe('');
  });
  it('follows an accepted speed-up and pools the noise of both levels', () => {
    const v = noise.slice(0, 10).map((e, i) => 100 + e + (i >= 6 ? 5 : 0));
    const b = buildBaseline(pts(v), opts)!;
    expect(b.runs).toBe(4);
    expect(b.centre).toBeCloseTo(105 + (0.2 + 0.5 - 0.1 - 0.3) / 4, 12);
    expect(b.df).toBe(8);
    expect(b.sd).toBeLessThan(1);
    expect(b.note).toMatch(/since an accepted shift/);
  });
  it('keeps the last good level after an unacknowledged slow-down, until a run is marked', () => {
    const v = noise.slice(0, 10).map((e, i) => 100 + e - (i >= 6 ? 5 : 0));
    const b = buildBaseline(pts(v), opts)!;
    expect(b.runs).toBe(6);
    expect(b.centre).toBeGreaterThan(99.5);
    expect(b.note).toMatch(/4 latest runs are worse/);
    const marked = buildBaseline(pts(v, [6]), opts)!;
    expect(marked.runs).toBe(4);
    expect(marked.centre).toBeLessThan(96);
  });
  it('sets one wild run aside instead of letting it blind the gate', () => {
    const v = noise.slice(0, 10).map((e) => 100 + e);
    v[3] = 60;
    const b = buildBaseline(pts(v), opts)!;
    expect(b.used).toBe(9);
    expect(b.sd).toBeLessThan(1);
    expect(b.note).toMatch(/1 outlier run set aside/);
  });
  it('lets the prior and the floor steady the noise', () => {
    const v = [100, 100, 100, 100, 100];
    expect(buildBaseline(pts(v), { ...opts, noiseFloor: 0.001 })!.sd).toBeCloseTo(0.1, 12);
    const b = buildBaseline(pts(v), { ...opts, priorRuns: 4, priorCv: 0.01 })!;
    expect(b.df).toBe(8);
    expect(b.sd).toBeCloseTo(Math.sqrt((4 * 1) / 8), 12);
  });
  it('has no baseline without finite values', () => {
    expect(buildBaseline(pts([NaN]), opts)).toBeNull();
  });
});

describe('buildBaseline on a small history', () => {
  // Six runs whose value carries a standard error of 0.5 from their own per-step noise; four happen to
  // agree closely, two show the real spread.
  const six = [100, 100.02, 99.98, 100.01, 100.6, 99.3];
  const withNoise = six.map((value) => ({ value, marked: false, noise: 0.5 }));

  it('sets none of the six aside: the spread their own noise implies is the outlier scale’s floor', () => {
    const b = buildBaseline(withNoise, opts)!;
    expect(b.note).not.toMatch(/outlier/);
    expect(b.runs).toBe(6);
  });

  it('never gives a band narrower than the runs’ own noise implies, whatever the runs happen to show', () => {
    for (let k = 0; k < 200; k++) {
      // Any six values within ±0.05 of each other: the history looks far quieter than the runs are.
      const values = Array.from({ length: 6 }, (_, i) => 100 + 0.05 * Math.sin(17 * k + 5 * i));
      const b = buildBaseline(
        values.map((value) => ({ value, marked: false, noise: 0.5 })),
        opts,
      )!;
      expect(b.sd).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('without the runs’ own noise, MAD alone would set the two that show the spread aside (one at most now)', () => {
    const b = buildBaseline(pts(six), opts)!;
    expect(b.note).toMatch(/1 outlier run set aside/);
  });
  it('leaves out runs the gate flagged: two recorded regressions neither move the level nor widen the noise', () => {
    const good = noise.slice(0, 10).map((e) => 100 + e);
    const clean = buildBaseline(pts(good), opts)!;
    const flagged = [
      ...pts(good),
      { value: 93, marked: false, regressed: true },
      { value: 92.6, marked: false, regressed: true },
    ];
    const b = buildBaseline(flagged, opts)!;
    expect(b.centre).toBe(clean.centre);
    expect(b.sd).toBe(clean.sd);
    expect(b.note).toBe('regressed 2 runs ago and not acknowledged as a new baseline: the 2 flagged runs are left out');
    // Unflagged (recorded by `record`, or before the flag existed), the same two runs widen the band.
    const unflagged = buildBaseline(
      [...pts(good), { value: 93, marked: false }, { value: 92.6, marked: false }],
      opts,
    )!;
    expect(unflagged.sd).toBeGreaterThan(2 * clean.sd);
    // A flagged run in the middle is left out too, and named apart.
    const middle = buildBaseline(
      [...pts(good.slice(0, 5)), { value: 93, marked: false, regressed: true }, ...pts(good.slice(5))],
      opts,
    )!;
    expect(middle.centre).toBe(clean.centre);
    expect(middle.note).toBe('left out 1 earlier run the gate flagged as a regression');
  });
});
