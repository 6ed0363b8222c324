/**
 * The PostgreSQL store against a real Debian PostgreSQL: the schema it creates and migrates itself
 * (once, under a lock, however many first runs start together), refusing a newer schema, reads narrowed
 * to one experiment, the indexed query, and update() as one transaction.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/model.js';
import { HistoryStoreError, openHistory } from '../../src/store/index.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/store/postgres-migrations.js';
import { historyDigest } from '../../src/store/record-checksum.js';
import { sampleRecord } from '../helpers/history-records.js';
import { postgresServer } from './store-kinds.js';

afterAll(() => postgresServer.stop());

/** Every migration, applied once each. */
const ALL_VERSIONS = MIGRATIONS.map((m) => ({ version: m.version }));

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!postgresServer.available)('PostgreSQL history store (real PostgreSQL)', () => {
  it('reads nothing from a database without its schema, and creates the schema on the first write', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    expect(await store.readIfExists()).toBeNull();
    expect((await store.read()).runs).toEqual([]);
    // A read never creates anything.
    expect(await sql(url, `SELECT to_regclass('training_metrics_runs') AS t`)).toEqual([{ t: null }]);
    await store.append([sampleRecord('a')], 10);
    expect(await sql(url, 'SELECT version FROM training_metrics_schema ORDER BY version')).toEqual(ALL_VERSIONS);
    expect((await store.readIfExists())?.runs.map((r) => r.run)).toEqual(['a']);
  }, 60_000);

  it('uses one connection for all its operations, the read and the append of a record, until close(); append returns what it wrote', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const ours = () =>
      sql<{ pid: number }>(
        url,
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'training-metrics-gate'`,
      );
    const store = openHistory(url);
    await store.append([sampleRecord('a')], 10);
    const first = await ours();
    expect(first).toHaveLength(1);
    await store.read({ experiments: ['gpt-small'] });
    // What it wrote, not the experiment read back (run "a" is not in it).
    expect((await store.append([sampleRecord('b')], 10)).runs.map((r) => r.run)).toEqual(['b']);
    expect(await ours()).toEqual(first);
    await store.close();
    // The server ends the backend once the client said goodbye; it may take a moment to leave the list.
    for (let i = 0; i < 50 && (await ours()).length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await ours()).toEqual([]);
    // Closed is not broken: the next operation connects again.
    expect((await store.read()).runs.map((r) => r.run)).toEqual(['a', 'b']);
    await store.close();
  }, 60_000);

  it('migrates once when 8 first writers start together, and loses none of their records', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        openHistory(url).append([sampleRecord(`w${i}`, 0.4, { runId: `${i}` })], 100),
      ),
    );
    expect(await sql(url, 'SELECT version FROM training_metrics_schema ORDER BY version')).toEqual(ALL_VERSIONS);
    expect((await openHistory(url).read()).runs.map((r) => r.run).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `w${i}`),
    );
  }, 60_000);

  it('refuses a schema written by a newer version, and leaves the database as it is', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    await store.append([sampleRecord('a')], 10);
    await sql(url, `INSERT INTO training_metrics_schema (version, description) VALUES ($1, 'from the future')`, [
      SCHEMA_VERSION + 1,
    ]);
    for (const attempt of [() => store.read(), () => store.append([sampleRecord('b')], 10)]) {
      const e = await attempt().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(InputError);
      expect((e as Error).message).toMatch(/newer version of training-metrics-gate.*upgrade it/);
    }
    expect(await sql(url, 'SELECT count(*)::int AS n FROM training_metrics_runs')).toEqual([{ n: 1 }]);
  }, 60_000);

  it('migrates a version-1 database to the environment column: its records read back identically, and the column is filled', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    // A database as version 1 left it: its schema, and rows written with its columns.
    await sql(url, MIGRATIONS[0]!.sql);
    await sql(
      url,
      'CREATE TABLE training_metrics_schema (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await sql(url, `INSERT INTO training_metrics_schema (version, description) VALUES (1, 'v1')`);
    const old = [
      sampleRecord('a', 0.42, { runId: '1' }),
      sampleRecord('b', 0.41, { runId: '2', environment: { cuda: '12.4', torch: '2.4.1', 'x"y': 'a\\b' } }),
    ];
    for (const r of old)
      await sql(
        url,
        'INSERT INTO training_metrics_runs (experiment, fingerprint, repository, run_id, run, record) VALUES ($1, $2, $3, $4, $5, $6::json)',
        [r.experiment, r.fingerprint, '', r.runId, r.run, JSON.stringify(r)],
      );
    const store = openHistory(url);
    // Reading does not migrate; the first write does, and every record reads back as it was.
    expect(historyDigest((await store.read()).runs)).toEqual(historyDigest(old));
    const added = sampleRecord('c', 0.4, { runId: '3', environment: { cuda: '12.6', torch: '2.4.1' } });
    await store.append([added], 10);
    await store.close();
    expect(await sql(url, 'SELECT version FROM training_metrics_schema ORDER BY version')).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
    expect(historyDigest((await openHistory(url).read()).runs)).toEqual(historyDigest([...old, added]));
    const rows = await sql<{ run: string; cuda: string | null; none: boolean }>(
      url,
      `SELECT run, environment ->> 'cuda' AS cuda, environment IS NULL AS none FROM training_metrics_runs ORDER BY id`,
    );
    expect(rows).toEqual([
      { run: 'a', cuda: null, none: true },
      { run: 'b', cuda: '12.4', none: false },
      { run: 'c', cuda: '12.6', none: false },
    ]);
  }, 60_000);

  it('narrows a read to the experiments asked for, through an index on experiment and fingerprint', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    await store.append(
      [sampleRecord('a'), sampleRecord('b', 0.4, { experiment: 'other' }), sampleRecord('c', 0.4, { runId: '2' })],
      10,
    );
    expect((await store.read({ experiments: ['gpt-small'] })).runs.map((r) => r.run)).toEqual(['a', 'c']);
    expect((await store.read()).runs).toHaveLength(3);
    // A batch of several experiments reads those, not the whole history.
    expect((await store.read({ experiments: ['gpt-small', 'other'] })).runs.map((r) => r.run)).toEqual(['a', 'b', 'c']);
    // An experiment with no runs: a few others' names, so the gate can say what the history holds.
    expect((await store.read({ experiments: ['gpt-smal'] })).runs.map((r) => r.experiment)).toEqual([
      'gpt-small',
      'other',
    ]);
    const indexes = await sql<{ indexdef: string }>(
      url,
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'training_metrics_runs' ORDER BY indexname`,
    );
    expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/\(experiment, fingerprint, id\)/);
    // With sequential scans off, the planner answers "the last N comparable runs" from the index.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('SET enable_seqscan = off');
    const plan = await c.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT record FROM training_metrics_runs WHERE experiment = 'x' AND fingerprint = 'y' ORDER BY id DESC LIMIT 30`,
    );
    await c.end();
    expect(plan.rows.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/Index Scan.*training_metrics_runs_comparable/);
  }, 60_000);

  it('update() rewrites in one transaction: a run dropped, one changed, one added, the order kept', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url) as ReturnType<typeof openHistory> & {
      update: (
        c: (h: import('../../src/store/index.js').HistoryFile) => import('../../src/store/index.js').HistoryFile,
      ) => Promise<unknown>;
    };
    await store.append(
      ['a', 'b', 'c'].map((r, i) => sampleRecord(r, 0.4, { runId: `${i}` })),
      10,
    );
    await store.update((h) => ({
      ...h,
      runs: [
        ...h.runs.filter((r) => r.run !== 'b').map((r) => (r.run === 'c' ? { ...r, quarantinedNote: 'x' } : r)),
        sampleRecord('d', 0.4, { runId: '9' }),
      ],
      extra: { note: 'kept' },
    }));
    const h = await store.read();
    expect(h.runs.map((r) => r.run)).toEqual(['a', 'c', 'd']);
    expect((h.runs[1] as unknown as { quarantinedNote: string }).quarantinedNote).toBe('x');
    expect(h.extra).toEqual({ note: 'kept' });
    // A change that throws writes nothing.
    await expect(
      store.update(() => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect((await store.read()).runs).toHaveLength(3);
  }, 60_000);

  it('names host and database when it cannot connect; a wrong password or database is the user’s to fix', async () => {
    const server = await postgresServer.get();
    const wrongPassword = server.url.replace(/:[^:@/]+@/, ':not-the-password@');
    const e1 = await openHistory(wrongPassword)
      .read()
      .catch((x: unknown) => x);
    expect(e1).toBeInstanceOf(InputError);
    expect((e1 as Error).message).toMatch(/password authentication failed/);
    const noDb = server.url.replace(/\/tmg$/, '/no_such_db');
    const e2 = await openHistory(noDb)
      .read()
      .catch((x: unknown) => x);
    expect(e2).toBeInstanceOf(InputError);
    expect((e2 as InputError).message).toContain('127.0.0.1');
    const down = await openHistory('postgres://u:s3cr3t-pw@127.0.0.1:1/metrics')
      .read()
      .catch((x: unknown) => x);
    expect(down).toBeInstanceOf(HistoryStoreError);
    expect((down as Error).message).toContain('postgres://u@127.0.0.1:1/metrics');
    expect((down as Error).message).not.toContain('s3cr3t');
  }, 60_000);

  it('a table lock held by another session ends a record at lock_timeout with a clear error, never a hang', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    await openHistory(url).append([sampleRecord('a')], 10);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE training_metrics_runs IN ACCESS EXCLUSIVE MODE');
      // The URL's lock_timeout (ms) wins over the 30 s default.
      const store = openHistory(`${url}${url.includes('?') ? '&' : '?'}lock_timeout=500`);
      const error = await store.append([sampleRecord('b')], 10).catch((e: unknown) => e);
      await store.close();
      expect(String(error)).toMatch(/lock timeout/i);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    // Once the lock is gone the same record goes in; nothing was half-written.
    const store = openHistory(url);
    await store.append([sampleRecord('b')], 10);
    expect((await store.read()).runs.map((r) => r.run)).toEqual(['a', 'b']);
    await store.close();
  }, 60_000);
});
