import { describe, expect, it } from 'vitest';
import { LossSampler } from './loss-sampler.js';

describe('LossSampler', () => {
  it('samples the first logged step of every interval', () => {
    const s = new LossSampler(50, 1000);
    const steps = Float64Array.of(1, 5, 10, 45, 50, 55, 95, 100, 140);
    s.addColumn(steps, steps);
    expect(s.result().map(([step]) => step)).toEqual([1, 50, 100]);
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
    for (const [step] of pts) expect(step % s.every).toBe(0);
  });
});
