/** The latest run's verdict in words, for the index and the page. */
import type { GateResult, MetricVerdict } from '../model.js';

export type Overall = 'regression' | 'pass' | 'not judged' | 'no runs';

export function overallVerdict(g: GateResult | null): Overall {
  if (!g) return 'no runs';
  if (g.regression) return 'regression';
  const judged = g.metrics.filter((m) => m.verdict !== 'insufficient-history');
  return judged.length ? 'pass' : 'not judged';
}

export function metricVerdictWord(m: MetricVerdict | null): string {
  if (!m) return '—';
  return m.verdict === 'insufficient-history' ? 'not judged (too few runs)' : m.verdict;
}
