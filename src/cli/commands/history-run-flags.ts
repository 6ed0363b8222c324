/** The flags that name one run, shared by `history remove` and `history quarantine`. */
import type { HistoryRecord } from '../../model.js';

export const selectorFlags = {
  history: { type: 'string' },
  experiment: { type: 'string' },
  run: { type: 'string' },
  fingerprint: { type: 'string' },
} as const;

/** The run in words, for the line that says what was done. */
export function runWords(r: HistoryRecord): string {
  return `run ${JSON.stringify(r.run)} (run id ${JSON.stringify(r.runId)}, commit ${r.sha.slice(0, 12) || 'unknown'}, recorded ${r.recordedAt}) of experiment ${JSON.stringify(r.experiment)}`;
}
