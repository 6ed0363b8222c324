import { describe, expect, it } from 'vitest';
import { LossSampler } from './loss-sampler.js';

describe('LossSampler', () => {
  it('samples the first logged step of every interval', () => {
    const s = new LossSampler(50, 1000);
    for (const step of [1, 5, 10, 45, 50, 55, 95, 100, 140]) s.add(step, step);
    expect(s.result().map(([step]) => step)).toEqual([1, 50, 100]);
  });

  it('doubles the interval to stay under the bound', () => {
    const s = new LossSampler(50, 200);
    for (let step = 0; step < 100_000; step++) s.add(step, 1);
    const pts = s.result();
    expect(pts.length).toBeLessThanOrEqual(200);
    expect(pts.length).toBeGreaterThan(100);
    expect(s.every % 50).toBe(0);
    for (const [step] of pts) expect(step % s.every).toBe(0);
  });
});
