import { describe, expect, it } from 'vitest';
import type { MetricSummary, RunSummary } from '../model.js';
import { gpuGaugesFor, withGpuMetrics } from './join-runs.js';
import type { GpuReport } from './report.js';

const metric = (name: string): MetricSummary => ({
  name,
  class: { kind: 'gauge', direction: 'none', unit: '', gate: false, minEffect: 0 },
  count: 1,
  nan: 0,
  inf: 0,
  firstNonFiniteStep: null,
  first: 1,
  last: 1,
  lastStep: 1,
  min: 1,
  max: 1,
  steady: null,
  windows: [],
});

const run = (name: string): RunSummary => ({
  name,
  experiment: 'e',
  source: `${name}.csv`,
  tags: {},
  fingerprint: {},
  steps: { count: 1, first: 1, last: 1 },
  truncated: false,
  warnings: [],
  metrics: [metric('loss')],
});

const gauge = (name: string) => ({ name, value: 1, unit: 'count', tags: {} });

const report: GpuReport = {
  gpu: null,
  gauges: [gauge('gpu.run.count')],
  metrics: [metric('gpu.utilization')],
  costs: [
    { run: 'a', cost: {} as GpuReport['costs'][number]['cost'], gauges: [gauge('cost.total')] },
    { run: 'b', cost: {} as GpuReport['costs'][number]['cost'], gauges: [] },
  ],
};

describe('withGpuMetrics', () => {
  it("adds the capture's metrics to a single run's summary, leaving the summary it was given as it was", () => {
    const runs = [run('a')];
    const joined = withGpuMetrics(runs, report);
    expect(joined[0]!.metrics.map((m) => m.name)).toEqual(['loss', 'gpu.utilization']);
    expect(runs[0]!.metrics.map((m) => m.name)).toEqual(['loss']);
    expect(Object.keys(joined[0]!)).toEqual(Object.keys(runs[0]!));
  });
  it('leaves several runs, or a run without a report, as they are', () => {
    const runs = [run('a'), run('b')];
    expect(withGpuMetrics(runs, report)).toBe(runs);
    const one = [run('a')];
    expect(withGpuMetrics(one, null)).toBe(one);
  });
});

describe('gpuGaugesFor', () => {
  it("gives each run its cost gauges and the first run the capture's gauges too", () => {
    expect(gpuGaugesFor(report, 'a', 0).map((g) => g.name)).toEqual(['cost.total', 'gpu.run.count']);
    expect(gpuGaugesFor(report, 'b', 1)).toEqual([]);
    expect(gpuGaugesFor(null, 'a', 0)).toEqual([]);
  });
});
