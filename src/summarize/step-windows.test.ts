import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/random.js';
import { StepWindows } from './step-windows.js';

/** Add values logged at steps, none of them warm-up. */
function addAll(w: StepWindows, steps: number[], values: number[]): void {
  w.addColumn(Float64Array.from(steps), Float64Array.from(values), -Infinity);
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('StepWindows', () => {
  it('keeps the number of windows bounded and aligned as the run grows', () => {
    const w = new StepWindows(50, 32);
    addAll(
      w,
      range(100_000),
      range(100_000).map((step) => step % 7),
    );
    const windows = w.result(true, Number.NaN);
    expect(windows.length).toBeLessThanOrEqual(32);
    expect(windows.length).toBeGreaterThan(16);
    expect(windows[0]!.from).toBe(0);
    const width = windows[0]!.to - windows[0]!.from + 1;
    expect(width % 50).toBe(0);
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.from).toBe(windows[i - 1]!.to + 1);
    expect(windows.reduce((s, x) => s + x.count, 0)).toBe(100_000);
  });

  it('keeps window quantiles close to the exact ones', () => {
    const w = new StepWindows(100, 32);
    addAll(
      w,
      range(100),
      range(100).map((step) => 0.4 + step / 1000),
    );
    const [only] = w.result(true, Number.NaN);
    expect(only!.count).toBe(100);
    expect(only!.quantiles[2]).toBeCloseTo(0.4495, 3);
    // p10 is rank 0.1 × 99 = 9.9: the 10th value, 0.409, within the sketch's relative accuracy.
    expect(Math.abs(only!.quantiles[0]! - 0.409)).toBeLessThanOrEqual(0.409 * 0.0005);
  });
});

describe('StepWindows small windows', () => {
  it('keep the values of a window of at most five, rank by rank, the ends exact', () => {
    const w = new StepWindows(100, 32);
    addAll(w, [0, 10, 20, 150, 250, 260, 270, 280, 290, 295], [0.43, 0.41, 0.42, 7, 1, 2, 3, 4, 5, 6]);
    const [first, second, third] = w.result(true, Number.NaN);
    expect(first!.values).toEqual([0.41, expect.closeTo(0.42, 3), 0.43]);
    expect(second!.values).toEqual([7]);
    expect(third!.count).toBe(6);
    expect(third!.values).toBeUndefined();
  });
});

describe('StepWindows.addColumn', () => {
  it('gives the same windows however the run is cut into batches, with warm-up, gaps, NaN and infinities', () => {
    const random = mulberry32(21);
    const steps: number[] = [];
    for (let s = 3; steps.length < 5000; s += 1 + Math.floor(random() * 3)) steps.push(s);
    const values = steps.map((_, i) => (i % 37 === 0 ? NaN : i % 101 === 0 ? Infinity : 0.4 + random() * 0.1));
    for (const skipWarm of [false, true]) {
      const whole = new StepWindows(50, 8);
      whole.addColumn(Float64Array.from(steps), Float64Array.from(values), 400);
      const pieces = new StepWindows(50, 8);
      for (let from = 0; from < steps.length; ) {
        const to = Math.min(steps.length, from + 1 + Math.floor(random() * 300));
        pieces.addColumn(Float64Array.from(steps.slice(from, to)), Float64Array.from(values.slice(from, to)), 400);
        from = to;
      }
      expect(pieces.result(!skipWarm, Number.NaN)).toEqual(whole.result(!skipWarm, Number.NaN));
      expect(pieces.steady()!.quantile(0.5)).toBe(whole.steady()!.quantile(0.5));
      const counted = whole.result(!skipWarm, Number.NaN).reduce((n, w) => n + w.count, 0);
      const finite = values.filter((v, i) => Number.isFinite(v) && (!skipWarm || steps[i]! >= 400)).length;
      expect(counted).toBe(finite);
      expect(whole.steady()!.count).toBe(values.filter((v, i) => Number.isFinite(v) && steps[i]! >= 400).length);
    }
  });
});

describe('StepWindows at the end of the run', () => {
  it('joins a last window of a single step (a checkpoint stall) to the one before it', () => {
    const w = new StepWindows(100, 32);
    // 0.42 every step up to 199, then one slow step at 200: alone it would be a cliff.
    addAll(w, [...range(200), 200], [...range(200).map(() => 0.42), 0.05]);
    const windows = w.result(true, 200);
    expect(windows.map((x) => [x.from, x.to, x.count])).toEqual([
      [0, 99, 100],
      [100, 200, 101],
    ]);
    expect(windows[1]!.quantiles[2]).toBeCloseTo(0.42, 3);
  });

  it('keeps a last window that covers half its width or more, its label ending at the run’s last step', () => {
    const w = new StepWindows(100, 32);
    addAll(
      w,
      range(260),
      range(260).map(() => 1),
    );
    expect(w.result(true, 259).map((x) => [x.from, x.to])).toEqual([
      [0, 99],
      [100, 199],
      [200, 259],
    ]);
    // a run that ends later than its last value: the label ends at the run's last step
    expect(w.result(true, 265).at(-1)!.to).toBe(265);
  });

  it('sends the values of a window of five or fewer exactly as logged', () => {
    const w = new StepWindows(100, 32);
    const logged = [1.42955, 1.42975, 1.43261, 1.45905];
    addAll(w, [0, 25, 50, 75], logged);
    expect(w.result(true, 99)[0]!.values).toEqual(logged);
  });

  it('leaves warm-up out of a timer’s windows, unless the run has nothing after it', () => {
    const w = new StepWindows(50, 32);
    w.addColumn(Float64Array.from(range(8)), Float64Array.from(range(8).map((s) => 10 + s)), 10);
    expect(w.result(false, 7)).toEqual([]);
    expect(w.steady()).toBeNull();
    expect(w.steady(true)!.count).toBe(8);
    expect(w.result(true, 7)[0]!.count).toBe(8);
  });
});

describe('StepWindows of a sparse metric', () => {
  it('keeps a last window of one evaluation apart from one a thousand steps before', () => {
    const w = new StepWindows(50, 32);
    addAll(w, [1000, 2000, 3000], [2.6, 2.61, 2.62]);
    expect(w.result(true, 3000).map((x) => [x.from, x.to, x.values])).toEqual([
      [1000, 1049, [2.6]],
      [2000, 2049, [2.61]],
      [3000, 3000, [2.62]],
    ]);
  });
});
