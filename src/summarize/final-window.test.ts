import { median } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/random.js';
import { FinalWindow } from './final-window.js';

function windowOf(steps: number[], values: number[], batch = 1000): ReturnType<FinalWindow['result']> {
  const w = new FinalWindow();
  for (let from = 0; from < steps.length; from += batch)
    w.addColumn(
      Float64Array.from(steps.slice(from, from + batch)),
      Float64Array.from(values.slice(from, from + batch)),
    );
  return w.result();
}

describe('FinalWindow', () => {
  it('is the last quarter of the metric’s step span, not a count of points, and exact', () => {
    const random = mulberry32(3);
    // Logged every 7 steps from step 300 (a resumed run): span 300–6999, window from 5324.25.
    const steps = Array.from({ length: 958 }, (_, i) => 300 + 7 * i);
    const values = steps.map((s) => 2 + 100 / s + random() * 0.1);
    const w = windowOf(steps, values, 97)!;
    const inWindow = steps.map((s, i) => [s, values[i]!] as const).filter(([s]) => s >= 300 + 0.75 * (6999 - 300));
    expect(inWindow[0]![0]).toBe(5326);
    expect(w.from).toBe(inWindow[0]![0]);
    expect(w.to).toBe(6999);
    expect(w.count).toBe(inWindow.length);
    expect(w.median).toBe(median(inWindow.map(([, v]) => v)));
  });

  it('of a sparse validation loss is its last values, not the median of the run', () => {
    // Five evaluations over 10,000 steps: the last quarter of the span (7999 on) holds the last two.
    const w = windowOf([1999, 3999, 5999, 7999, 9999], [3, 2.5, 2.2, 2.1, 2.05])!;
    expect(w).toEqual({ from: 7999, to: 9999, count: 2, median: 2.075 });
  });

  it('skips NaN and infinities, and is null without a finite value', () => {
    expect(windowOf([0, 1, 2], [NaN, Infinity, NaN])).toBeNull();
    expect(windowOf([0, 10, 20], [1, 2, Infinity])).toEqual({ from: 10, to: 10, count: 1, median: 2 });
  });

  it('stays bounded on a very long run, thinning evenly, whatever the batches', () => {
    const steps = Array.from({ length: 200_000 }, (_, i) => i);
    const values = steps.map((s) => 1 + (s % 1000) / 1000);
    const a = windowOf(steps, values, 4096)!;
    const b = windowOf(steps, values, 777)!;
    expect(a).toEqual(b);
    expect(a.count).toBeLessThanOrEqual(4096);
    expect(a.count).toBeGreaterThan(2048);
    expect(a.from).toBeGreaterThanOrEqual(150_000);
    expect(a.from).toBeLessThan(150_016);
    expect(a.to).toBeGreaterThan(199_980);
    // exact median of steps 150,000–199,999 is 1.4995; every 8th value keeps it within a step of the pattern
    expect(Math.abs(a.median - 1.4995)).toBeLessThan(0.01);
  });
});
