/**
 * `history migrate --from A --to B` between every pair of stores (real JSON files, real git data branches):
 * lossless (every record's canonical-JSON SHA-256 the same after the round trip), idempotent (the same
 * migration again changes nothing), and refused, target untouched, where the target holds other records.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { historyDigest } from '../../src/store/record-checksum.js';
import { sampleRecord } from '../helpers/history-records.js';
import { cliIn } from '../helpers/cli-in-process.js';
import { mfuSeries } from './series.js';
import { STORES, postgresServer } from './stores.js';

afterAll(() => postgresServer.stop());

/** A location as messages show it: a URL's user part is redacted with its credentials. */
const shown = (location: string) => location.replace(/^([a-z]+:\/\/)[^@/]+@/, '$1***@');

const PAIRS = STORES.flatMap((a) => STORES.map((b) => ({ from: a, to: b, name: `${a.name} → ${b.name}` })));

/** Records with every optional field a store must keep: quarantine, attempts, environment, samples, null for NaN, odd names. */
function richHistory() {
  return [
    ...mfuSeries(5),
    sampleRecord('ünïcode "run", with\nnewline', 0.41, {
      runId: 'r-9',
      repository: 'org/repo',
      attempt: 2,
      quarantined: { at: '2026-03-01T00:00:00.000Z', reason: 'flaky node' },
      environment: {
        cuda: '12.4',
        image: 'nvcr.io/nvidia/pytorch@sha256:ab',
        'nvidia-nccl-cu12': '2.20.5',
        'é"\\': '',
      },
      metrics: {
        loss: {
          kind: 'loss',
          direction: 'lower',
          unit: '',
          centre: 2.75,
          spread: 0.01,
          n: 100,
          nonFinite: 1,
          final: 2.5,
          samples: [
            [0, 10.5],
            [100, 2.5],
          ],
        },
        mfu: { kind: 'window', direction: 'higher', unit: 'ratio', centre: 1e-7, spread: 0, n: 3, nonFinite: 0 },
      },
    }),
    sampleRecord('other', 0.4, { experiment: 'llama', fingerprint: '', baseline: true }),
  ];
}

describe.each(PAIRS)('history migrate $name', ({ from, to }) => {
  it('is lossless, verified by counts and checksums, and idempotent', async () => {
    const a = await from.create();
    // A store of each kind per folder: the target of the same kind is a sibling (a second file or branch).
    const b = from === to ? a.sibling() : await to.create();
    try {
      const records = richHistory();
      await a.seed(records);
      const expected = historyDigest((await a.store().read()).runs);
      // The git store works from a checkout: run where the git side is (a JSON file's path is absolute).
      const cwd = to.name.startsWith('git') ? b.cwd : a.cwd;
      const r = await cliIn(cwd, ['history', 'migrate', '--from', a.spec, '--to', b.spec]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(
        `migrated 7 records of 2 experiments from ${shown(a.store().location)} to ${shown(b.store().location)}`,
      );
      expect(r.out).toContain(`sha256 ${expected.digest}`);
      const written = historyDigest((await b.store().read()).runs);
      expect(written.count).toBe(7);
      expect(written.digest).toBe(expected.digest);
      const again = await cliIn(cwd, ['history', 'migrate', '--from', a.spec, '--to', b.spec]);
      expect(again.code, again.err).toBe(0);
      expect(again.out).toContain('(7 of them were there already)');
      expect(historyDigest((await b.store().read()).runs).digest).toBe(expected.digest);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe.each(STORES)('history migrate into a $name store that is not empty', (factory) => {
  it('refuses a target holding records the source lacks, and writes nothing', async () => {
    const a = await factory.create();
    const b = a.sibling();
    await a.seed(mfuSeries(3));
    await b.seed([sampleRecord('someone-else', 0.5, { runId: 'x' })]);
    const before = historyDigest((await b.store().read()).runs).digest;
    const r = await cliIn(a.cwd, ['history', 'migrate', '--from', a.spec, '--to', b.spec]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('the target history already holds 1 records, 1 of them not in the source');
    expect(historyDigest((await b.store().read()).runs).digest).toBe(before);
  });

  it('completes a migration that stopped half way (the target holds some of the source)', async () => {
    const a = await factory.create();
    const b = a.sibling();
    const records = mfuSeries(6);
    await a.seed(records);
    await b.seed(records.slice(0, 2));
    const r = await cliIn(a.cwd, ['history', 'migrate', '--from', a.spec, '--to', b.spec]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('(2 of them were there already)');
    expect(historyDigest((await b.store().read()).runs).digest).toBe(historyDigest(records).digest);
  });

  it('a source that does not exist, or the same store twice, is exit 2', async () => {
    const a = await factory.create();
    const missing = await cliIn(a.cwd, ['history', 'migrate', '--from', a.spec, '--to', a.sibling().spec]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('the history to migrate from does not exist');
    await a.seed(mfuSeries(1));
    const same = await cliIn(a.cwd, ['history', 'migrate', '--from', a.spec, '--to', a.spec]);
    expect(same.code).toBe(2);
    expect(same.err).toContain('--from and --to are the same history');
  });
});
