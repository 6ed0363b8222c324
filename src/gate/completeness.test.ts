import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../model.js';
import { runCompleteness } from './completeness.js';

const summary = (last: number, expected?: number): RunSummary =>
  ({
    steps: { count: last, first: 1, last, ...(expected === undefined ? {} : { expected }) },
    truncated: false,
  }) as RunSummary;

describe('runCompleteness', () => {
  it("takes the run's own planned length (total_steps) over the history's, and without a history too", () => {
    const c = runCompleteness(summary(202, 5100), [], 0.99);
    expect(c).toMatchObject({ complete: false, reached: false, expectedSteps: 5100 });
    expect(runCompleteness(summary(5100, 5100), [], 0.99).complete).toBe(true);
    // Without one, no history: nothing to fall short of.
    expect(runCompleteness(summary(202), [], 0.99)).toMatchObject({ complete: true, expectedSteps: null });
  });
});
