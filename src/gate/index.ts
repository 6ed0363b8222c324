/**
 * The regression gate: a run summary against its stored history → verdicts; and the history records
 * a run leaves behind. `judgeRun` is pure; `checkRun` and `recordRuns` add the store's I/O around it.
 */
import type { GateResult, RunSummary } from '../model.js';
import { comparableRuns, fingerprintKey, type HistoryRecord } from '../store/history.js';
import type { HistoryStore } from '../store/store.js';
import { runCompleteness } from './completeness.js';
import { DEFAULT_GATE_CONFIG, type GateConfig } from './config.js';
import { judgeRun } from './judge.js';
import { recordFromSummary } from './record.js';

export { DEFAULT_GATE_CONFIG, gateConfig, type GateConfig } from './config.js';
export { judgeRun } from './judge.js';
export { recordFromSummary, type RecordMeta } from './record.js';
export { shouldRecord, type RecordMode } from './policy.js';
export { runCompleteness } from './completeness.js';

/** Judge each run against the comparable runs (same experiment and fingerprint) in the store. */
export async function checkRuns(store: HistoryStore, summaries: readonly RunSummary[], config: GateConfig = DEFAULT_GATE_CONFIG): Promise<GateResult[]> {
  const history = await store.read();
  return summaries.map((s) => judgeRun(s, comparableRuns(history, s.experiment, fingerprintKey(s.fingerprint)), config));
}

export interface RecordContext {
  ref: string;
  sha: string;
  runId: string;
  /** Mark the first recorded run as the start of a new baseline (an acknowledged change). */
  newBaseline: boolean;
  /** Recording time; now by default. */
  now?: Date;
}

/** Append the runs, in the order given, to the store; at most `max` kept per experiment and fingerprint. */
export async function recordRuns(
  store: HistoryStore,
  summaries: readonly RunSummary[],
  context: RecordContext,
  max: number,
  config: GateConfig = DEFAULT_GATE_CONFIG,
): Promise<HistoryRecord[]> {
  const history = await store.read();
  const recordedAt = (context.now ?? new Date()).toISOString();
  const records = summaries.map((s, i) => {
    const c = runCompleteness(s, comparableRuns(history, s.experiment, fingerprintKey(s.fingerprint)), config.completeFraction);
    return recordFromSummary(s, { recordedAt, ref: context.ref, sha: context.sha, runId: context.runId, baseline: context.newBaseline && i === 0, complete: c.complete });
  });
  await store.append(records, max);
  return records;
}
