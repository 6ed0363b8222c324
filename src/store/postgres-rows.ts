/**
 * A history record ↔ a row of training_metrics_runs: the key columns (identity, order, PR) beside the
 * whole record as JSONB, so fields this version does not know survive a round trip.
 */
import type { HistoryRecord } from '../model.js';

export const RUNS = 'training_metrics_runs';
export const META = 'training_metrics_meta';

/** The parameters of UPSERT_RUN, in order. */
export function rowValues(r: HistoryRecord): unknown[] {
  const at = Date.parse(r.recordedAt);
  return [
    r.experiment,
    r.fingerprint,
    r.repository ?? '',
    r.runId ?? '',
    r.run,
    r.attempt ?? 1,
    Number.isFinite(at) ? new Date(at).toISOString() : null,
    Number.isInteger(r.pullRequest) ? r.pullRequest : null,
    // JSON.stringify as the file stores write it: NaN becomes null alike.
    JSON.stringify(r),
  ];
}

const COLUMNS = 'experiment, fingerprint, repository, run_id, run, attempt, recorded_at, pull_request, record';
const PARAMS = '$1, $2, $3, $4, $5, $6, $7, $8, $9::json';

/**
 * Insert a run, or replace the record of the same run (a later or equal attempt; an older attempt arriving
 * late changes nothing). The row keeps its id, so a replaced run keeps its place, as in the file stores.
 */
export const UPSERT_RUN = `
INSERT INTO ${RUNS} (${COLUMNS}) VALUES (${PARAMS})
ON CONFLICT (experiment, fingerprint, repository, run_id, run) WHERE run_id <> ''
DO UPDATE SET attempt = excluded.attempt, recorded_at = excluded.recorded_at,
  pull_request = excluded.pull_request, record = excluded.record
WHERE ${RUNS}.attempt <= excluded.attempt`;

/** A plain insert (a run without identity, or a rewrite of the whole history). */
export const INSERT_RUN = `INSERT INTO ${RUNS} (${COLUMNS}) VALUES (${PARAMS})`;

/** Keep the newest `$3` runs of one experiment and fingerprint. */
export const TRIM_GROUP = `
DELETE FROM ${RUNS} WHERE id IN (
  SELECT id FROM ${RUNS} WHERE experiment = $1 AND fingerprint = $2 ORDER BY id DESC OFFSET $3
)`;

export function recordFromRow(row: { record: unknown }): HistoryRecord {
  const r = row.record;
  return (typeof r === 'string' ? JSON.parse(r) : r) as HistoryRecord;
}
