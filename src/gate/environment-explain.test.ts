import { describe, expect, it } from 'vitest';
import { explainEnvironment } from './environment-explain.js';

describe('explainEnvironment', () => {
  it('lists what changed between the last good and the first bad run', () => {
    expect(explainEnvironment({ cuda: '12.4', torch: '2.4.1' }, { cuda: '12.6', torch: '2.4.1' })).toEqual({
      changes: [{ field: 'cuda', from: '12.4', to: '12.6' }],
      fields: 2,
    });
  });

  it('says unchanged with the number of fields, and nothing when either run recorded none', () => {
    expect(explainEnvironment({ cuda: '12.4' }, { cuda: '12.4' })).toEqual({ changes: [], fields: 1 });
    expect(explainEnvironment(undefined, { cuda: '12.4' })).toBeNull();
    expect(explainEnvironment({ cuda: '12.4' }, undefined)).toBeNull();
  });
});
