/**
 * When a run ran, by its own account where it gives one, else the job's: the manifest's start and end
 * (`started_at`, `finished_at`, a duration), else a timestamp column of the file (W&B's `_timestamp`, a
 * `timestamp` or `walltime` column of Unix seconds or milliseconds, its first and last values at its
 * first and last steps), else the span of the job that read it. Steps between are placed linearly: the
 * files say which step a phase began at, rarely when.
 */
import type { RunSummary } from '../../model.js';

export type RunTimeSource = 'manifest' | 'file' | 'job' | 'watch';

export interface RunTimes {
  start: number;
  end: number;
  /** The steps at `start` and `end`. */
  firstStep: number;
  lastStep: number;
  source: RunTimeSource;
}

/** Columns that hold the wall time of each row. */
const TIMESTAMP_COLUMN = /(^|[._/])(_?timestamp|wall_?clock|wall_?time|walltime|time_?stamp)$/i;

/** Unix times from 2001 to 2286, in seconds or milliseconds. */
function asEpochMs(value: number): number | null {
  if (value >= 1e9 && value < 1e10) return value * 1000;
  if (value >= 1e12 && value < 1e13) return value;
  return null;
}

export function runTimes(run: RunSummary, job: { start: number; end: number }): RunTimes {
  const steps = { firstStep: run.steps.first, lastStep: run.steps.last };
  if (run.timeRange) return { start: run.timeRange.start, end: run.timeRange.end, ...steps, source: 'manifest' };
  for (const m of run.metrics) {
    if (!TIMESTAMP_COLUMN.test(m.name) || m.count < 2 || m.firstStep === undefined) continue;
    const start = asEpochMs(m.first);
    const end = asEpochMs(m.last);
    // A clock that went back (a resumed run's second writer) is no account of when the run ran.
    if (start === null || end === null || end < start || m.min < m.first || m.max > m.last) continue;
    return { start, end, firstStep: m.firstStep, lastStep: m.lastStep, source: 'file' };
  }
  return { start: job.start, end: Math.max(job.start, job.end), ...steps, source: 'job' };
}

/** The time of `step`, placed linearly between the run's first and last steps (clamped to the run). */
export function timeOfStep(times: RunTimes, step: number): number {
  const span = times.lastStep - times.firstStep;
  if (!(span > 0)) return times.start;
  const f = Math.min(1, Math.max(0, (step - times.firstStep) / span));
  return times.start + f * (times.end - times.start);
}
