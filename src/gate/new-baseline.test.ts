import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import type { HistoryRecord } from '../model.js';
import { acceptFrom } from './new-baseline.js';

const flagged = (r: HistoryRecord): HistoryRecord => ({
  ...r,
  metrics: { mfu: { ...r.metrics.mfu!, regressed: true } },
});

describe('acceptFrom', () => {
  it('marks the run and clears the flags from it on, in its experiment and fingerprint only', () => {
    const runs = [
      flagged(sampleRecord('a', 0.42, { runId: '1' })),
      flagged(sampleRecord('b', 0.4, { runId: '2' })),
      flagged(sampleRecord('x', 0.4, { runId: '3', experiment: 'other' })),
      flagged(sampleRecord('c', 0.4, { runId: '4' })),
      sampleRecord('d', 0.4, { runId: '5' }),
    ];
    const out = acceptFrom(runs, 1);
    expect(out.map((r) => r.baseline)).toEqual([false, true, false, false, false]);
    expect(out.map((r) => r.metrics.mfu!.regressed ?? false)).toEqual([true, false, true, false, false]);
    expect(out[1]!.metrics.mfu).not.toHaveProperty('regressed');
    // Untouched runs are the same objects.
    expect(out[0]).toBe(runs[0]);
    expect(out[2]).toBe(runs[2]);
    expect(out[4]).toBe(runs[4]);
  });
});
