/**
 * A pull request's earlier recorded runs beside this one (recorded with `record: always` on the PR): the
 * PR's own trend, for its author. They are never part of a baseline; this is only what the report shows.
 */
import { type GateResult, type HistoryRecord, judgedAtEnd } from '../model.js';
import { metricKey } from '../naming.js';

/** Runs shown at most (the latest), and gated metrics per run. */
const MAX_RUNS = 5;
const MAX_METRICS = 4;

export interface PrRuns {
  pullRequest: number;
  /** The gated metrics shown, as the gate names them. */
  metrics: { name: string; unit: string }[];
  /** Oldest first; values line up with `metrics` (null where the run lacks one). */
  runs: { run: string; sha: string; recordedAt: string; values: (number | null)[] }[];
  /** Earlier runs not shown. */
  more: number;
}

/** The PR's earlier runs of this experiment and fingerprint; undefined when there are none. */
export function prRunsOf(gate: GateResult, records: readonly HistoryRecord[], pullRequest: number): PrRuns | undefined {
  const mine = records.filter(
    (r) => r.pullRequest === pullRequest && r.experiment === gate.experiment && r.fingerprint === gate.fingerprint,
  );
  if (!mine.length) return undefined;
  const metrics = gate.metrics.slice(0, MAX_METRICS).map((m) => ({ name: m.name, unit: m.unit }));
  const shown = mine.slice(-MAX_RUNS);
  return {
    pullRequest,
    metrics,
    runs: shown.map((r) => ({
      run: r.run,
      sha: r.sha,
      recordedAt: r.recordedAt,
      values: metrics.map(({ name }) => {
        const m = r.metrics[metricKey(name)];
        const v = m ? (judgedAtEnd(m.kind) ? (m.final ?? m.centre) : m.centre) : null;
        return typeof v === 'number' && Number.isFinite(v) ? v : null;
      }),
    })),
    more: mine.length - shown.length,
  };
}
