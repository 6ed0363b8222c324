import { describe, expect, it } from 'vitest';
import { inSpan, steadySpan } from './steady-span.js';

describe('steadySpan', () => {
  it('runs from the first to the last active sample over all GPUs, less the warm-up share', () => {
    const span = steadySpan(
      {
        positions: [
          [0, 10, 20, 30, 40, 50, 60],
          [0, 10, 20, 30, 40, 50, 60],
        ],
        activity: [
          [0, 0, 90, 90, 5, 90, 0],
          [0, 80, 0, 0, 0, 0, 0],
        ],
      },
      5,
      0.25,
    );
    expect(span).toEqual({ from: 10 + 0.25 * 40, to: 50 });
    expect(inSpan(span, 20)).toBe(true);
    expect(inSpan(span, 10)).toBe(false);
    expect(inSpan(span, 60)).toBe(false);
  });

  it('keeps every sample when nothing is active or no activity was captured', () => {
    expect(steadySpan({ positions: [[0, 1]], activity: [[0, 1]] }, 5, 0.1)).toEqual({ from: null, to: null });
    const none = steadySpan({ positions: [[0, 1]], activity: [null] }, 5, 0.1);
    expect(inSpan(none, 1)).toBe(true);
  });
});
