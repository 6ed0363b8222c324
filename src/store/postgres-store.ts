/**
 * History in PostgreSQL, for fleets: many repositories and writers at once. The store's operations share
 * one connection (postgres-connection.ts; close() ends it) and each write is one transaction; concurrent
 * writers are safe by construction: a run's
 * identity is a unique index written with INSERT … ON CONFLICT, and trimming to `max` happens in the same
 * transaction under an advisory lock per experiment and fingerprint, so writers of other experiments
 * never wait. The schema is created and migrated by the tool itself (postgres-migrations.ts).
 */
import type { ClientBase as Client } from 'pg';
import { InputError, type HistoryRecord } from '../model.js';
import { emptyHistory, HISTORY_FORMAT, type HistoryFile } from './history.js';
import { LOCK_SPACE, migrate, refuseNewer, schemaVersion } from './postgres-migrations.js';
import { INSERT_RUN, keyText, META, recordFromRow, rowValues, RUNS, TRIM_GROUP, UPSERT_RUN } from './postgres-rows.js';
import { PostgresConnection } from './postgres-connection.js';
import { historySecrets, parsePostgresSpec, type PostgresTarget } from './postgres-url.js';
import { HistoryStoreError, type HistoryQuery, type HistoryStore } from './store.js';

/** SQLSTATE classes that are the user's to fix (a wrong password, user or database), not an outage. */
const USER_ERRORS = new Set(['28P01', '28000', '3D000', '42501']);

export class PostgresStore implements HistoryStore {
  readonly location: string;
  /** A database reads only what it judges: every run is kept unless history-max says otherwise. */
  readonly defaultMax = Number.POSITIVE_INFINITY;
  private readonly target: PostgresTarget;
  private readonly secrets: string[];
  private readonly connection: PostgresConnection;

  constructor(
    spec: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.target = parsePostgresSpec(spec);
    this.location = this.target.location;
    this.secrets = historySecrets(spec, env);
    this.connection = new PostgresConnection(this.target.connectionString);
  }

  /** Connects in the background, while the caller reads its files. */
  prepare(): void {
    this.connection.warm();
  }

  /** Ends the store's connection; a later operation opens a new one. */
  close(): Promise<void> {
    return this.connection.close();
  }

  async read(query: HistoryQuery = {}): Promise<HistoryFile> {
    return (await this.readIfExists(query)) ?? emptyHistory();
  }

  /**
   * Null when the database has no history schema yet. Narrowed to the experiments asked for (when one has
   * no runs, one run of each of a few other experiments besides, for the message that says so).
   */
  async readIfExists(query: HistoryQuery = {}): Promise<HistoryFile | null> {
    return this.withClient(async (client) => {
      const version = await schemaVersion(client);
      refuseNewer(version, this.location);
      if (version === null) return null;
      return selectHistory(client, query.experiments, this.location);
    });
  }

  /**
   * Returns the records given, as written: no caller needs the rest of their experiments, and reading
   * them back would cost a query and the parsing of up to `max` records per experiment.
   */
  async append(records: readonly HistoryRecord[], max: number): Promise<HistoryFile> {
    const failed: string[] = [];
    const written = await this.transaction(async (client) => {
      const groups = await lockGroups(client, records);
      const done: HistoryRecord[] = [];
      // Each record under a savepoint of its own: one the database refuses costs that record only.
      for (const r of records) {
        await client.query('SAVEPOINT one_record');
        try {
          await client.query(r.runId ? UPSERT_RUN : INSERT_RUN, rowValues(r));
          await client.query('RELEASE SAVEPOINT one_record');
          done.push(r);
        } catch (e) {
          if (lockOrTimeout(e)) throw e;
          await client.query('ROLLBACK TO SAVEPOINT one_record');
          failed.push(
            `run ${JSON.stringify(r.run)} of ${JSON.stringify(r.experiment)}: ${this.redact((e as Error).message)}`,
          );
        }
      }
      if (Number.isFinite(max))
        for (const [experiment, fingerprint] of groups) await client.query(TRIM_GROUP, [experiment, fingerprint, max]);
      return { ...emptyHistory(), runs: done };
    });
    if (failed.length)
      throw new HistoryStoreError(
        `PostgreSQL history ${this.location}: ${failed.length} of ${records.length} run(s) could not be written (the other ${written.runs.length} were recorded): ${failed.slice(0, 3).join('; ')}${failed.length > 3 ? '; …' : ''}`,
      );
    return written;
  }

  /** Read-modify-write of the whole history in one transaction that keeps every other writer out. */
  async update(change: (history: HistoryFile) => HistoryFile): Promise<HistoryFile> {
    return this.transaction(async (client) => {
      await client.query(`LOCK TABLE ${RUNS}, ${META} IN EXCLUSIVE MODE`);
      const rows = await client.query<{ id: string; experiment: string; run_id: string; record: unknown }>(
        `SELECT id, experiment, run_id, record FROM ${RUNS} ORDER BY id`,
      );
      const ids = new Map<HistoryRecord, string>();
      const text = new Map<string, string>();
      const runs = rows.rows.map((row) => {
        const r = recordFromRow(row, this.location);
        ids.set(r, row.id);
        text.set(row.id, JSON.stringify(r));
        return r;
      });
      const before: HistoryFile = { format: HISTORY_FORMAT, runs, ...(await selectExtra(client)) };
      const next = change(before);
      await writeChanges(client, next.runs, ids, text);
      await client.query(`DELETE FROM ${META} WHERE key = 'extra'`);
      if (next.extra && Object.keys(next.extra).length)
        await client.query(`INSERT INTO ${META} (key, value) VALUES ('extra', $1::json)`, [JSON.stringify(next.extra)]);
      return { ...next, format: HISTORY_FORMAT };
    });
  }

