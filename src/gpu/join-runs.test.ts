import { describe, expect, it } from 'vitest';
import type { MetricSummary, RunSummary } from '../model.js';
import { gpuGaugesFor, withGpuMetrics } from './join-runs.js';
import type { GpuReport } from './report.js';
import { runSummary } from '../../test/helpers/run-summaries.js';

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

const run = (name: string): RunSummary => runSummary(name, 'e', [1], [metric('loss')], { fingerprint: {} });

const gauge = (name: string) => ({ name, value: 1, unit: 'count', tags: {} });

const report: GpuReport = {
  gpu: null,
  gauges: [gauge('gpu.run.count')],
  metrics: [metric('gpu.utilization')],
  placement: 'single-run',
  runs: [{ run: 'a', gpu: null, gauges: [gauge('gpu.run.count')], metrics: [metric('gpu.utilization')] }],
  costs: [
    { run: 'a', cost: {} as GpuReport['costs'][number]['cost'], gauges: [gauge('cost.total')] },
    { run: 'b', cost: {} as GpuReport['costs'][number]['cost'], gauges: [] },
  ],
  warnings: [],
};

/** A batch of two runs the capture was placed on by time: each has its own part. */
const byTime: GpuReport = {
  ...report,
  placement: 'time-range',
  runs: [
    { run: 'a', gpu: null, gauges: [gauge('gpu.util.mean')], metrics: [metric('gpu.utilization')] },
    { run: 'b', gpu: null, gauges: [gauge('gpu.run.count')], metrics: [metric('gpu.memory.used')] },
  ],
};

/** A batch of two runs without times: the capture is the job's and joined to no run. */
const jobOnly: GpuReport = {
  ...report,
  placement: 'job',
  runs: [
    { run: 'a', gpu: null, gauges: [], metrics: [] },
    { run: 'b', gpu: null, gauges: [], metrics: [] },
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
  it('leaves several runs the capture was not placed on, or a run without a report, as they are', () => {
    const runs = [run('a'), run('b')];
    expect(withGpuMetrics(runs, jobOnly)).toBe(runs);
    const one = [run('a')];
    expect(withGpuMetrics(one, null)).toBe(one);
  });
  it('gives each run of a batch placed by time the metrics of its own part', () => {
    const joined = withGpuMetrics([run('a'), run('b')], byTime);
    expect(joined.map((r) => r.metrics.map((m) => m.name))).toEqual([
      ['loss', 'gpu.utilization'],
      ['loss', 'gpu.memory.used'],
    ]);
  });
});

describe('gpuGaugesFor', () => {
  it('gives each run its cost gauges and the GPU gauges of its own part of the capture', () => {
    expect(gpuGaugesFor(report, 'a', 0).map((g) => g.name)).toEqual(['cost.total', 'gpu.run.count']);
    expect(gpuGaugesFor(report, 'b', 1)).toEqual([]);
    expect(gpuGaugesFor(null, 'a', 0)).toEqual([]);
    expect(gpuGaugesFor(byTime, 'b', 1).map((g) => g.name)).toEqual(['gpu.run.count']);
  });
  it('never sends a capture of the whole batch with the first run', () => {
    expect(gpuGaugesFor(jobOnly, 'a', 0).map((g) => g.name)).toEqual(['cost.total']);
    expect(gpuGaugesFor(jobOnly, 'b', 1)).toEqual([]);
  });
});
