import { describe, expect, it } from 'vitest';
import { historySparkline, sparkline } from './sparkline.js';

describe('sparkline', () => {
  it('maps min to ▁ and max to █ linearly', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe('▁▂▃▄▅▆▇█');
  });
  it('draws a flat series mid-height and a gap for NaN', () => {
    expect(sparkline([2, 2, NaN, 2])).toBe('▄▄ ▄');
  });
});

describe('historySparkline', () => {
  it('sets the current value apart on the same scale', () => {
    expect(historySparkline([0.42, 0.421, 0.422], 0.398)).toBe('▇██→▁');
  });
  it('keeps only the most recent values', () => {
    expect(historySparkline([1, 2, 3, 4, 6], 5, 2)).toBe('▁█→▅');
  });
  it('draws history alone when the metric is missing', () => {
    expect(historySparkline([1, 2], null)).toBe('▁█');
  });
});
