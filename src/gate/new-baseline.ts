/**
 * `new-baseline`: a person acknowledges an intended change. The marked run itself passes (its verdicts
 * shown as accepted), and until `min_runs` runs exist since the mark there is no level to judge
 * against — one or two runs are not a baseline — so the gate reports insufficient history and fails only
 * what always fails (NaN, infinite or diverged loss).
 */
import type { HistoryRecord, MetricVerdict } from '../model.js';

/** The runs since the latest mark (the marked run first), or null when no run of the history is marked. */
export function runsSinceMark(history: readonly HistoryRecord[]): readonly HistoryRecord[] | null {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.baseline) return history.slice(i);
  return null;
}

/** The marked run's verdicts: a regression becomes an accepted pass, except those that always fail. */
export function acceptAsBaseline(verdicts: readonly MetricVerdict[], alwaysFail: ReadonlySet<string>): MetricVerdict[] {
  return verdicts.map((v) =>
    v.verdict === 'regression' && !alwaysFail.has(v.name)
      ? { ...v, verdict: 'pass', reason: `accepted as the new baseline: ${v.reason}` }
      : v,
  );
}
