import { describe, expect, it, vi } from 'vitest';
import type { HistoryRecord } from '../model.js';
import { groupRuns } from './collect.js';

// Two pairs whose names meet (a short-hash collision, forced here).
vi.mock('./page-name.js', () => ({ pageFile: () => 'same-0123456789' }));

const record = (experiment: string, fingerprint: string) => ({ experiment, fingerprint }) as unknown as HistoryRecord;

describe('groupRuns', () => {
  it('gives every page a file of its own, even where two pairs name the same file', () => {
    const groups = groupRuns([record('a', ''), record('b', 'x'), record('a', ''), record('c', '')]);
    expect(groups.map((g) => [g.experiment, g.records.length, g.file])).toEqual([
      ['a', 2, 'same-0123456789'],
      ['b', 1, 'same-0123456789-2'],
      ['c', 1, 'same-0123456789-3'],
    ]);
  });
});
