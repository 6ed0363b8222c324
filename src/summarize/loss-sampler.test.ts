import { describe, expect, it } from 'vitest';
import { LossSampler } from './loss-sampler.js';

describe('LossSampler', () => {
  it('samples the first logged step of every interval', () => {
    const s = new LossSampler(50, 1000);
    const steps = Float64Array.of(1, 5, 10, 45, 50, 55, 95, 100, 140);
    s.addColumn(steps, steps);
    // 1, 50 and 100 are the grid; 140 is the last point, always sent
    expect(s.result().map(([step]) => step)).toEqual([1, 50, 100, 140]);
  });

  it('takes the first finite value of an interval, also across batches', () => {
    const s = new LossSampler(50, 1000);
    s.addColumn(Float64Array.of(0, 10, 60), Float64Array.of(NaN, 2, Infinity));
    s.addColumn(Float64Array.of(70, 99, 100, 101), Float64Array.of(3, 4, NaN, 5));
    expect(s.result()).toEqual([
      [10, 2],
      [70, 3],
      [101, 5],
    ]);
  });

  it('doubles the interval to stay under the bound', () => {
    const s = new LossSampler(50, 200);
    const steps = Float64Array.from({ length: 100_000 }, (_, i) => i);
    for (let from = 0; from < steps.length; from += 7_000)
      s.addColumn(steps.subarray(from, from + 7_000), new Float64Array(7_000).fill(1));
    const pts = s.result();
    expect(pts.length).toBeLessThanOrEqual(200);
    expect(pts.length).toBeGreaterThan(100);
    expect(s.every % 50).toBe(0);
    // the grid stays aligned; the last point (off the grid) comes after it, within the bound
    for (const [step] of pts.slice(0, -1)) expect(step % s.every).toBe(0);
    expect(pts[pts.length - 1]).toEqual([99_999, 1]);
  });
});

describe("LossSampler and the run's last point", () => {
  const run = (n: number, batch = 1000): [number, number][] => {
    const s = new LossSampler(50, 200);
    const steps = Float64Array.from({ length: n }, (_, i) => i);
    for (let from = 0; from < n; from += batch)
      s.addColumn(
        steps.subarray(from, from + batch),
        steps.subarray(from, from + batch).map((x) => 10 - x / n),
      );
    return s.result();
  };

  it('ends a 1,999-step run at its last step, not at the last multiple of 50', () => {
    const pts = run(1999, 333);
    expect(pts[pts.length - 2]![0]).toBe(1950);
    expect(pts[pts.length - 1]).toEqual([1998, 10 - 1998 / 1999]);
  });

  it('sends more than step 0 for a run shorter than one interval', () => {
    expect(run(29).map(([step]) => step)).toEqual([0, 28]);
  });

  it('skips a trailing NaN and sends the last finite value; a run that ends on the grid sends it once', () => {
    const s = new LossSampler(50, 200);
    s.addColumn(Float64Array.of(0, 60, 70), Float64Array.of(3, 2, NaN));
    expect(s.result()).toEqual([
      [0, 3],
      [60, 2],
    ]);
  });
});
