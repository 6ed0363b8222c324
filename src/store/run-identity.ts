/**
 * Which stored record is "the same run": a run recorded again (a re-run attempt of the same workflow run,
 * or the same `run-id` given twice) must replace its earlier record, never add a second copy that would
 * shrink the measured run-to-run noise. A record without a run id (recorded outside a workflow and
 * without `run-id`) has no identity and is never replaced.
 */
import type { HistoryRecord } from '../model.js';

type Identity = Pick<HistoryRecord, 'experiment' | 'fingerprint' | 'run' | 'runId' | 'repository'>;

export function sameRecordedRun(a: Identity, b: Identity): boolean {
  if (!a.runId || !b.runId) return false;
  // The run name tells apart the several runs one workflow run records (a batch).
  return (
    a.runId === b.runId &&
    (a.repository ?? '') === (b.repository ?? '') &&
    a.experiment === b.experiment &&
    a.fingerprint === b.fingerprint &&
    a.run === b.run
  );
}
