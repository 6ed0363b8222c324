import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../../test/helpers/history-records.js';
import { DEFAULT_CONFIG } from '../../config/index.js';
import type { HistoryRecord } from '../../model.js';
import { historyCalibrationRuns } from './from-history.js';

describe('historyCalibrationRuns', () => {
  const runs: HistoryRecord[] = [
    sampleRecord('a100-1', 0.3, { fingerprint: 'gpu=A100' }),
    sampleRecord('h100-1', 0.42),
    sampleRecord('h100-pr', 0.4, { pullRequest: 3 } as Partial<HistoryRecord>),
    sampleRecord('h100-bad', 0.2, { quarantined: { at: '2026-01-02', reason: 'bad node' } } as Partial<HistoryRecord>),
    sampleRecord('h100-2', 0.43),
    sampleRecord('other', 0.5, { experiment: 'other' }),
  ];
  const history = { format: 1, runs };

  it("takes the experiment's runs on the latest fingerprint, never a PR run or a quarantined one", () => {
    const r = historyCalibrationRuns(history, 'gpt-small', DEFAULT_CONFIG, 'h.json');
    expect(r.records.map((x) => x.run)).toEqual(['h100-1', 'h100-2']);
    expect(r.fingerprint).toBe('gpu=H100,world_size=8');
    expect(r.others).toEqual([['gpu=A100', 1]]);
    expect(r.classes.get('mfu')).toEqual({ kind: 'window', direction: 'higher', unit: 'ratio', minEffect: 0.02 });
  });
  it('names the experiments there are when the one asked for is not', () => {
    expect(() => historyCalibrationRuns(history, 'gpt', DEFAULT_CONFIG, 'h.json')).toThrow(
      /^h\.json: no run of experiment "gpt" in the history \(it holds "gpt-small", "other"\)/,
    );
  });
});
