import { describe, expect, it } from 'vitest';
import { StepWindows } from './step-windows.js';

describe('StepWindows', () => {
  it('keeps the number of windows bounded and aligned as the run grows', () => {
    const w = new StepWindows(50, 32);
    for (let step = 0; step < 100_000; step++) w.add(step, step % 7);
    const windows = w.result();
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
    for (let step = 0; step < 100; step++) w.add(step, 0.4 + step / 1000);
    const [only] = w.result();
    expect(only!.count).toBe(100);
    expect(only!.quantiles[2]).toBeCloseTo(0.4495, 3);
    expect(only!.quantiles[0]!).toBeGreaterThanOrEqual(0.4);
  });
});
