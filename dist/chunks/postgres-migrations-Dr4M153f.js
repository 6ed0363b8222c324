import { I as InputError } from './postgres-url-BRo1qHrx.js';

/** The advisory lock (a pair of keys of this tool's own) that migrations and group writes take. */
const LOCK_SPACE = 0x746d67;
const MIGRATION_LOCK = 0;
const SCHEMA_TABLE = 'training_metrics_schema';
const MIGRATIONS = [
    {
        version: 1,
        description: 'runs keyed by experiment, fingerprint and run identity; the record kept whole as JSON',
        sql: `
-- The record is json, not jsonb: jsonb reorders keys, and a record must read back as it was written (a
-- migration between stores is checked by checksums of the records).
CREATE TABLE training_metrics_runs (
  id bigserial PRIMARY KEY,
  experiment text NOT NULL,
  fingerprint text NOT NULL,
  repository text NOT NULL DEFAULT '',
  run_id text NOT NULL DEFAULT '',
  run text NOT NULL,
  attempt integer NOT NULL DEFAULT 1,
  recorded_at timestamptz,
  pull_request integer,
  record json NOT NULL
);
-- A run recorded again (a re-run attempt, the same run-id) is the same row; a run without an id has no identity.
CREATE UNIQUE INDEX training_metrics_runs_identity
  ON training_metrics_runs (experiment, fingerprint, repository, run_id, run) WHERE run_id <> '';
-- The comparable runs of an experiment and fingerprint in the order they were recorded.
CREATE INDEX training_metrics_runs_comparable ON training_metrics_runs (experiment, fingerprint, id);
-- Date ranges of an experiment (the history listing).
CREATE INDEX training_metrics_runs_recorded ON training_metrics_runs (experiment, fingerprint, recorded_at);
-- Top-level keys of a history file this version does not know, kept so a migration is lossless.
CREATE TABLE training_metrics_meta (key text PRIMARY KEY, value json NOT NULL);
`,
    },
    {
        version: 2,
        description: "each run's environment (driver, CUDA, image, packages) in a column of its own, to query",
        sql: `
-- A copy of the record's "environment" for queries (which runs had torch 2.5.0?); the record stays whole
-- and is what is read back. Filled from the records already there: an object only, so a record's
-- "environment": null is SQL NULL here, as a run that recorded none is.
ALTER TABLE training_metrics_runs ADD COLUMN environment json;
UPDATE training_metrics_runs SET environment = record -> 'environment'
  WHERE json_typeof(record -> 'environment') = 'object';
`,
    },
];
const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
/** The schema's version, or null when this database has none yet (nothing was recorded in it). */
async function schemaVersion(client) {
    const exists = await client.query('SELECT to_regclass($1) AS t', [SCHEMA_TABLE]);
    if (!exists.rows[0]?.t)
        return null;
    const r = await client.query(`SELECT max(version) AS v FROM ${SCHEMA_TABLE}`);
    return r.rows[0]?.v ?? null;
}
/** InputError when a newer version migrated the database: this one would misread or damage it. */
function refuseNewer(version, location) {
    if (version !== null && version > SCHEMA_VERSION)
        throw new InputError(location, null, `the history's schema is version ${version}, written by a newer version of training-metrics-gate; this version knows up to ${SCHEMA_VERSION}: upgrade it (the database is left as it is)`);
}
/**
 * Bring the schema to SCHEMA_VERSION inside the caller's transaction. The lock is taken only when
 * something is missing, so the usual run (schema current) costs one query.
 */
async function migrate(client, location) {
    const seen = await schemaVersion(client);
    refuseNewer(seen, location);
    if (seen === SCHEMA_VERSION)
        return;
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_SPACE, MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS ${SCHEMA_TABLE} (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    // Again under the lock: another process may have migrated while this one waited.
    const now = await schemaVersion(client);
    refuseNewer(now, location);
    for (const m of MIGRATIONS) {
        if (now !== null && m.version <= now)
            continue;
        await client.query(m.sql);
        await client.query(`INSERT INTO ${SCHEMA_TABLE} (version, description) VALUES ($1, $2)`, [
            m.version,
            m.description,
        ]);
    }
}

export { LOCK_SPACE as L, migrate as m, refuseNewer as r, schemaVersion as s };
