/** What watch saw live, per rank and together, for the JSON account (`live`). */
import type { WatchState } from './state/watch-state.js';
import { jsonNumber } from './state/finding.js';

export function liveSummary(state: WatchState): Record<string, unknown> {
  const ranks = state.ranks.map((r) => ({
    ...(r.label ? { rank: r.label } : {}),
    lastStep: Number.isFinite(r.lastStep) ? r.lastStep : null,
    rows: r.rows,
    restarts: r.restarts,
    stepsPerSecond: r.stepsPerSecond(),
    metrics: Object.fromEntries(
      [...r.metrics.values()].map((m) => [
        m.name,
        { last: jsonNumber(m.last), nonFinite: m.nonFinite, diverged: m.diverged },
      ]),
    ),
  }));
  const step = state.step();
  return {
    ranks,
    together: {
      ranks: ranks.length,
      lastStep: Number.isFinite(step) ? step : null,
      rows: ranks.reduce((n, r) => n + r.rows, 0),
      nonFinite: state.ranks.reduce((n, r) => n + [...r.metrics.values()].reduce((k, m) => k + m.nonFinite, 0), 0),
    },
    findings: state.findings.map((f) => ({
      reason: f.reason,
      step: Number.isFinite(f.step) ? f.step : null,
      detail: f.detail,
    })),
  };
}
