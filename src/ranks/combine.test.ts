import { describe, expect, it } from 'vitest';
import { classify } from '../classify/index.js';
import { combineRanks, rankCombine } from './combine.js';

const how = (name: string) => rankCombine(name, classify(name, { rules: [] }));

describe('rankCombine', () => {
  it('takes each metric by what it means for the job', () => {
    expect(how('step_time')).toBe('max');
    expect(how('elapsed_time_per_iteration')).toBe('max');
    expect(how('memory.max_allocated')).toBe('max');
    expect(how('MFU')).toBe('mean');
    expect(how('Tflops')).toBe('mean');
    expect(how('tokens_per_second')).toBe('same-or-sum');
    expect(how('train.lm_loss')).toBe('same-or-mean');
    expect(how('learning_rate')).toBe('first');
  });
});

describe('combineRanks', () => {
  const nan = Number.NaN;
  it('ignores ranks that logged nothing at the step', () => {
    expect(combineRanks('max', [1, nan, 3, 2], 4)).toBe(3);
    expect(combineRanks('mean', [1, nan, 3], 3)).toBe(2);
    expect(combineRanks('first', [nan, 5, 6], 3)).toBe(5);
    expect(combineRanks('max', [nan, nan], 2)).toBeNaN();
  });
  it('keeps a figure every rank logged alike, and sums or averages differing ones', () => {
    // Three equal values: a mean could round away from the logged value; the rule keeps it exactly.
    expect(combineRanks('same-or-mean', [0.1, 0.1, 0.1], 3)).toBe(0.1);
    expect(combineRanks('same-or-mean', [2, 4], 2)).toBe(3);
    expect(combineRanks('same-or-sum', [100, 100, 100], 3)).toBe(100);
    expect(combineRanks('same-or-sum', [100, 90, 110], 3)).toBe(300);
  });
  it('reads only the n values from the offset', () => {
    expect(combineRanks('max', [1, 2, 99], 2)).toBe(2);
    expect(combineRanks('first', [1, 2, 99, 4], 2, 2)).toBe(99);
  });
});
