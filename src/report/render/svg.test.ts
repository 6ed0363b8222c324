import { describe, expect, it } from 'vitest';
import { lineChartSvg, niceTicks } from './svg.js';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(niceTicks(0.34, 0.43, 5)).toEqual([0.34, 0.36, 0.38, 0.4, 0.42]);
    expect(niceTicks(0, 2000, 4)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('is one tick for two values a rounding apart (the step no longer moves a value: it looped for ever)', () => {
    expect(niceTicks(0.3, 0.30000000000000004)).toEqual([0.3]);
    expect(niceTicks(1e300, 1e300 * (1 + 2 ** -52))).toEqual([1e300]);
  });

  it('steps at least minStep: whole runs on a run axis', () => {
    expect(niceTicks(0, 3, 6, 1)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(-1, 1, 6, 1)).toEqual([-1, 0, 1]);
  });
});

describe('lineChartSvg on long and repeated input', () => {
  const spec = (n: number) => ({
    title: 'loss',
    xLabel: 'step',
    unit: '',
    lines: [
      {
        label: 'run',
        className: 'run',
        points: Array.from({ length: n }, (_, i) => [i, 1 / (i + 1)] as [number, number]),
      },
    ],
    bands: [],
  });

  it('draws 200,000 points (min and max by a loop, not spread into arguments)', () => {
    expect(lineChartSvg(spec(200_000))).toContain('<path');
  });

  it('is the same text for the same chart, its clip id its own (no counter of charts drawn before)', () => {
    const a = lineChartSvg(spec(10));
    expect(lineChartSvg(spec(10))).toBe(a);
    const id = /<clipPath id="(clip-[0-9a-f]{12})">/.exec(a)?.[1];
    expect(id).toBeDefined();
    expect(a).toContain(`clip-path="url(#${id})"`);
    expect(lineChartSvg(spec(11))).not.toContain(id);
  });
});

describe('lineChartSvg', () => {
  it('draws lines, a shaded band split at gaps, and escapes labels', () => {
    const svg = lineChartSvg({
      title: '<b>MFU</b>',
      xLabel: 'step',
      unit: 'ratio',
      lines: [
        {
          label: 'run',
          className: 'run',
          points: [
            [0, 1],
            [1, 2],
            [2, NaN],
            [3, 2],
            [4, 1],
          ],
        },
      ],
      bands: [
        {
          label: 'band',
          className: 'baseline',
          points: [
            [0, 0.5, 1.5],
            [1, 0.5, 1.5],
            [2, NaN, 1],
            [3, 0.5, 1.5],
            [4, 0.5, 1.5],
          ],
        },
      ],
    });
    expect(svg.match(/class="line run"/g)).toHaveLength(3); // two segments + legend swatch
    expect(svg.match(/<path class="band baseline"/g)).toHaveLength(2);
    expect(svg).toContain('&lt;b&gt;MFU&lt;/b&gt;');
    expect(svg).not.toContain('<b>');
  });
  it('says so when there is nothing to draw', () => {
    expect(lineChartSvg({ title: 't', xLabel: 'x', unit: '', lines: [], bands: [] })).toContain('no data');
  });
});
