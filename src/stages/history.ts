/**
 * The gate against the stored history (read once), and recording per the baseline policy.
 * A run with bad input never touches the history.
 */
import {
  gateConfig,
  judgeRun,
  recordFromSummary,
  runCompleteness,
  shouldRecord,
  type GateConfig,
} from '../gate/index.js';
import { InputError } from '../model.js';
import { comparableRuns, fingerprintKey, openHistory, type HistoryFile, type HistoryStore } from '../store/index.js';
import type { Stage } from './context.js';

export interface OpenHistory {
  store: HistoryStore;
  history: HistoryFile;
  config: GateConfig;
}

/** Judge every run against its comparable runs; null when the history cannot be read (already reported). */
export async function gateRuns(stage: Stage, location: string): Promise<OpenHistory | null> {
  const { options, result, io } = stage;
  try {
    const config = gateConfig(stage.config.sections.gate, stage.config.source ?? 'config');
    const store = openHistory(location);
    const history = await store.read();
    if (options.command !== 'record') {
      result.gate = result.summaries.map((s) =>
        judgeRun(s, comparableRuns(history, s.experiment, fingerprintKey(s.fingerprint)), config),
      );
      for (const g of result.gate) for (const m of g.metrics) io.info(`${g.experiment}: ${m.verdict} — ${m.reason}`);
    }
    return { store, history, config };
  } catch (e) {
    stage.fail(
      e instanceof InputError
        ? e
        : new InputError(location, null, `history cannot be read: ${(e as Error).message.split('\n')[0]}`),
    );
    return null;
  }
}

export async function recordRuns(stage: Stage, { store, history, config }: OpenHistory): Promise<void> {
  const { options, result, io } = stage;
  const policy = shouldRecord(options.record, options.github);
  if (!policy.record) return io.info(`history: not recorded (${policy.reason})`);
  if (result.errors.length)
    return stage.warn('history: not recorded, because something went wrong before (see the errors above)');
  if (!result.summaries.length) return;
  try {
    const recordedAt = new Date().toISOString();
    // A new baseline starts once per experiment and fingerprint: every experiment of a batch gets its mark.
    const marked = new Set<string>();
    const records = result.summaries.map((s) => {
      const key = `${s.experiment}\u0000${fingerprintKey(s.fingerprint)}`;
      const c = runCompleteness(
        s,
        comparableRuns(history, s.experiment, fingerprintKey(s.fingerprint)),
        config.completeFraction,
      );
      const { ref, sha, runId } = options.github;
      const baseline = options.newBaseline && !marked.has(key);
      marked.add(key);
      return recordFromSummary(s, { recordedAt, ref, sha, runId, baseline, complete: c.complete });
    });
    await store.append(records, options.historyMax);
    io.info(`history: recorded ${records.length} run(s) in ${store.location} (${policy.reason})`);
  } catch (e) {
    const message = `history: could not record in ${store.location}: ${(e as Error).message.split('\n')[0]}`;
    // Asked for explicitly (the record command, record: always), not recording is an error; under auto a
    // store outage warns like any sink.
    if (e instanceof InputError) stage.fail(e);
    else if (options.command === 'record' || options.record === 'always')
      stage.fail(new InputError(store.location, null, message));
    else stage.warn(message);
  }
}
