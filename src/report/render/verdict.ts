/** How each verdict looks and where it sorts: regressions first, then what needs attention, then the rest. */
import type { GateResult, MetricVerdict, Verdict } from '../../model.js';

export const VERDICT_ICON: Record<Verdict, string> = {
  regression: '❌',
  missing: '⚠️',
  'insufficient-history': '⚠️',
  improvement: '✅',
  pass: '✅',
};

export const VERDICT_LABEL: Record<Verdict, string> = {
  regression: 'regression',
  missing: 'missing',
  'insufficient-history': 'insufficient history',
  improvement: 'improvement',
  pass: 'pass',
};

const RANK: Record<Verdict, number> = {
  regression: 0,
  missing: 1,
  'insufficient-history': 2,
  improvement: 3,
  pass: 4,
};

/** Metrics in report order: by verdict rank, then by the size of the change, largest first. */
export function orderMetrics(metrics: readonly MetricVerdict[]): MetricVerdict[] {
  return [...metrics].sort(
    (a, b) => RANK[a.verdict] - RANK[b.verdict] || Math.abs(b.change ?? 0) - Math.abs(a.change ?? 0),
  );
}

export type RunStatus = 'regression' | 'not-judged' | 'warning' | 'pass';

/**
 * A run regresses when the gate says so; it is not judged when no gated metric could be (never a pass);
 * it warrants a look when a metric is missing or the run is incomplete.
 */
export function runStatus(gate: GateResult): RunStatus {
  if (gate.regression || gate.metrics.some((m) => m.verdict === 'regression')) return 'regression';
  if (gate.verdict === 'not-judged') return 'not-judged';
  if (!gate.run.complete || gate.run.truncated) return 'warning';
  if (gate.metrics.some((m) => m.verdict === 'missing' || m.verdict === 'insufficient-history')) return 'warning';
  return 'pass';
}

export const STATUS_ICON: Record<RunStatus, string> = {
  regression: '❌',
  'not-judged': '❔',
  warning: '⚠️',
  pass: '✅',
};

/** The status in words, as every output writes it. */
export const STATUS_LABEL: Record<RunStatus, string> = {
  regression: 'regression',
  'not-judged': 'not judged',
  warning: 'warning',
  pass: 'pass',
};

/** Runs in report order: regressions first, keeping the input order otherwise. */
export function orderRuns<T extends { gate: GateResult }>(runs: readonly T[]): T[] {
  const rank = { regression: 0, 'not-judged': 1, warning: 2, pass: 3 } as const;
  return runs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank[runStatus(a.r.gate)] - rank[runStatus(b.r.gate)] || a.i - b.i)
    .map(({ r }) => r);
}
