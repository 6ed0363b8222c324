/**
 * What the report needs: the gate's verdicts, optionally the run summaries (for charts and the
 * metrics nobody gates) and the baseline loss band, plus where the run lives on GitHub.
 * Plain data; built by the engine from what the gate and the history store already hold.
 */
import type { GateResult, RunSummary } from '../model.js';
import type { GitHubContext } from '../options.js';

/**
 * One point of the baseline loss band at a training step: the history's centre (median of the
 * aligned loss samples of the baseline runs) and the band around it.
 */
export interface LossBandPoint {
  step: number;
  lo: number;
  hi: number;
  centre: number;
}

/** One run in the report. */
export interface RunReport {
  gate: GateResult;
  /** The run's summary: window medians and loss samples for charts, the ungated metrics for the details. */
  summary?: RunSummary;
  /** Baseline loss band, aligned by step; drawn under this run's loss curve. */
  lossBand?: LossBandPoint[];
  /** Which metric the loss band belongs to (name as written); default: the first gated loss metric. */
  lossMetric?: string;
  /** Plain lines shown under the table: GPU telemetry and cost (see src/gpu/notes.ts). */
  notes?: string[];
}

export interface ReportInput {
  runs: RunReport[];
  /** For the link to the workflow run; omitted outside Actions. */
  github?: Pick<GitHubContext, 'serverUrl' | 'repository' | 'runId' | 'sha'>;
  /** Heading of the report; default "Training metrics". */
  title?: string;
}
