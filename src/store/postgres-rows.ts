/**
 * A history record ↔ a row of training_metrics_runs: the key columns (identity, order, PR) beside the
 * whole record as JSONB, so fields this version does not know survive a round trip.
 */
import { createHash } from 'node:crypto';
import { InputError, type HistoryRecord } from '../model.js';
import { recordProblem } from './record-problem.js';

export const RUNS = 'training_metrics_runs';
export const META = 'training_metrics_meta';

/** Bytes a key column holds as itself: five of them stay within a btree index row (about 2.7 KB). */
export const KEY_BYTES = 512;

/**
 * A key column's text. PostgreSQL's text holds no NUL, and an index row no more than about 2.7 KB; the
 * JSON store holds both. A value that is either is stored as its first characters (NUL made U+FFFD) and a
 * hash of the whole, so it still identifies the run; the record itself, in the json column, keeps the value
 * exactly (json escapes a NUL).
 */
export function keyText(value: string): string {
  if (!value.includes('\u0000') && Buffer.byteLength(value) <= KEY_BYTES) return value;
  const hash = createHash('sha256').update(value).digest('hex').slice(0, 32);
  return `${[...value.replaceAll('\u0000', '\ufffd')].slice(0, 100).join('')}…#${hash}`;
}

const INT4_MAX = 2 ** 31 - 1;

/** The parameters of UPSERT_RUN, in order. */
export function rowValues(r: HistoryRecord): unknown[] {
  const at = Date.parse(r.recordedAt);
  return [
    keyText(r.experiment),
    keyText(r.fingerprint),
    keyText(r.repository ?? ''),
    keyText(r.runId ?? ''),
    keyText(r.run),
    // integer columns: the record keeps any value; the column a value it can hold.
    Math.min(r.attempt ?? 1, INT4_MAX),
    Number.isFinite(at) ? new Date(at).toISOString() : null,
    Number.isInteger(r.pullRequest) && r.pullRequest! > 0 && r.pullRequest! <= INT4_MAX ? r.pullRequest : null,
    // JSON.stringify as the file stores write it: NaN becomes null alike.
    JSON.stringify(r),
    // The environment's copy (migration 2), for queries; the record above is what is read back.
    r.environment ? JSON.stringify(r.environment) : null,
  ];
}

const COLUMNS =
  'experiment, fingerprint, repository, run_id, run, attempt, recorded_at, pull_request, record, environment';
const PARAMS = '$1, $2, $3, $4, $5, $6, $7, $8, $9::json, $10::json';

/**
 * Insert a run, or replace the record of the same run (a later or equal attempt; an older attempt arriving
 * late changes nothing). The row keeps its id, so a replaced run keeps its place, as in the file stores.
 */
export const UPSERT_RUN = `
INSERT INTO ${RUNS} (${COLUMNS}) VALUES (${PARAMS})
ON CONFLICT (experiment, fingerprint, repository, run_id, run) WHERE run_id <> ''
DO UPDATE SET attempt = excluded.attempt, recorded_at = excluded.recorded_at,
  pull_request = excluded.pull_request, record = excluded.record, environment = excluded.environment
WHERE ${RUNS}.attempt <= excluded.attempt`;

/** A plain insert (a run without identity, or a rewrite of the whole history). */
export const INSERT_RUN = `INSERT INTO ${RUNS} (${COLUMNS}) VALUES (${PARAMS})`;

/** Keep the newest `$3` runs of one experiment and fingerprint. */
export const TRIM_GROUP = `
DELETE FROM ${RUNS} WHERE id IN (
  SELECT id FROM ${RUNS} WHERE experiment = $1 AND fingerprint = $2 ORDER BY id DESC OFFSET $3
)`;

/**
 * A row's record, checked as the JSON store checks its file: a hand-edited or corrupted row is refused
 * with the row's id, experiment and run id and what is wrong, never read as a record.
 */
export function recordFromRow(
  row: { id?: string; experiment?: string; run_id?: string; record: unknown },
  location: string,
): HistoryRecord {
  let r = row.record;
  const where = `row ${row.id ?? '?'} (experiment ${JSON.stringify(row.experiment ?? '?')}, run id ${JSON.stringify(row.run_id ?? '')})`;
  if (typeof r === 'string') {
    try {
      r = JSON.parse(r);
    } catch {
      throw new InputError(
        location,
        null,
        `${where} of the history: the record is not valid JSON; fix or delete the row`,
      );
    }
  }
  const problem = recordProblem(r);
  if (problem)
    throw new InputError(
      location,
      null,
      `${where} of the history: ${problem.what}; fix or delete the row, it is left as it is`,
    );
  return r as HistoryRecord;
}
