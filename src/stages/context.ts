/** What every stage of run() shares: the options, the config, the result being built, and how to speak. */
import type { Config } from '../classify/config.js';
import { InputError, type GateResult, type RunSummary } from '../model.js';
import type { Options } from '../options.js';
import type { StatsdReport } from '../sinks/statsd/send.js';
import type { GpuReport } from '../summarize/gpu-report.js';

/** How the engine talks to its shell: the action maps these to core.info/warning/error, the CLI to stderr. */
export interface Io {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What only the action has: annotations on the job page, and the job summary. */
export interface ShellFeatures {
  annotations?: { error(message: string): void; warning(message: string): void };
  /** Append the report to GITHUB_STEP_SUMMARY. */
  jobSummary: boolean;
}

export interface StatsdOutcome extends StatsdReport {
  /** Distinct series (metric name + tag set) this job wrote: what a server's index grows by. */
  series: number;
}

export interface RunResult {
  /** 0 pass, 1 regression, 2 bad input. */
  exitCode: 0 | 1 | 2;
  summaries: RunSummary[];
  gate: GateResult[];
  statsd: StatsdOutcome | null;
  /** GPU telemetry summary and cost per run (null when neither a capture nor prices were given). */
  gpu: GpuReport | null;
  /** What the HTTP sinks (Pushgateway, Datadog API) did. */
  sinks: { sink: string; ok: boolean }[];
  /** Where the report went. */
  report: { comment: string; commentUrl: string | null; html: string | null; markdown: string | null } | null;
  /** User errors met on the way (bad manifest lines, unreadable files); the other runs still went through. */
  errors: string[];
  warnings: string[];
}

export interface Stage {
  options: Options;
  config: Config;
  io: Io;
  shell: ShellFeatures;
  result: RunResult;
  warn(message: string): void;
  /**
   * A tag a sink left out (a unique id): every sink leaves out the same tags, so each is warned about
   * once, not once per sink and run.
   */
  refuseTag(reason: string): void;
  /** Record a user error (InputError) and go on; anything else is a bug and propagates. */
  fail(e: unknown): void;
}

export function newStage(options: Options, io: Io, shell: ShellFeatures): Omit<Stage, 'config'> {
  const result: RunResult = {
    exitCode: 0,
    summaries: [],
    gate: [],
    statsd: null,
    gpu: null,
    sinks: [],
    report: null,
    errors: [],
    warnings: [],
  };
  const refused = new Set<string>();
  const warn = (message: string) => {
    result.warnings.push(message);
    io.warn(message);
  };
  return {
    options,
    io,
    shell,
    result,
    warn,
    refuseTag(reason) {
      if (refused.has(reason)) return;
      refused.add(reason);
      warn(`tag refused: ${reason}`);
    },
    fail(e) {
      if (!(e instanceof InputError)) throw e;
      result.errors.push(e.message);
      io.error(e.message);
    },
  };
}
