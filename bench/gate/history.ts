/**
 * The history the gate benchmark judges a run against: each run's summary recorded in turn, as `record`
 * and `check` record it (complete or not against the runs before it), oldest first.
 */
import { runCompleteness } from '../../src/gate/completeness.js';
import type { GateConfig } from '../../src/gate/config.js';
import { recordFromSummary } from '../../src/gate/record.js';
import type { HistoryRecord, RunSummary } from '../../src/model.js';

/** Run k of `runs`, summarised; `marked` starts a new baseline. */
export type HistoryRun = (k: number) => Promise<{ summary: RunSummary; marked?: boolean }>;

export async function recordHistory(runs: number, gate: GateConfig, run: HistoryRun): Promise<HistoryRecord[]> {
  const records: HistoryRecord[] = [];
  for (let k = 0; k < runs; k++) {
    const { summary, marked } = await run(k);
    const complete = runCompleteness(summary, records, gate.completeFraction).complete;
    records.push(
      recordFromSummary(summary, {
        recordedAt: '',
        ref: '',
        sha: '',
        runId: String(k),
        baseline: marked ?? false,
        complete,
      }),
    );
  }
  return records;
}
