/**
 * What every history store must do alike (JSON file, git branch, PostgreSQL): a run is keyed by
 * experiment, fingerprint and run identity, written as an idempotent upsert (a re-run attempt replaces
 * the earlier record, the same run never counts twice), at most `max` kept per experiment and
 * fingerprint, and fields this version does not know survive. Each store is checked against the pure
 * appendRecords, so all three give the same history for the same writes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryRecord } from '../../src/model.js';
import { appendRecords, emptyHistory, openHistory } from '../../src/store/index.js';
import { sampleRecord } from '../helpers/history-records.js';
import { postgresServer, storeKinds } from './store-kinds.js';

afterAll(() => postgresServer.stop());

const id = (run: string, runId: string, attempt: number, mfu = 0.42, extra: Partial<HistoryRecord> = {}) =>
  sampleRecord(run, mfu, { runId, repository: 'o/r', attempt, ...extra });

/** Writes in batches, as record commands would make them. */
const WRITES: HistoryRecord[][] = [
  [id('a', '77', 1), id('b', '78', 1)],
  // The same run again: one record.
  [id('a', '77', 1, 0.41)],
  // A re-run attempt replaces the earlier one in place.
  [id('b', '78', 2, 0.4)],
  // An older attempt arriving late changes nothing.
  [id('b', '78', 1, 0.3)],
  // Same run id in another repository, or another run name of the same workflow run: different runs.
  [id('a', '77', 1, 0.43, { repository: 'o/other' }), id('c', '77', 1)],
  // Without a run id a run has no identity: each record counts.
  [id('d', '', 1), id('d', '', 1)],
  // Another fingerprint and another experiment are kept apart.
  [id('a', '77', 1, 0.5, { fingerprint: 'gpu=A100,world_size=8' }), id('a', '77', 1, 0.6, { experiment: 'other' })],
];

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip)(`${kind.name} history store: keyed by run identity`, () => {
    it('gives the same history as appendRecords for the same writes (idempotent upsert, attempts, no identity)', async () => {
      const { spec, cwd } = await kind.create();
      const store = openHistory(spec, { cwd });
      let expected = emptyHistory();
      for (const batch of WRITES) {
        await store.append(batch, 100);
        expected = appendRecords(expected, batch, 100);
      }
      const runs = (await store.read()).runs;
      expect(runs).toEqual(expected.runs);
      // The cases spelled out, so a mistake in appendRecords itself shows here too.
      const mine = runs.filter((r) => r.experiment === 'gpt-small' && r.fingerprint === 'gpu=H100,world_size=8');
      expect(mine.map((r) => [r.run, r.repository, r.attempt, r.metrics.mfu!.centre])).toEqual([
        ['a', 'o/r', 1, 0.41],
        ['b', 'o/r', 2, 0.4],
        ['a', 'o/other', 1, 0.43],
        ['c', 'o/r', 1, 0.42],
        ['d', 'o/r', 1, 0.42],
        ['d', 'o/r', 1, 0.42],
      ]);
      expect(runs).toHaveLength(8);
    }, 60_000);

    it('keeps at most max per experiment and fingerprint, the oldest going first', async () => {
      const { spec, cwd } = await kind.create();
      const store = openHistory(spec, { cwd });
      for (let i = 0; i < 6; i++) await store.append([id(`r${i}`, String(100 + i), 1)], 4);
      await store.append([id('x', '1', 1, 0.5, { experiment: 'other' })], 4);
      const runs = (await store.read()).runs;
      expect(runs.filter((r) => r.experiment === 'gpt-small').map((r) => r.run)).toEqual(['r2', 'r3', 'r4', 'r5']);
      expect(runs.filter((r) => r.experiment === 'other')).toHaveLength(1);
    }, 60_000);

    it("keeps a record's fields this version does not know, as they were written", async () => {
      const { spec, cwd } = await kind.create();
      const store = openHistory(spec, { cwd });
      const record = {
        ...id('a', '5', 1),
        pullRequest: 12,
        fromANewerVersion: { nested: [1, 'two', null], flag: true },
      } as HistoryRecord;
      await store.append([record], 10);
      const [back] = (await store.read()).runs;
      expect(back).toEqual(record);
      // Key order too: a migration between stores is checked record by record.
      expect(JSON.stringify(back)).toBe(JSON.stringify(record));
    }, 60_000);
  });
}
