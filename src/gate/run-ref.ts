/** A run as a change point, a culprit range or an explanation names it: its name, id, commit and time. */
import type { HistoryRecord, RunRef } from '../model.js';

export function runRef(r: Pick<HistoryRecord, 'run' | 'runId' | 'sha' | 'recordedAt'>): RunRef {
  return { run: r.run, runId: r.runId, sha: r.sha, recordedAt: r.recordedAt };
}
