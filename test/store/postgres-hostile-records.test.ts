/**
 * The PostgreSQL store against hostile and broken records (a real Debian PostgreSQL): names with a NUL,
 * fingerprints far over an index row and numbers beyond an integer column are recorded and read back exactly, as the JSON store records them;
 * a record the database refuses costs that record only and is named; a hand-corrupted row is refused with
 * its id, experiment and run id, never read as a record or a stack.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/model.js';
import { HistoryStoreError, openHistory } from '../../src/store/index.js';
import { cliHere } from '../helpers/cli-in-process.js';
import { sampleRecord } from '../helpers/history-records.js';
import { postgresServer } from './store-kinds.js';

afterAll(() => postgresServer.stop());

async function sql(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResultRow[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!postgresServer.available)('PostgreSQL history store, hostile records (real PostgreSQL)', () => {
  it('records a NUL in a name and a 10 KB fingerprint, reads them back exactly and finds them by name', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    const nul = sampleRecord('night\u0000ly', 0.4, {
      experiment: 'exp\u0000one',
      runId: 'id\u0000',
      // The environment's own column (migration 2) holds it too.
      environment: { 'to\u0000rch': '2.5\u0000.0', '"quoted"': '\\' },
    });
    const long = sampleRecord('long', 0.41, { fingerprint: `config=${'x'.repeat(10_000)}`, pullRequest: 2 ** 40 });
    const plain = sampleRecord('plain', 0.42, { attempt: 2 ** 33 });
    await store.append([nul, long, plain], 10);
    expect((await store.read()).runs).toEqual([nul, long, plain]);
    expect((await store.read({ experiments: ['exp\u0000one'] })).runs[0]).toEqual(nul);
    // The same run recorded again replaces its record (its identity survived the bounding).
    await store.append([{ ...long, attempt: 2 }], 10);
    const runs = (await store.read()).runs;
    expect(runs.map((r) => [r.run, r.attempt ?? 1])).toEqual([
      ['night\u0000ly', 1],
      ['long', 2],
      ['plain', 2 ** 33],
    ]);
    await store.close();
  }, 60_000);

  it('a record the database refuses fails that record only, named; the others are recorded', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    // What the tool writes is always storable; a rule the database's owner added is not ours to know.
    await store.append([sampleRecord('seed')], 10);
    await sql(url, `ALTER TABLE training_metrics_runs ADD CONSTRAINT owners_rule CHECK (run <> 'bad')`);
    await sql(url, `DELETE FROM training_metrics_runs`);
    const refused = sampleRecord('bad', 0.4);
    const error = await store
      .append([sampleRecord('first'), refused, sampleRecord('third')], 10)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryStoreError);
    expect(String(error)).toMatch(
      /1 of 3 run\(s\) could not be written \(the other 2 were recorded\): run "bad" of "gpt-small": .*owners_rule/,
    );
    expect((await store.read()).runs.map((r) => r.run)).toEqual(['first', 'third']);
    await store.close();
  }, 60_000);

  it('an environment field that is not text is a record problem, named, never a crash', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    await store.append([sampleRecord('a', 0.4, { environment: { cuda: '12.4' } })], 10);
    await sql(url, `UPDATE training_metrics_runs SET record = replace(record::text, '"12.4"', '12.4')::json`);
    const e = await store.read().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toMatch(
      /row \d+ \(experiment "gpt-small", run id "1"\) of the history: environment field "cuda" must be text, got number/,
    );
    await store.close();
  }, 60_000);

  it('refuses a hand-corrupted row naming its id, experiment and run id, and leaves it as it is', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    await store.append([sampleRecord('a'), sampleRecord('b', 0.4, { runId: '7' })], 10);
    await sql(url, `UPDATE training_metrics_runs SET record = '{"experiment": 5}' WHERE run = 'b'`);
    const [row] = await sql(url, `SELECT id FROM training_metrics_runs WHERE run = 'b'`);
    for (const attempt of [() => store.read(), () => store.update((h) => h)]) {
      const e = await attempt().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(InputError);
      expect((e as Error).message).toBe(
        `${store.location}: row ${row!.id} (experiment "gpt-small", run id "7") of the history: "experiment" must be a string; fix or delete the row, it is left as it is`,
      );
    }
    await sql(url, `UPDATE training_metrics_runs SET record = 'null' WHERE run = 'b'`);
    expect(String(await store.read().catch((x: unknown) => x))).toMatch(/row \d+ .* of the history: is not an object/);
    expect((await sql(url, 'SELECT count(*)::int AS n FROM training_metrics_runs'))[0]!.n).toBe(2);
    await store.close();
  }, 60_000);

  it('a scheduled check (record: auto) whose run cannot be recorded fails the job, verdict printed', async () => {
    const url = await (await postgresServer.get()).newDatabase();
    const store = openHistory(url);
    await store.append([sampleRecord('seed')], 10);
    await store.close();
    await sql(url, `ALTER TABLE training_metrics_runs ADD CONSTRAINT owners_rule CHECK (experiment <> 'refused')`);
    const env = { PATH: process.env.PATH, GITHUB_EVENT_NAME: 'schedule', GITHUB_REF: 'refs/heads/main' };
    const csv = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
    const r = await cliHere(['check', '--history', url, '--experiment', 'refused', '--csv', csv], env);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/history: could not record in .*1 of 1 run\(s\) could not be written .*owners_rule/);
    expect(r.out + r.err).toMatch(/no comparable runs|first run/i);
  }, 60_000);
});
