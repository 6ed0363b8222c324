import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import { appendRecords, emptyHistory, prunedBy } from './history.js';

const runs = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => sampleRecord(`r${from + i}`, 0.42, { runId: String(from + i) }));

describe('prunedBy', () => {
  it('says what appending removes, per experiment and fingerprint, exactly as appendRecords removes it', () => {
    const history = appendRecords(
      emptyHistory(),
      [...runs(5000), sampleRecord('other', 0.4, { experiment: 'b' })],
      1e9,
    );
    const added = runs(1, 5000);
    expect(prunedBy(history, added, 100)).toEqual([
      { experiment: 'gpt-small', fingerprint: 'gpu=H100,world_size=8', removed: 4901, kept: 100 },
    ]);
    const after = appendRecords(history, added, 100);
    expect(history.runs.length + 1 - after.runs.length).toBe(4901);
    // Nothing to say where nothing goes: below the limit, a re-run attempt that replaces its record, no limit.
    expect(prunedBy(history, added, 10_000)).toEqual([]);
    expect(prunedBy(history, [{ ...history.runs[4999]!, attempt: 2 }], 5000)).toEqual([]);
    expect(prunedBy(history, added, Number.POSITIVE_INFINITY)).toEqual([]);
  });
});
