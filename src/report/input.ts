/** Assemble the report's input from what the engine already holds after the gate. */
import type { GateResult, RunSummary } from '../model.js';
import type { GitHubContext } from '../options.js';
import type { LossBandPoint, ReportInput } from './types.js';

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
}

/** One RunReport per gate result, with its summary matched by experiment and run name. */
export function reportInput(sources: ReportSources): ReportInput {
  return {
    runs: sources.gate.map((gate) => {
      const summary = sources.summaries.find((s) => s.experiment === gate.experiment && s.name === gate.name);
      const band = sources.lossBand?.(gate, summary);
      const notes = sources.notes?.(gate) ?? [];
      return {
        gate,
        ...(notes.length ? { notes } : {}),
        ...(summary ? { summary } : {}),
        ...(band ? { lossBand: band.points, ...(band.lossMetric ? { lossMetric: band.lossMetric } : {}) } : {}),
      };
    }),
    ...(sources.github ? { github: sources.github } : {}),
    ...(sources.title ? { title: sources.title } : {}),
  };
}
