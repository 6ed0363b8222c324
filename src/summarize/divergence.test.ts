import { describe, expect, it } from 'vitest';
import { DivergenceDetector } from './divergence.js';

const powerLaw = (step: number) => 2 + 8 * (step + 1) ** -0.5;

describe('DivergenceDetector', () => {
  it('ignores a healthy decreasing loss with noise and a short spike', () => {
    const d = new DivergenceDetector();
    for (let step = 0; step < 2000; step++) {
      const spike = step >= 1000 && step < 1008 ? 3 : 1;
      d.add(step, powerLaw(step) * spike * (1 + 0.01 * Math.sin(step)));
    }
    expect(d.result()).toBeNull();
  });

  it('finds a sustained rise far above the running minimum', () => {
    const d = new DivergenceDetector();
    for (let step = 0; step < 2000; step++) d.add(step, step < 1500 ? powerLaw(step) : powerLaw(step) * (1 + (step - 1500) / 50));
    const found = d.result();
    expect(found).not.toBeNull();
    expect(found!.step).toBeGreaterThan(1500);
    expect(found!.step).toBeLessThan(1600);
  });

  it('flags a rise that lasts to the end of a run', () => {
    const d = new DivergenceDetector();
    for (let step = 0; step < 500; step++) d.add(step, powerLaw(step));
    for (let step = 500; step < 512; step++) d.add(step, 50);
    expect(d.result()).not.toBeNull();
  });
});
