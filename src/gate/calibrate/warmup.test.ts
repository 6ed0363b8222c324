import { describe, expect, it } from 'vitest';
import { Rng } from '../../../bench/gate/simulate.js';
import { StepBatches } from './step-batches.js';
import { metricWarmup, runWarmup } from './warmup.js';

/** A run's series: a ramp over the first `warm` steps from `firstStep`, then noise around 1. */
function series(warm: number, firstStep: number, rng: Rng, steps = 400): StepBatches {
  const b = new StepBatches();
  for (let i = 0; i < steps; i++) b.add(firstStep + i, (i < warm ? 0.3 + (0.7 * i) / warm : 1) + 0.02 * rng.normal());
  return b;
}

describe('warm-up from per-step series', () => {
  it('counts the steps from the metric’s first value, as warmup_steps does', () => {
    // MSER may drop a few noisy batches past the ramp's end, never stop inside it.
    const rng = new Rng(2);
    for (const first of [1, 501]) {
      const w = runWarmup(series(30, first, rng).result())!;
      expect(w).toBeGreaterThanOrEqual(30);
      expect(w).toBeLessThanOrEqual(50);
    }
  });
  it('takes the median over the runs, so one odd run does not set it', () => {
    const rng = new Rng(3);
    const runs = [series(20, 1, rng), series(20, 1, rng), series(200, 1, rng)].map((b) => b.result());
    expect(runWarmup(runs[2]!)).toBeGreaterThanOrEqual(180);
    expect(metricWarmup(runs)).toBeGreaterThanOrEqual(20);
    expect(metricWarmup(runs)).toBeLessThanOrEqual(40);
    expect(metricWarmup([])).toBeNull();
  });
  it('keeps at most its cap of batches, coarser for a longer run, the warm-up still found', () => {
    const rng = new Rng(4);
    const b = new StepBatches(5, 64);
    for (let i = 0; i < 10_000; i++) b.add(i + 1, (i < 1000 ? 0.5 : 1) + 0.02 * rng.normal());
    const r = b.result();
    expect(r.values.length).toBeLessThanOrEqual(64);
    // 2,000 batches of 5 halved until 64 can hold them: batches of 160 values.
    expect(r.size).toBe(160);
    expect(runWarmup(r)).toBeGreaterThanOrEqual(960);
    expect(runWarmup(r)).toBeLessThanOrEqual(1280);
  });
  it('skips values that are not finite', () => {
    const b = new StepBatches(2);
    for (const [s, v] of [
      [1, 1],
      [2, Number.NaN],
      [3, 3],
      [4, Number.POSITIVE_INFINITY],
    ] as const)
      b.add(s, v);
    expect(b.result()).toEqual({ size: 2, values: [2], steps: [1] });
  });
});
