/**
 * Did the run get as far as runs usually do? Expected steps are what the run's own file says it was to
 * take (a `total_steps`), else the median last step of the complete comparable runs; a run is complete
 * when its file was not cut off, holds no traceback, and it reached `fraction` of them.
 */
import { median } from 'simple-statistics';
import type { HistoryRecord, RunSummary } from '../model.js';

export interface Completeness {
  complete: boolean;
  /** Steps reached against the history's (null without complete runs to compare with). */
  reached: boolean;
  steps: number;
  expectedSteps: number | null;
  truncated: boolean;
  /** `file:line` of a Python traceback in the run's file (RunSummary.crash), null without one. */
  crash: string | null;
}

export function runCompleteness(
  summary: RunSummary,
  history: readonly HistoryRecord[],
  fraction: number,
): Completeness {
  const done = history.filter((r) => r.complete && Number.isFinite(r.steps)).map((r) => r.steps);
  const expectedSteps = summary.steps.expected ?? (done.length ? median(done) : null);
  const steps = Number.isFinite(summary.steps.last) ? summary.steps.last : 0;
  const reached = expectedSteps === null || steps >= expectedSteps * fraction;
  return {
    complete: reached && !summary.truncated && !summary.crash && summary.steps.count > 0,
    reached,
    steps,
    expectedSteps,
    truncated: summary.truncated,
    crash: summary.crash ?? null,
  };
}
