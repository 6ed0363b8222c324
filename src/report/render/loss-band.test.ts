import { describe, expect, it } from 'vitest';
import { lossBandFromCurves } from './loss-band.js';

describe('lossBandFromCurves', () => {
  it('is the median and the envelope of the runs at each step, interpolating between samples', () => {
    const band = lossBandFromCurves([
      [
        [0, 4],
        [10, 3],
        [20, 2],
      ],
      [
        [0, 5],
        [20, 3],
      ],
      [
        [0, 6],
        [10, 5],
        [20, 4],
      ],
    ]);
    expect(band).toEqual([
      { step: 0, centre: 5, lo: 4, hi: 6 },
      { step: 10, centre: 4, lo: 3, hi: 5 },
      { step: 20, centre: 3, lo: 2, hi: 4 },
    ]);
  });

  it('leaves out steps too few runs reach, and NaN samples', () => {
    const band = lossBandFromCurves([
      [
        [0, 4],
        [10, NaN],
        [20, 2],
      ],
      [
        [0, 5],
        [10, 4],
      ],
    ]);
    expect(band.map((p) => p.step)).toEqual([0, 10]);
    expect(band[1]).toEqual({ step: 10, centre: 3.5, lo: 3, hi: 4 });
  });

  it('is empty without history', () => {
    expect(lossBandFromCurves([])).toEqual([]);
  });
});
