import { describe, expect, it } from 'vitest';
import { sampleInterval } from './sample-interval.js';

describe('sampleInterval', () => {
  it('is the median positive step between times, ignoring repeats and one long stall', () => {
    expect(sampleInterval([0, 0, 5, 5, 10, 15, 60])).toBe(5);
  });
  it('is NaN without two distinct finite times', () => {
    expect(sampleInterval([3, 3])).toBeNaN();
    expect(sampleInterval([Number.NaN, Number.NaN])).toBeNaN();
  });
});
