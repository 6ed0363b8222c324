/**
 * The `steps` verdict of a run that did not get as far as runs usually do. Stopping early is normal for
 * runs that end on a target (MLPerf stops at the target accuracy), so a clean early end is only reported
 * (a pass that says "incomplete", and a warning); it fails only with evidence of a crash — the file ends
 * inside a row — or when the config asks (`require_complete`). NaN losses fail on their own, as a loss verdict.
 */
import type { MetricVerdict } from '../model.js';
import type { Completeness } from './completeness.js';
import type { GateConfig } from './config.js';
import { formatValue } from './format.js';

export function completenessVerdict(c: Completeness, runs: number, config: GateConfig): MetricVerdict {
  const base = { name: 'steps', direction: 'higher' as const, unit: 'count', current: c.steps, change: null };
  const baseline = c.expectedSteps === null ? null : { centre: c.expectedSteps, band: 0, runs, history: [] };
  if (c.reached) {
    return {
      ...base,
      baseline,
      verdict: 'pass',
      reason: `the file ends inside a row (still being written, or cut off) after step ${c.steps}; all usual steps reached`,
    };
  }
  const where = `stopped at step ${c.steps} of the usual ${formatValue(c.expectedSteps!)}${c.truncated ? ', the file ends inside a row' : ''}`;
  if (runs < config.minRuns)
    return {
      ...base,
      baseline,
      verdict: 'insufficient-history',
      reason: `run ${where} (not judged below ${config.minRuns} runs)`,
    };
  if (c.truncated)
    return { ...base, baseline, verdict: 'regression', reason: `run ${where}: incomplete, cut off (a crash)` };
  if (config.requireComplete)
    return { ...base, baseline, verdict: 'regression', reason: `run ${where}: incomplete (require_complete is set)` };
  return {
    ...base,
    baseline,
    verdict: 'pass',
    reason: `run ${where}: incomplete, ended cleanly (a warning; set gate.require_complete to fail on it)`,
  };
}
