/**
 * The gate stage as the engine calls it: judge each run against the stored history, then record the runs
 * when the command and the baseline policy say so. Judging comes first, so a run is never compared with
 * itself. `check` judges (and records per `record`: auto = default-branch and scheduled runs); `record`
 * appends without judging.
 */
import type { Config } from '../classify/config.js';
import type { GateResult, RunSummary } from '../model.js';
import type { Options } from '../options.js';
import type { HistoryRecord } from '../store/history.js';
import { openHistory } from '../store/index.js';
import { gateConfig } from './config.js';
import { checkRuns, recordRuns } from './index.js';
import { shouldRecord } from './policy.js';

export interface GateStageResult {
  /** One per run judged (none for `record`). */
  results: GateResult[];
  /** What was appended to the history (empty when nothing was). */
  recorded: HistoryRecord[];
  /** Why the runs were or were not recorded, for the log. */
  recordReason: string;
}

export async function gateStage(
  options: Pick<Options, 'command' | 'history' | 'historyMax' | 'record' | 'newBaseline' | 'github'>,
  summaries: readonly RunSummary[],
  config: Pick<Config, 'sections' | 'source'>,
  io: { info(message: string): void },
  cwd: string = process.cwd(),
): Promise<GateStageResult> {
  if (!options.history || summaries.length === 0) return { results: [], recorded: [], recordReason: 'no history' };
  const settings = gateConfig(config.sections.gate, config.source ?? 'config');
  const store = openHistory(options.history, { cwd });
  const results = options.command === 'record' ? [] : await checkRuns(store, summaries, settings);
  const policy = shouldRecord(options.command === 'record' ? 'always' : options.record, options.github);
  let recorded: HistoryRecord[] = [];
  if (policy.record) {
    recorded = await recordRuns(
      store,
      summaries,
      { ref: options.github.ref, sha: options.github.sha, runId: options.github.runId, newBaseline: options.newBaseline },
      options.historyMax,
      settings,
    );
    io.info(`history ${store.location}: recorded ${recorded.length} run${recorded.length === 1 ? '' : 's'} (${policy.reason})`);
  } else {
    io.info(`history ${store.location}: not recorded (${policy.reason})`);
  }
  return { results, recorded, recordReason: policy.reason };
}
