/**
 * The latest run's verdict in words, for the index and the page: the report's status of the run
 * (`runStatus`: a missing metric or an incomplete run is a warning there and here, and `not judged` where
 * no gated metric could be judged), or `none in a baseline` where no run counts in one.
 */
import type { GateResult, MetricVerdict } from '../model.js';
import { runStatus } from '../report/render/verdict.js';

export type Overall = 'regression' | 'warning' | 'pass' | 'not judged' | 'none in a baseline';

export function overallVerdict(g: GateResult | null): Overall {
  if (!g) return 'none in a baseline';
  const status = runStatus(g);
  return status === 'not-judged' ? 'not judged' : status;
}

export function metricVerdictWord(m: MetricVerdict | null): string {
  if (!m) return '—';
  return m.verdict === 'insufficient-history' ? 'not judged (too few runs)' : m.verdict;
}
