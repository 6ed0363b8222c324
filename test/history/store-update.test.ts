/**
 * HistoryStore.update on every store: `change` sees the current history and what it returns is written;
 * a `change` that throws writes nothing; concurrent updates each see the others' (the JSON file's lock; the
 * git store's rejected-push retry runs through the same loop as append, whose concurrency
 * src/store/git-branch-store.test.ts proves with separate processes).
 */
import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/model.js';
import { sampleRecord } from '../helpers/history-records.js';
import { mfuSeries } from './series.js';
import { STORES, jsonFileStore, postgresServer } from './stores.js';

afterAll(() => postgresServer.stop());

describe.each(STORES)('update on the $name store', (factory) => {
  it('writes what change returns, from what is there; a change that throws writes nothing', async () => {
    const s = await factory.create();
    await s.seed(mfuSeries(3));
    const written = await s.store().update((h) => ({ ...h, runs: h.runs.filter((r) => r.run !== 'run1') }));
    expect(written.runs.map((r) => r.run)).toEqual(['run0', 'run2']);
    expect((await s.store().read()).runs.map((r) => r.run)).toEqual(['run0', 'run2']);
    await expect(
      s.store().update(() => {
        throw new InputError('x', null, 'no such run');
      }),
    ).rejects.toThrow('no such run');
    expect((await s.store().read()).runs.map((r) => r.run)).toEqual(['run0', 'run2']);
  });

  it('creates the history when there is none', async () => {
    const s = await factory.create();
    await s.store().update((h) => ({ ...h, runs: [...h.runs, sampleRecord('first')] }));
    expect((await s.store().read()).runs.map((r) => r.run)).toEqual(['first']);
  });
});

describe('update on the JSON file store under concurrency', () => {
  it('eight concurrent updates each add their record: none is lost, no temporary file is left', async () => {
    const s = await jsonFileStore.create();
    await s.seed(mfuSeries(1));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.store().update((h) => ({ ...h, runs: [...h.runs, sampleRecord(`w${i}`, 0.4, { runId: `w${i}` })] })),
      ),
    );
    const runs = (await s.store().read()).runs.map((r) => r.run).sort();
    expect(runs).toEqual(['run0', 'w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']);
    expect((await readdir(dirname(s.spec))).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
  });
});
