import { describe, expect, it } from 'vitest';
import { environmentChanges } from './environment-change.js';

describe('environmentChanges', () => {
  it('lists the fields whose values differ, in name order, with fields on one side only', () => {
    expect(
      environmentChanges(
        { torch: '2.4.1', cuda: '12.4', runner: 'gpu-1', nccl: '2.20' },
        { torch: '2.5.0', cuda: '12.4', runner: 'gpu-1', image: 'sha256:cd' },
      ),
    ).toEqual([
      { field: 'image', from: undefined, to: 'sha256:cd' },
      { field: 'nccl', from: '2.20', to: undefined },
      { field: 'torch', from: '2.4.1', to: '2.5.0' },
    ]);
  });

  it('is empty for an unchanged environment and when either run recorded none', () => {
    expect(environmentChanges({ cuda: '12.4' }, { cuda: '12.4' })).toEqual([]);
    expect(environmentChanges(undefined, { cuda: '12.4' })).toEqual([]);
    expect(environmentChanges({ cuda: '12.4' }, undefined)).toEqual([]);
  });

  it('does not read inherited keys as fields', () => {
    expect(environmentChanges({ toString: 'x' }, {})).toEqual([{ field: 'toString', from: 'x', to: undefined }]);
    expect(environmentChanges({}, {})).toEqual([]);
  });
});
