/**
 * What the report needs: the gate's verdicts, optionally the run summaries (for charts and the
 * metrics nobody gates) and the baseline loss band, plus where the run lives on GitHub. Plain data,
 * assembled by reportInput() from what the gate and the history store already hold.
 */
import type { GateResult, RunSummary } from '../model.js';
import type { GitHubContext } from '../options.js';
import type { PrRuns } from './pr-runs.js';

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
  /** This pull request's earlier recorded runs, shown beside this one (see pr-runs.ts). */
  prRuns?: PrRuns;
}

export interface ReportInput {
  runs: RunReport[];
  /** For the link to the workflow run; omitted outside Actions. */
  github?: Pick<GitHubContext, 'serverUrl' | 'repository' | 'runId' | 'sha'>;
  /** Heading of the report; default "Training metrics". */
  title?: string;
}

export interface ReportSources {
  gate: readonly GateResult[];
  summaries: readonly RunSummary[];
  github?: GitHubContext;
  /**
   * The baseline loss band of a run, e.g. `lossBandFromCurves(baselineRecords.map((r) => r.metrics[key]?.samples ?? []))`;
   * undefined where there is no history. `lossMetric` is the loss the band is for (default: the first gated loss).
   */
  lossBand?: (
    gate: GateResult,
    summary: RunSummary | undefined,
  ) => { points: LossBandPoint[]; lossMetric?: string } | undefined;
  title?: string;
  /** Extra lines for a run (GPU telemetry, cost). */
  notes?: (gate: GateResult) => string[];
  /** This pull request's earlier recorded runs of the same experiment and fingerprint, if any. */
  prRuns?: (gate: GateResult) => PrRuns | undefined;
}

/** One RunReport per gate result, with its summary matched by experiment and run name. */
export function reportInput(sources: ReportSources): ReportInput {
  return {
    runs: sources.gate.map((gate) => {
      const summary = sources.summaries.find((s) => s.experiment === gate.experiment && s.name === gate.name);
      const band = sources.lossBand?.(gate, summary);
      const notes = sources.notes?.(gate) ?? [];
      const prRuns = sources.prRuns?.(gate);
      return {
        gate,
        ...(prRuns ? { prRuns } : {}),
        ...(notes.length ? { notes } : {}),
        ...(summary ? { summary } : {}),
        ...(band ? { lossBand: band.points, ...(band.lossMetric ? { lossMetric: band.lossMetric } : {}) } : {}),
      };
    }),
    ...(sources.github ? { github: sources.github } : {}),
    ...(sources.title ? { title: sources.title } : {}),
  };
}
