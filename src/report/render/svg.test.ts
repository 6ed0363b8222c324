import { describe, expect, it } from 'vitest';
import { lineChartSvg, niceTicks } from './svg.js';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(niceTicks(0.34, 0.43, 5)).toEqual([0.34, 0.36, 0.38, 0.4, 0.42]);
    expect(niceTicks(0, 2000, 4)).toEqual([0, 500, 1000, 1500, 2000]);
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
