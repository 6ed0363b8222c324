/**
 * The trace of a job that read finished files (emit, check): one root span per run, `training run`, from
 * the run's start (its own timestamps where it has them, run-times.ts) to the end of the tool's work, with
 * the run's phases (run-phases.ts) and the tool's stages (job-spans.ts, the verdict on `check`) as its
 * children. A regression makes the root's status an error too, so a search for failed traces finds it.
 * A job that read no run (bad input) is one span named by its command, its status the error.
 */
import type { GateResult, RunSummary } from '../../model.js';
import type { Command, GitHubContext } from '../../options.js';
import type { StageSpan } from '../../stages/run-context.js';
import { jobSpans } from './job-spans.js';
import { runAttributes } from './run-attributes.js';
import { runPhases } from './run-phases.js';
import { runTimes } from './run-times.js';
import { cut, type PlannedSpan } from './span-plan.js';

export interface JobPlanInput {
  command: Command;
  summaries: RunSummary[];
  gate: GateResult[];
  stages: StageSpan[];
  job: { start: number; end: number };
  github: GitHubContext;
  runId: string | null;
  errors: string[];
}

export function planJobTrace(input: JobPlanInput): PlannedSpan[] {
  const { job, stages } = input;
  if (!input.summaries.length)
    return [
      {
        name: `training-metrics-gate ${input.command}`,
        start: job.start,
        end: job.end,
        attributes: { 'training.command': input.command },
        children: jobSpans(stages, null),
        ...(input.errors.length ? { error: cut(input.errors.join('; ')) } : {}),
      },
    ];
  return input.summaries.map((run) => {
    const verdict = input.gate.find((g) => g.experiment === run.experiment && g.name === run.name) ?? null;
    const times = runTimes(run, job);
    return {
      name: 'training run',
      start: Math.min(times.start, job.start),
      end: Math.max(times.end, job.end),
      attributes: {
        ...runAttributes(run, input.github, input.runId),
        'training.command': input.command,
        'training.time.source': times.source,
        ...(verdict ? { 'training.verdict': verdict.verdict } : {}),
      },
      children: [...runPhases(run, times), ...jobSpans(stages, verdict)],
      ...(verdict?.regression ? { error: 'regression' } : {}),
    };
  });
}
