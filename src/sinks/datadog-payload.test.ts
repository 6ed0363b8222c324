import { describe, expect, it } from 'vitest';
import { splitSeriesPayloads } from './datadog-payload.js';
import type { DatadogSeries } from './datadog-series.js';

const series = (i: number, tag = 'x'): DatadogSeries => ({ metric: `m.s${i}`, type: 3, points: [{ timestamp: 1, value: i }], tags: [`t:${tag}`] });

describe('splitSeriesPayloads', () => {
  it('keeps every body within the limit, measured in UTF-8 bytes, and loses nothing', () => {
    const all = Array.from({ length: 500 }, (_, i) => series(i, 'é'.repeat(i % 7)));
    const { bodies, oversized } = splitSeriesPayloads(all, 2000);
    expect(oversized).toEqual([]);
    expect(bodies.length).toBeGreaterThan(1);
    for (const b of bodies) expect(Buffer.byteLength(b)).toBeLessThanOrEqual(2000);
    expect(bodies.flatMap((b) => (JSON.parse(b) as { series: DatadogSeries[] }).series)).toEqual(all);
  });

  it('fills a body exactly to the limit', () => {
    const two = [series(1), series(2)];
    const exact = Buffer.byteLength(JSON.stringify({ series: two }));
    expect(splitSeriesPayloads(two, exact).bodies).toHaveLength(1);
    expect(splitSeriesPayloads(two, exact - 1).bodies).toHaveLength(2);
  });

  it('sets apart a series that alone is over the limit', () => {
    const big = { ...series(9), tags: ['t:' + 'a'.repeat(3000)] };
    const { bodies, oversized } = splitSeriesPayloads([series(1), big, series(2)], 2000);
    expect(oversized).toEqual([big]);
    expect(bodies).toHaveLength(1);
  });
});
