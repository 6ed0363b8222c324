import { describe, expect, it } from 'vitest';
import { StepCurveBuilder } from '../summarize/step-curve.js';
import type { StepCurve } from '../model.js';
import { coarsened, curveWindow, valueOverWindow } from './curve-window.js';

function curve(last: number, value: (s: number) => number): StepCurve {
  const b = new StepCurveBuilder();
  const steps = Array.from({ length: last + 1 }, (_, i) => i);
  b.addColumn(Float64Array.from(steps), Float64Array.from(steps.map(value)));
  return b.result()!;
}

describe('curve windows', () => {
  it('coarsens a finer curve to a wider width exactly, by counts', () => {
    const c = curve(100, (s) => s);
    const wide = coarsened(c, c.every * 2);
    expect(wide.get(0)).toBeCloseTo(
      (c.means[0]! * c.counts[0]! + c.means[1]! * c.counts[1]!) / (c.counts[0]! + c.counts[1]!),
      9,
    );
  });

  it('compares a falling loss cut at 700 of 1000 steps with the whole runs over the same steps', () => {
    const loss = (s: number) => 2 + 8 / Math.sqrt(s + 1);
    const whole = curve(999, loss);
    const cut = curve(700, loss);
    const w = curveWindow(cut, [whole], 0.75 * 700, 700)!;
    // The same buckets and the same statistic on both sides: an identical curve is unchanged.
    expect(valueOverWindow(cut, w)).toBeCloseTo(valueOverWindow(whole, w), 6);
    // Over the steps reached, not the history's end (which is lower).
    expect(valueOverWindow(whole, w)).toBeGreaterThan(loss(999));
    expect(w.from).toBeGreaterThanOrEqual(525);
    expect(w.to).toBeLessThanOrEqual(700);
  });

  it('leaves out the bucket holding the last step while another is there', () => {
    const c = curve(1000, (s) => s);
    const w = curveWindow(c, [], 0, 1000)!;
    expect(w.buckets).not.toContain(Math.floor(1000 / w.every));
  });
});