  private async transaction<T>(work: (client: Client) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      await client.query('BEGIN');
      try {
        await migrate(client, this.location);
        const out = await work(client);
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    });
  }

  private async withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    try {
      return await this.connection.withClient(work);
    } catch (e) {
      throw this.failure(e);
    }
  }

  private redact(text: string): string {
    for (const s of this.secrets) text = text.split(s).join('***');
    return text;
  }

  /** An error naming host and database, with every form of the password taken out. */
  private failure(e: unknown): Error {
    if (e instanceof InputError || e instanceof HistoryStoreError) return e;
    const text = this.redact((e as Error)?.message || String(e));
    const code = (e as { code?: string }).code ?? '';
    const message = `PostgreSQL history ${this.location}: ${text}${code && !text.includes(code) ? ` (${code})` : ''}`;
    return USER_ERRORS.has(code) ? new InputError(this.location, null, text) : new HistoryStoreError(message);
  }
}

async function selectHistory(
  client: Client,
  experiments: readonly string[] | undefined,
  location: string,
): Promise<HistoryFile> {
  const keys = experiments?.map(keyText);
  const rows = keys
    ? await client.query(`SELECT id, experiment, run_id, record FROM ${RUNS} WHERE experiment = ANY($1) ORDER BY id`, [
        keys,
      ])
    : await client.query(`SELECT id, experiment, run_id, record FROM ${RUNS} ORDER BY id`);
  // An experiment without runs: one run of a few others, so "no comparable runs" can name what there is.
  const found = new Set(rows.rows.map((r) => r.experiment));
  if (keys?.some((e) => !found.has(e)))
    rows.rows.push(
      ...(
        await client.query(
          `SELECT DISTINCT ON (experiment) id, experiment, run_id, record FROM ${RUNS} WHERE NOT (experiment = ANY($1)) ORDER BY experiment LIMIT 6`,
          [keys],
        )
      ).rows,
    );
  return {
    format: HISTORY_FORMAT,
    runs: rows.rows.map((row) => recordFromRow(row, location)),
    ...(await selectExtra(client)),
  };
}

/** A lock or statement timeout, or a cancelled query: the whole write ends, it is no record's fault. */
function lockOrTimeout(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? '';
  return code === '55P03' || code === '57014' || code.startsWith('08') || code === '40P01';
}

async function selectExtra(client: Client): Promise<{ extra?: Record<string, unknown> }> {
  const r = await client.query<{ value: Record<string, unknown> }>(`SELECT value FROM ${META} WHERE key = 'extra'`);
  return r.rows[0] ? { extra: r.rows[0].value } : {};
}

/** Lock each experiment and fingerprint written to, in one order for all writers (no deadlock). */
async function lockGroups(client: Client, records: readonly HistoryRecord[]): Promise<[string, string][]> {
  const keys = [...new Set(records.map((r) => JSON.stringify([keyText(r.experiment), keyText(r.fingerprint)])))].sort();
  const groups = keys.map((k) => JSON.parse(k) as [string, string]);
  for (const [experiment, fingerprint] of groups)
    await client.query(`SELECT pg_advisory_xact_lock($1, hashtext($2 || chr(10) || $3))`, [
      LOCK_SPACE + 1,
      experiment,
      fingerprint,
    ]);
  return groups;
}

/**
 * Write what `change` returned: rows it dropped are deleted, records it changed are rewritten in place.
 * When it kept the order and only added at the end, nothing else moves; otherwise the table is rewritten
 * in the new order (the order is the id).
 */
async function writeChanges(
  client: Client,
  runs: readonly HistoryRecord[],
  ids: Map<HistoryRecord, string>,
  text: Map<string, string>,
): Promise<void> {
  const kept = runs.map((r) => ids.get(r) ?? null);
  const firstNew = kept.indexOf(null);
  const appendedOnly = (firstNew < 0 ? kept : kept.slice(0, firstNew)).every(
    (id, i, a) => id !== null && (i === 0 || BigInt(id) > BigInt(a[i - 1]!)),
  );
  const inOrder = appendedOnly && kept.slice(firstNew < 0 ? kept.length : firstNew).every((id) => id === null);
  if (!inOrder) {
    await client.query(`DELETE FROM ${RUNS}`);
    for (const r of runs) await client.query(INSERT_RUN, rowValues(r));
    return;
  }
  const keep = new Set(kept.filter((id): id is string => id !== null));
  const dropped = [...text.keys()].filter((id) => !keep.has(id));
  if (dropped.length) await client.query(`DELETE FROM ${RUNS} WHERE id = ANY($1::bigint[])`, [dropped]);
  for (const r of runs) {
    const id = ids.get(r);
    if (id === undefined) await client.query(INSERT_RUN, rowValues(r));
    else if (JSON.stringify(r) !== text.get(id)) {
      const v = rowValues(r);
      await client.query(
        `UPDATE ${RUNS} SET experiment = $1, fingerprint = $2, repository = $3, run_id = $4, run = $5, attempt = $6, recorded_at = $7, pull_request = $8, record = $9::json, environment = $10::json WHERE id = $11`,
        [...v, id],
      );
    }
  }
}
