/**
 * A recorded run judged as a new run: the record's numbers stand in for the summary the gate would have
 * read from its files, and judgeRun does the rest. What the trend site shows as the level and the noise
 * band is then the one the gate itself computes for the next run, not a second copy of its method.
 * The record keeps what judging needs: the judged value (final-window median or steady-state median),
 * the run's own noise, its steps and its curve; a divergence is not kept, so it is not judged again.
 */
import {
  type GateResult,
  type HistoryRecord,
  judgedAtEnd,
  type MetricClass,
  type MetricSummary,
  type RunSummary,
} from '../model.js';
import { DEFAULT_GATE_CONFIG, type GateConfig } from './config.js';
import { judgeRun } from './judge.js';

export function judgeRecord(
  record: HistoryRecord,
  history: readonly HistoryRecord[],
  classOf: (key: string) => MetricClass,
  config: GateConfig = DEFAULT_GATE_CONFIG,
): GateResult {
  const metrics: MetricSummary[] = Object.entries(record.metrics).map(([key, m]) => {
    const cls = { ...classOf(key), kind: m.kind, direction: m.direction, unit: m.unit };
    const value = judgedAtEnd(m.kind) ? (m.final ?? m.centre) : m.centre;
    return {
      name: key,
      class: cls,
      count: m.n,
      nan: m.nonFinite,
      inf: 0,
      firstNonFiniteStep: m.nonFinite ? record.steps : null,
      first: value,
      last: value,
      lastStep: record.steps,
      min: value,
      max: value,
      steady: {
        median: m.centre,
        p10: m.centre,
        p90: m.centre,
        mean: m.centre,
        spread: m.spread,
        n: m.n,
        fromStep: 0,
      },
      windows: [],
      ...(m.curve ? { curve: m.curve } : {}),
      ...(judgedAtEnd(m.kind)
        ? {
            loss: {
              samples: m.samples ?? [],
              every: 1,
              finalWindow: { from: record.steps, to: record.steps, count: Math.max(1, m.n), median: value },
              runningMin: value,
              divergence: null,
            },
          }
        : {}),
    };
  });
  const summary: RunSummary = {
    name: record.run,
    experiment: record.experiment,
    source: record.run,
    tags: {},
    fingerprint: {},
    steps: { count: record.steps, first: 0, last: record.steps },
    truncated: false,
    warnings: [],
    metrics,
  };
  return { ...judgeRun(summary, history, config, { newBaseline: record.baseline }), fingerprint: record.fingerprint };
}
