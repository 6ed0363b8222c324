import { describe, expect, it } from 'vitest';
import { evenIndices, interpolate } from './downsample.js';

describe('evenIndices', () => {
  it('keeps everything when it fits', () => {
    expect(evenIndices(3, 5)).toEqual([0, 1, 2]);
  });
  it('spreads evenly and keeps both ends', () => {
    const idx = evenIndices(1000, 40);
    expect(idx).toHaveLength(40);
    expect(idx[0]).toBe(0);
    expect(idx[39]).toBe(999);
    const gaps = idx.slice(1).map((v, i) => v - idx[i]!);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });
});

describe('interpolate', () => {
  const xs = [0, 10, 20];
  const ys = [1, 2, 4];
  it('is linear between points and exact on them', () => {
    expect(interpolate(xs, ys, 5)).toBe(1.5);
    expect(interpolate(xs, ys, 15)).toBe(3);
    expect(interpolate(xs, ys, 20)).toBe(4);
  });
  it('is NaN outside the range', () => {
    expect(interpolate(xs, ys, 21)).toBeNaN();
    expect(interpolate([], [], 0)).toBeNaN();
  });
});
