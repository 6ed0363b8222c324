import { describe, expect, it } from 'vitest';
import { DivergenceDetector } from './divergence.js';

const powerLaw = (step: number) => 2 + 8 * (step + 1) ** -0.5;

/** Feed `loss(step)` for steps [from, to) as one column. */
function feed(d: DivergenceDetector, from: number, to: number, loss: (step: number) => number): void {
  const steps = Float64Array.from({ length: to - from }, (_, i) => from + i);
  d.addColumn(steps, steps.map(loss), 0, steps.length);
}

describe('DivergenceDetector', () => {
  it('ignores a healthy decreasing loss with noise and a short spike', () => {
    const d = new DivergenceDetector();
    feed(d, 0, 2000, (step) => powerLaw(step) * (step >= 1000 && step < 1008 ? 3 : 1) * (1 + 0.01 * Math.sin(step)));
    expect(d.result()).toBeNull();
  });

  it('finds a sustained rise far above the running minimum', () => {
    const d = new DivergenceDetector();
    feed(d, 0, 2000, (step) => (step < 1500 ? powerLaw(step) : powerLaw(step) * (1 + (step - 1500) / 50)));
    const found = d.result();
    expect(found).not.toBeNull();
    expect(found!.step).toBeGreaterThan(1500);
    expect(found!.step).toBeLessThan(1600);
  });

  it('flags a rise that lasts to the end of a run', () => {
    const d = new DivergenceDetector();
    feed(d, 0, 500, powerLaw);
    feed(d, 500, 512, () => 50);
    expect(d.result()).not.toBeNull();
  });

  it('finds the same divergence however the points are cut into columns, skipping NaN and infinities', () => {
    const loss = (step: number) =>
      step % 97 === 0
        ? NaN
        : step % 89 === 0
          ? Infinity
          : step < 1500
            ? powerLaw(step)
            : powerLaw(step) * (1 + (step - 1500) / 50);
    const whole = new DivergenceDetector();
    feed(whole, 0, 2000, loss);
    const cut = new DivergenceDetector();
    for (let from = 0; from < 2000; from += 13) feed(cut, from, Math.min(2000, from + 13), loss);
    expect(whole.result()).not.toBeNull();
    expect(cut.result()).toEqual(whole.result());
  });
});
