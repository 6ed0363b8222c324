/** What the stages of run() hand on, and what run() returns. */
import type { GpuReport } from '../gpu/report.js';
import type { GateResult, RunSummary } from '../model.js';
import type { StatsdReport } from '../sinks/statsd/send.js';

export interface StatsdOutcome extends StatsdReport {
  /** Distinct series (metric name + tag set) this job wrote: what a server's index grows by. */
  series: number;
}

/** What an HTTP sink (Pushgateway, Datadog API) did. */
export interface SinkOutcome {
  sink: string;
  ok: boolean;
}

/** Where the report went. */
export interface ReportOutcome {
  comment: string;
  commentUrl: string | null;
  html: string | null;
  markdown: string | null;
}

/** The runs as the sinks and the report take them: summaries, the gate's verdicts, and GPU telemetry. */
export interface JudgedRuns {
  summaries: RunSummary[];
  gate: GateResult[];
  gpu: GpuReport | null;
}

export interface RunResult extends JudgedRuns {
  /** 0 pass, 1 regression, 2 bad input; with `bisect`, 125 for a commit that cannot be judged. */
  exitCode: 0 | 1 | 2 | 125;
  statsd: StatsdOutcome | null;
  /** GPU telemetry summary and cost per run (null when neither a capture nor prices were given). */
  gpu: GpuReport | null;
  sinks: SinkOutcome[];
  report: ReportOutcome | null;
  /** The run's environment, field → value, where anything told it (src/environment/). */
  environment?: Record<string, string>;
  /** User errors met on the way (bad manifest lines, unreadable files); the other runs still went through. */
  errors: string[];
  warnings: string[];
}
