import { describe, expect, it } from 'vitest';
import { StepCurveBuilder } from './step-curve.js';

const feed = (b: StepCurveBuilder, steps: number[], value: (s: number) => number) =>
  b.addColumn(Float64Array.from(steps), Float64Array.from(steps.map(value)));

describe('StepCurveBuilder', () => {
  it('keeps bucket means at a power-of-two width, within the bucket count, merged exactly', () => {
    const b = new StepCurveBuilder(8);
    const steps = Array.from({ length: 100 }, (_, i) => i);
    feed(b, steps, (s) => s);
    const c = b.result()!;
    // 100 steps in at most 8 buckets: width 16, buckets 0–6.
    expect(c.every).toBe(16);
    expect(c.start).toBe(0);
    expect(c.counts).toEqual([16, 16, 16, 16, 16, 16, 4]);
    expect(c.means[0]).toBe(7.5);
    expect(c.means[6]).toBe(97.5);
  });

  it('gives the same buckets whether fed at once or in pieces, and skips NaN', () => {
    const steps = Array.from({ length: 300 }, (_, i) => 10 + 3 * i);
    const value = (s: number) => (s % 7 === 0 ? Number.NaN : Math.sin(s));
    const whole = new StepCurveBuilder();
    feed(whole, steps, value);
    const parts = new StepCurveBuilder();
    for (let i = 0; i < steps.length; i += 17) feed(parts, steps.slice(i, i + 17), value);
    expect(parts.result()).toEqual(whole.result());
    expect(whole.result()!.counts.reduce((a, b) => a + b, 0)).toBe(steps.filter((s) => s % 7 !== 0).length);
  });

  it('is null with no finite value', () => {
    const b = new StepCurveBuilder();
    feed(b, [1, 2], () => Number.NaN);
    expect(b.result()).toBeNull();
  });
});
