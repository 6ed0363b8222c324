/**
 * Which run of a batch a GPU capture belongs to. One capture usually covers a whole job; a job may run
 * several benchmarks one after another. The rule (docs/gpu.md, "Batches"):
 * - one run: the capture is that run's (cut to the run's time range when both have times);
 * - several runs with start and end times, and a timed capture: each run gets the samples inside its
 *   own range;
 * - otherwise the capture cannot be told apart by run: it describes the job, and is joined to no run
 *   (not gated, not sent with a run's tags), with a warning. It is never given to the first run.
 * Pure: samples and run summaries in, the parts and the warnings out.
 */
import type { RunSummary, TimeRange } from '../model.js';
import type { GpuSamples } from './capture/samples.js';
import { isTimed, samplesWithin, timeSpan } from './capture/within.js';

export type PlacementRule = 'single-run' | 'time-range' | 'job';

export interface Placement {
  rule: PlacementRule;
  /** One entry per run, in the order given: that run's part of the capture, or null. */
  parts: (GpuSamples | null)[];
  warnings: string[];
}

type Run = Pick<RunSummary, 'name' | 'timeRange'>;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const range = (r: TimeRange) => `${iso(r.start)} – ${iso(r.end)}`;

export function placeCapture(samples: GpuSamples, runs: readonly Run[]): Placement {
  const timed = isTimed(samples);
  const ranged = runs.filter((r) => r.timeRange);
  if (runs.length === 1 && !(timed && ranged.length)) return { rule: 'single-run', parts: [samples], warnings: [] };
  if (runs.length === 0) return { rule: 'job', parts: [], warnings: [] };
  if (!timed || !ranged.length) return jobOnly(samples, runs, timed);

  const warnings: string[] = [];
  const parts = runs.map((r) => (r.timeRange ? samplesWithin(samples, r.timeRange.start, r.timeRange.end) : null));
  const span = timeSpan(samples)!;
  if (parts.every((p) => p === null)) {
    warnings.push(
      `GPU capture ${samples.source} (${range(span)}) overlaps no run's time range; it is joined to no run (are the capture and the runs' times on one clock?)`,
    );
    return { rule: 'time-range', parts, warnings };
  }
  const empty = runs.filter((r, i) => r.timeRange && parts[i] === null);
  for (const r of empty)
    warnings.push(
      `GPU capture ${samples.source} has no samples in run "${r.name}"'s time range (${range(r.timeRange!)})`,
    );
  const unranged = runs.filter((r) => !r.timeRange).map((r) => `"${r.name}"`);
  if (unranged.length)
    warnings.push(
      `GPU capture ${samples.source} not joined to run${unranged.length > 1 ? 's' : ''} ${unranged.join(', ')}: no start and end time in the manifest`,
    );
  return { rule: 'time-range', parts, warnings };
}

function jobOnly(samples: GpuSamples, runs: readonly Run[], timed: boolean): Placement {
  const why = timed
    ? 'none has a start and end time (manifest start_time/end_time, or start_time and a duration)'
    : 'the capture has no sample times';
  return {
    rule: 'job',
    parts: runs.map(() => null),
    warnings: [
      `GPU capture ${samples.source} covers a batch of ${runs.length} runs and ${why}: it is reported for the job as a whole and joined to no run (not gated, not sent with any run)`,
    ],
  };
}
