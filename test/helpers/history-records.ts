/** Small, valid history records for store and gate tests. */
import type { HistoryRecord } from '../../src/model.js';

export function sampleRecord(run: string, mfu = 0.42, overrides: Partial<HistoryRecord> = {}): HistoryRecord {
  return {
    experiment: 'gpt-small',
    fingerprint: 'gpu=H100,world_size=8',
    run,
    recordedAt: '2026-01-01T00:00:00.000Z',
    ref: 'refs/heads/main',
    sha: '0123456789abcdef0123456789abcdef01234567',
    runId: '1',
    baseline: false,
    steps: 500,
    complete: true,
    metrics: {
      mfu: { kind: 'window', direction: 'higher', unit: 'ratio', centre: mfu, spread: 0.008, n: 480, nonFinite: 0 },
    },
    ...overrides,
  };
}
