/**
 * The culprit range of a judged run: the last good and the first bad run, so a person can open the
 * commits between them.
 *  - The history shifted for the worse (the latest change point of a metric the run is judged on is a
 *    worse level that no baseline mark acknowledged): the runs on either side of that shift. The runs
 *    the gate flagged that end the history are such a shift from their first run (regressed-runs.ts),
 *    so the range stays on the same two runs every day the regression lasts.
 *  - Else, a regression on the default branch: the latest comparable run is the last good one and this
 *    run the first bad one. (On a pull request the culprit is the pull request itself.)
 * Regressed metrics are looked at first; the first that gives a range is named. Where both runs of the
 * range recorded an environment, the range says which of its fields changed between them (for this run's
 * regression, `current`'s environment, known before it is recorded, against the last good run's).
 */
import type { CulpritRange, EnvironmentExplanation, GateResult, HistoryRecord, RunRef } from '../model.js';
import { metricKey } from '../naming.js';
import { metricValue } from '../store/history-overview.js';
import { metricChangePoints, runRef } from './change-points.js';
import type { GateConfig } from './config.js';
import { explainEnvironment } from './environment-explain.js';

export interface CulpritContext {
  current: RunRef;
  onDefaultBranch: boolean;
  /** The metric's minimum effect (its class, config included), the smallest shift that counts. */
  minEffect: (key: string) => number;
  compare: (good: string, bad: string) => string | null;
  /** This run's environment, where one is known. */
  environment?: Record<string, string> | null;
}

export function findCulprit(
  history: readonly HistoryRecord[],
  gate: GateResult,
  config: GateConfig,
  c: CulpritContext,
): CulpritRange | null {
  const judged = gate.metrics.filter((m) => m.baseline !== null && m.current !== null);
  const ordered = [
    ...judged.filter((m) => m.verdict === 'regression'),
    ...judged.filter((m) => m.verdict !== 'regression'),
  ];
  for (const m of ordered) {
    const key = metricKey(m.name);
    const shifts = metricChangePoints(history, key, config, c.minEffect(key));
    const last = shifts[shifts.length - 1];
    // A mark after the shift accepted it, even one that did not move the level (the detector lists none).
    const accepted = last !== undefined && history.slice(last.at).some((r) => r.baseline);
    if (last && last.effect === 'worse' && !last.marked && !accepted)
      return range(key, 'level-shift', last.lastBefore, last.firstAfter, history.length - last.at, c, last.environment);
  }
  if (!c.onDefaultBranch) return null;
  for (const m of ordered.filter((v) => v.verdict === 'regression')) {
    const key = metricKey(m.name);
    const good = [...history].reverse().find((r) => metricValue(r.metrics[key]) !== null);
    if (good)
      return range(
        key,
        'regression',
        runRef(good),
        c.current,
        0,
        c,
        explainEnvironment(good.environment, c.environment ?? undefined) ?? undefined,
      );
  }
  return null;
}

function range(
  metric: string,
  why: CulpritRange['why'],
  good: RunRef,
  bad: RunRef,
  runsAgo: number,
  c: CulpritContext,
  environment: EnvironmentExplanation | undefined,
): CulpritRange {
  return {
    metric,
    why,
    good,
    bad,
    runsAgo,
    compare: c.compare(good.sha, bad.sha),
    ...(environment ? { environment } : {}),
  };
}

/**
 * `check --bisect`: the history before the first bad run, so a commit is judged against runs of good
 * commits only. The first bad run is the earliest run that starts a shift for the worse in any of `keys`
 * (the metrics the run is judged on), found by the level-shift detector over the whole history with the
 * baseline marks disregarded: a bisection looks for the commit that made the change, even one that was
 * later acknowledged as a new baseline. Without such a shift, the whole history.
 */
export function historyBeforeFirstBad(
  history: readonly HistoryRecord[],
  keys: readonly string[],
  config: GateConfig,
  minEffect: (key: string) => number,
): { runs: readonly HistoryRecord[]; firstBad: RunRef | null } {
  const unmarked = history.map((r) => (r.baseline ? { ...r, baseline: false } : r));
  let cut = history.length;
  for (const key of keys) {
    const worse = metricChangePoints(unmarked, key, config, minEffect(key)).find((p) => p.effect === 'worse');
    if (worse && worse.at < cut) cut = worse.at;
  }
  return { runs: history.slice(0, cut), firstBad: cut < history.length ? runRef(history[cut]!) : null };
}
