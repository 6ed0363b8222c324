import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { compressedSeriesPayloads, splitSeriesPayloads } from './payload.js';
import type { DatadogSeries } from './series.js';

const series = (i: number, tag = 'x'): DatadogSeries => ({
  metric: `m.s${i}`,
  type: 3,
  points: [{ timestamp: 1, value: i }],
  tags: [`t:${tag}`],
});

describe('splitSeriesPayloads', () => {
  it('keeps every body within the limit, measured in UTF-8 bytes, and loses nothing', () => {
    const all = Array.from({ length: 500 }, (_, i) => series(i, 'é'.repeat(i % 7)));
    const { bodies, counts, oversized } = splitSeriesPayloads(all, 2000);
    expect(oversized).toEqual([]);
    expect(bodies.length).toBeGreaterThan(1);
    for (const b of bodies) expect(Buffer.byteLength(b)).toBeLessThanOrEqual(2000);
    expect(counts).toEqual(bodies.map((b) => (JSON.parse(b) as { series: unknown[] }).series.length));
    expect(bodies.flatMap((b) => (JSON.parse(b) as { series: DatadogSeries[] }).series)).toEqual(all);
  });

  it('fills a body exactly to the limit', () => {
    const two = [series(1), series(2)];
    const exact = Buffer.byteLength(JSON.stringify({ series: two }));
    expect(splitSeriesPayloads(two, exact).bodies).toHaveLength(1);
    expect(splitSeriesPayloads(two, exact - 1).bodies).toHaveLength(2);
  });

  it('sets apart a series that alone is over the limit', () => {
    const big = { ...series(9), tags: [`t:${'a'.repeat(3000)}`] };
    const { bodies, oversized } = splitSeriesPayloads([series(1), big, series(2)], 2000);
    expect(oversized).toEqual([big]);
    expect(bodies).toHaveLength(1);
  });
});

describe('compressedSeriesPayloads', () => {
  // Tags of random hex compress poorly, which forces the halving path.
  const noisy = (i: number): DatadogSeries => ({
    ...series(i),
    tags: [`t:${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`],
  });

  it('keeps every gzip body within the sent limit and its JSON under the inflated limit, losing nothing', () => {
    const all = Array.from({ length: 3000 }, (_, i) => noisy(i));
    const { bodies, oversized } = compressedSeriesPayloads(all, 20_000, 100_000);
    expect(oversized).toEqual([]);
    expect(bodies.length).toBeGreaterThan(1);
    for (const b of bodies) {
      expect(b.gzip.length).toBeLessThanOrEqual(20_000);
      expect(Buffer.byteLength(b.json)).toBeLessThan(100_000);
      expect(gunzipSync(b.gzip).toString('utf8')).toBe(b.json);
      expect(b.count).toBe((JSON.parse(b.json) as { series: unknown[] }).series.length);
    }
    expect(bodies.flatMap((b) => (JSON.parse(b.json) as { series: DatadogSeries[] }).series)).toEqual(all);
  });

  it('compresses repetitive series far below the plain size', () => {
    const all = Array.from({ length: 5000 }, (_, i) => series(i, 'experiment_gpt3_15b'));
    const { bodies } = compressedSeriesPayloads(all);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.gzip.length * 5).toBeLessThan(Buffer.byteLength(bodies[0]!.json));
  });
});
