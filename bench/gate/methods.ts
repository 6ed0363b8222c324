/**
 * The gates compared by the benchmark, all on the same summaries and history records:
 *  - `gate`: this project's judgeRun;
 *  - `ratio`: fail when a metric is more than 5 % worse than in the previous run;
 *  - `t-interval`: per metric, fail beyond mean ± t(n−1, 0.99)·s·√(1+1/n) on the worse side (Bencher's
 *    t-test threshold), every metric on its own.
 */
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { DEFAULT_GATE_CONFIG, type GateConfig } from '../../src/gate/config.js';
import { judgeRun } from '../../src/gate/judge.js';
import { tQuantile } from '../../src/gate/stats/student-t.js';
import { metricKey } from '../../src/naming.js';
import type { HistoryRecord, MetricSummary, RunSummary } from '../../src/model.js';

export type Method = (current: RunSummary, history: HistoryRecord[]) => boolean;

function judged(m: MetricSummary): boolean {
  return m.class.gate && m.class.direction !== 'none' && m.class.kind !== 'ignore';
}
function judgedValue(m: MetricSummary): number {
  return m.class.kind === 'loss' ? (m.loss?.finalWindow.median ?? NaN) : (m.steady?.median ?? NaN);
}
function historyValues(history: HistoryRecord[], m: MetricSummary): number[] {
  const key = metricKey(m.name);
  return history
    .map((r) => r.metrics[key])
    .map((r) => (r ? (m.class.kind === 'loss' ? (r.final ?? NaN) : r.centre) : NaN))
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

export function gateMethod(config: GateConfig = DEFAULT_GATE_CONFIG): Method {
  return (current, history) => judgeRun(current, history, config).regression;
}

export const ratioMethod: Method = (current, history) =>
  current.metrics.filter(judged).some((m) => {
    const h = historyValues(history, m);
    const prev = h[h.length - 1];
    if (prev === undefined) return false;
    const worse = ((judgedValue(m) - prev) / Math.abs(prev)) * (m.class.direction === 'higher' ? -1 : 1);
    return worse > 0.05;
  });

export const tIntervalMethod: Method = (current, history) =>
  current.metrics.filter(judged).some((m) => {
    const h = historyValues(history, m);
    if (h.length < 2) return false;
    const n = h.length;
    const limit = tQuantile(0.99, n - 1) * sampleStandardDeviation(h) * Math.sqrt(1 + 1 / n);
    const x = judgedValue(m);
    return m.class.direction === 'higher' ? x < mean(h) - limit : x > mean(h) + limit;
  });
