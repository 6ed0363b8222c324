/**
 * A metric with the same value in every comparable run (a loss of exactly 0, a deterministic counter)
 * has no run-to-run noise to test against, so the minimum effect alone decides: worse by more than
 * `minEffect` of the level is a regression. A level of 0 has no relative scale: any change for the worse
 * from it is one.
 */
import type { MetricSummary, MetricVerdict } from '../model.js';
import { formatChange, formatValue } from './format.js';

export function constantHistoryVerdict(m: MetricSummary, current: number, level: number, runs: number): MetricVerdict {
  const better = m.class.direction === 'higher' ? 1 : -1;
  const tolerance = m.class.minEffect * Math.abs(level);
  const worse = -better * (current - level);
  const verdict = worse > tolerance ? 'regression' : -worse > tolerance ? 'improvement' : 'pass';
  const change = level === 0 ? null : (current - level) / Math.abs(level);
  const by = change === null ? (current === level ? 'unchanged' : 'changed') : formatChange(change);
  const effect = `the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
  const why =
    verdict === 'regression'
      ? `worse beyond ${level === 0 ? 'a level of 0' : effect}`
      : verdict === 'improvement'
        ? `better beyond ${level === 0 ? 'a level of 0' : effect}`
        : `within ${effect}`;
  return {
    name: m.name,
    verdict,
    direction: m.class.direction,
    unit: m.class.unit,
    current,
    baseline: { centre: level, band: tolerance, runs, history: new Array<number>(runs).fill(level) },
    change,
    reason: `${m.name} ${formatValue(current)} vs ${formatValue(level)}, the same in all ${runs} runs: ${by}, ${why} (no run-to-run spread to test against)`,
  };
}
