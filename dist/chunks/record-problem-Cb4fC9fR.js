import { I as InputError, aY as METRIC_KINDS } from './postgres-url-BezLfty4.js';

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

/**
 * The shape a stored history record must have, checked field by field as every store reads it back (the
 * JSON and git stores' file, PostgreSQL's rows): what is wrong, and where, in words a person can fix.
 */
const KINDS = new Set(METRIC_KINDS);
/** A step as the readers keep them: a number within ±(2^53 − 1), where whole steps stay exact. */
const isStep = (v) => typeof v === 'number' && Math.abs(v) <= Number.MAX_SAFE_INTEGER;
/** A count or a number from 1 (an attempt, a pull request): a whole number JavaScript holds exactly. */
const isCount = (v, least) => Number.isSafeInteger(v) && v >= least;
const DIRECTIONS = new Set(['higher', 'lower', 'none']);
/** What is wrong with one stored record (the path to the field, and the words), or null. */
function recordProblem(r) {
    if (typeof r !== 'object' || r === null || Array.isArray(r))
        return { path: [], what: 'is not an object' };
    const o = r;
    for (const key of ['experiment', 'fingerprint', 'run', 'recordedAt', 'ref', 'sha', 'runId']) {
        if (typeof o[key] !== 'string')
            return { path: [key], what: `"${key}" must be a string` };
    }
    if (o.repository !== undefined && typeof o.repository !== 'string')
        return { path: ['repository'], what: '"repository" must be a string' };
    if (o.attempt !== undefined && !isCount(o.attempt, 1))
        return { path: ['attempt'], what: `"attempt" must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}` };
    // The pull request a run was recorded on: a run with one never counts in a baseline, so every reader
    // must agree on what is one.
    if (o.pullRequest !== undefined && o.pullRequest !== null && !isCount(o.pullRequest, 1))
        return { path: ['pullRequest'], what: '"pullRequest" must be a pull request number (a whole number from 1)' };
    if (o.quarantined !== undefined) {
        const q = o.quarantined;
        if (typeof q !== 'object' || q === null || typeof q.at !== 'string' || typeof q.reason !== 'string')
            return { path: ['quarantined'], what: '"quarantined" must be {"at": "…", "reason": "…"}' };
    }
    if (o.environment !== undefined) {
        const e = o.environment;
        if (typeof e !== 'object' || e === null || Array.isArray(e))
            return { path: ['environment'], what: '"environment" must be an object of field → text' };
        for (const [field, value] of Object.entries(e))
            if (typeof value !== 'string')
                return {
                    path: ['environment', field],
                    what: `environment field ${JSON.stringify(field.slice(0, 100))} must be text, got ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}`,
                };
    }
    for (const key of ['baseline', 'complete']) {
        if (typeof o[key] !== 'boolean')
            return { path: [key], what: `"${key}" must be true or false` };
    }
    if (!isStep(o.steps))
        return { path: ['steps'], what: `"steps" must be a number within ±${Number.MAX_SAFE_INTEGER} (2^53 − 1)` };
    if (typeof o.metrics !== 'object' || o.metrics === null || Array.isArray(o.metrics))
        return { path: ['metrics'], what: '"metrics" must be an object' };
    for (const [name, m] of Object.entries(o.metrics)) {
        const path = ['metrics', name];
        if (typeof m !== 'object' || m === null)
            return { path, what: `metric "${name}" must be an object` };
        const mm = m;
        if (!KINDS.has(mm.kind))
            return { path: [...path, 'kind'], what: `metric "${name}": unknown kind ${JSON.stringify(mm.kind)}` };
        if (!DIRECTIONS.has(mm.direction))
            return {
                path: [...path, 'direction'],
                what: `metric "${name}": unknown direction ${JSON.stringify(mm.direction)}`,
            };
        if (typeof mm.unit !== 'string')
            return { path: [...path, 'unit'], what: `metric "${name}": "unit" must be a string` };
        // null stands for a value JSON cannot hold (NaN): a run whose metric never had a finite value.
        for (const key of ['centre', 'spread', 'n', 'nonFinite']) {
            if (!(typeof mm[key] === 'number' || mm[key] === null))
                return { path: [...path, key], what: `metric "${name}": "${key}" must be a number` };
        }
        if (mm.final !== undefined && !(typeof mm.final === 'number' || mm.final === null))
            return { path: [...path, 'final'], what: `metric "${name}": "final" must be a number` };
        if (mm.samples !== undefined) {
            const ok = Array.isArray(mm.samples) &&
                mm.samples.every((p) => Array.isArray(p) && p.length === 2 && isStep(p[0]) && (typeof p[1] === 'number' || p[1] === null));
            if (!ok)
                return {
                    path: [...path, 'samples'],
                    what: `metric "${name}": "samples" must be [step, value] pairs, steps within ±(2^53 − 1)`,
                };
        }
        if (mm.noise !== undefined && !(typeof mm.noise === 'number' || mm.noise === null))
            return { path: [...path, 'noise'], what: `metric "${name}": "noise" must be a number` };
        if (mm.regressed !== undefined && mm.regressed !== true)
            return { path: [...path, 'regressed'], what: `metric "${name}": "regressed" must be true when present` };
        if (mm.curve !== undefined && !isCurve(mm.curve))
            return {
                path: [...path, 'curve'],
                what: `metric "${name}": "curve" must be {every, start, means, counts} with one mean (or null) per count`,
            };
    }
    return null;
}
/**
 * A StepCurve as the stores write it: a power-of-two width up to 2^53, a start and counts that are exact
 * whole numbers, means and counts alike long.
 */
function isCurve(c) {
    if (typeof c !== 'object' || c === null)
        return false;
    const { every, start, means, counts } = c;
    return (typeof every === 'number' &&
        every >= 1 &&
        every <= 2 ** 53 &&
        Number.isInteger(Math.log2(every)) &&
        Number.isSafeInteger(start) &&
        Array.isArray(means) &&
        Array.isArray(counts) &&
        means.length === counts.length &&
        means.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v))) &&
        counts.every((n) => isCount(n, 0)));
}

export { LOCK_SPACE as L, refuseNewer as a, migrate as m, recordProblem as r, schemaVersion as s };
