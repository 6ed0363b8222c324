/**
 * The `steps` verdict of a run that did not get as far as runs usually do. Stopping early is normal for
 * runs that end on a target (MLPerf stops at the target accuracy), so a clean early end is only reported
 * (a pass that says "incomplete", and a warning); it fails only with evidence of a crash — the file ends
 * inside a row, or holds a Python traceback — or when the config asks (`require_complete`). A traceback
 * in a run short of its usual steps fails it whatever the history's size: the file itself says it crashed. NaN losses fail on their own, as a loss verdict.
 */
import type { MetricVerdict } from '../model.js';
import type { Completeness } from './completeness.js';
import type { GateConfig } from './config.js';
import { formatValue } from './format.js';

export function completenessVerdict(c: Completeness, runs: number, config: GateConfig): MetricVerdict {
  const base = { name: 'steps', direction: 'higher' as const, unit: 'count', current: c.steps, change: null };
  const baseline = c.expectedSteps === null ? null : { centre: c.expectedSteps, band: 0, runs, history: [] };
  if (c.crash && !c.reached)
    return {
      ...base,
      baseline,
      verdict: 'regression',
      reason: `run stopped at step ${c.steps} of the usual ${formatValue(c.expectedSteps!)}: the training crashed (a Python traceback at ${c.crash})`,
    };
  if (c.crash && c.expectedSteps === null)
    return {
      ...base,
      baseline,
      verdict: 'insufficient-history',
      reason: `a Python traceback at ${c.crash} after step ${c.steps}: no usual step count to say whether the run stopped early`,
    };
  if (c.reached && c.crash)
    return {
      ...base,
      baseline,
      verdict: 'pass',
      reason: `a Python traceback at ${c.crash}, after all usual steps (step ${c.steps}) were reached`,
    };
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
