import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import { explainEnvironment, explainEnvironmentAt, NAMED_FIELDS } from './environment-explain.js';

describe('explainEnvironment', () => {
  it('lists what changed between the last good and the first bad run', () => {
    expect(explainEnvironment({ cuda: '12.4', torch: '2.4.1' }, { cuda: '12.6', torch: '2.4.1' })).toEqual({
      changes: [{ field: 'cuda', from: '12.4', to: '12.6' }],
      fields: 2,
      named: ['cuda', 'torch'],
    });
  });

  it('says unchanged with the number of fields, and nothing when either run recorded none', () => {
    expect(explainEnvironment({ cuda: '12.4' }, { cuda: '12.4' })).toEqual({ changes: [], fields: 1, named: ['cuda'] });
    expect(explainEnvironment(undefined, { cuda: '12.4' })).toBeNull();
    expect(explainEnvironment({ cuda: '12.4' }, undefined)).toBeNull();
  });
});

describe('explainEnvironmentAt', () => {
  const runs = (cudaFrom: number, n = 8) =>
    Array.from({ length: n }, (_, i) =>
      sampleRecord(`r${i}`, 0.4, { runId: String(i), environment: { cuda: i >= cudaFrom ? '12.6' : '12.4' } }),
    );

  it('names the change between the two runs themselves first', () => {
    expect(explainEnvironmentAt(runs(4), 3, 4)).toEqual({
      changes: [{ field: 'cuda', from: '12.4', to: '12.6' }],
      fields: 1,
      named: ['cuda'],
    });
  });

  it('where nothing changed between them, the nearest change within two runs, before or after', () => {
    expect(explainEnvironmentAt(runs(3), 3, 4)?.near).toMatchObject({ offset: -1, run: { run: 'r3' } });
    expect(explainEnvironmentAt(runs(6), 3, 4)?.near).toMatchObject({
      offset: 2,
      run: { run: 'r6' },
      changes: [{ field: 'cuda', from: '12.4', to: '12.6' }],
    });
    // Three runs away is too far to say anything about.
    expect(explainEnvironmentAt(runs(7), 3, 4)).toEqual({ changes: [], fields: 1, named: ['cuda'] });
    expect(explainEnvironmentAt(runs(99), 3, 4)).toEqual({ changes: [], fields: 1, named: ['cuda'] });
  });

  it('names the fields compared only when they are few', () => {
    const many = Object.fromEntries(Array.from({ length: NAMED_FIELDS + 1 }, (_, i) => [`p${i}`, '1']));
    expect(explainEnvironment(many, many)).toEqual({ changes: [], fields: NAMED_FIELDS + 1 });
  });
});
