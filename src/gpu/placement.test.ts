import { describe, expect, it } from 'vitest';
import { parseGpuPrices } from '../config/gpu-prices.js';
import type { RunSummary, TimeRange } from '../model.js';
import { readGpuFile } from './capture/read.js';
import { placeCapture } from './placement.js';
import { gpuReport } from './report.js';
import { runSummary } from '../../test/helpers/run-summaries.js';

const real = (name: string) => new URL(`../../fixtures/real/${name}`, import.meta.url).pathname;
const capture = () => readGpuFile(real('nvidia_smi_wrapper_snake_case_units_8gpu_iso_z.csv'));
const at = (iso: string) => Date.parse(iso);

function run(name: string, timeRange?: TimeRange, extra: Partial<RunSummary> = {}): RunSummary {
  return runSummary(name, 'e', [1], [], { fingerprint: {}, ...(timeRange ? { timeRange } : {}), ...extra });
}

// The real capture runs from 03:48:33.493Z to 03:51:11.016Z.
const first = { start: at('2025-09-24T03:48:30Z'), end: at('2025-09-24T03:49:50Z') };
const second = { start: at('2025-09-24T03:49:50Z') + 1, end: at('2025-09-24T03:51:20Z') };

describe('placeCapture', () => {
  it('splits one capture between the runs of a batch by their time ranges', async () => {
    const samples = await capture();
    const placed = placeCapture(samples, [run('a', first), run('b', second)]);
    expect(placed.rule).toBe('time-range');
    expect(placed.warnings).toEqual([]);
    const [a, b] = placed.parts;
    expect(a!.gpus).toHaveLength(8);
    expect(b!.gpus).toHaveLength(8);
    expect(Math.max(...a!.gpus[0]!.times)).toBeLessThanOrEqual(first.end);
    expect(Math.min(...b!.gpus[0]!.times)).toBeGreaterThanOrEqual(second.start);
    expect(a!.gpus[0]!.times.length + b!.gpus[0]!.times.length).toBe(samples.gpus[0]!.times.length);
  });

  it('without run times, the batch capture is the job’s: joined to no run, with one warning', async () => {
    const placed = placeCapture(await capture(), [run('a'), run('b')]);
    expect(placed.rule).toBe('job');
    expect(placed.parts).toEqual([null, null]);
    expect(placed.warnings).toHaveLength(1);
    expect(placed.warnings[0]).toMatch(/covers a batch of 2 runs and none has a start and end time.*joined to no run/);
  });

  it('warns for a run whose range holds no samples, a run without times, and a capture that fits no run', async () => {
    const samples = await capture();
    const late = { start: at('2025-09-24T05:00:00Z'), end: at('2025-09-24T06:00:00Z') };
    const placed = placeCapture(samples, [run('a', first), run('late', late), run('untimed')]);
    expect(placed.parts.map((p) => p !== null)).toEqual([true, false, false]);
    expect(placed.warnings).toEqual([
      expect.stringMatching(/no samples in run "late"'s time range \(2025-09-24T05:00:00Z – 2025-09-24T06:00:00Z\)/),
      expect.stringMatching(/not joined to run "untimed": no start and end time in the manifest/),
    ]);
    const nowhere = placeCapture(samples, [run('late', late), run('later', late)]);
    expect(nowhere.warnings).toEqual([expect.stringMatching(/overlaps no run's time range; it is joined to no run/)]);
  });

  it('a single run owns the capture, cut to its time range when it has one', async () => {
    const samples = await capture();
    expect(placeCapture(samples, [run('a')]).parts[0]).toBe(samples);
    const cut = placeCapture(samples, [run('a', first)]);
    expect(cut.rule).toBe('time-range');
    expect(cut.parts[0]!.gpus[0]!.times.length).toBeLessThan(samples.gpus[0]!.times.length);
  });
});

describe('gpuReport over a batch', () => {
  it('gives each run its own GPU summary, gauges, gated metrics and cost from its part', async () => {
    const samples = await capture();
    const report = gpuReport(samples, [run('a', first), run('b', second)], {
      prices: parseGpuPrices('{ "GPU": 2 }', 'gpu-price'),
    });
    expect(report.placement).toBe('time-range');
    expect(report.runs.map((r) => r.run)).toEqual(['a', 'b']);
    expect(report.runs.every((r) => r.gpu?.gpuCount === 8)).toBe(true);
    expect(report.runs.every((r) => r.metrics.some((m) => m.name === 'gpu.utilization'))).toBe(true);
    const [da, db] = report.runs.map((r) => r.gpu!.durationSeconds!);
    expect(da! + db!).toBeLessThan(report.gpu!.durationSeconds! + 1);
    expect(report.costs.map((c) => c.cost.durationSeconds)).toEqual([da, db]);
  });

  it('over a batch without times: no run gets the capture, the first one included', async () => {
    const report = gpuReport(await capture(), [run('a'), run('b')], { prices: {} });
    expect(report.placement).toBe('job');
    expect(report.runs.map((r) => [r.gpu, r.gauges, r.metrics])).toEqual([
      [null, [], []],
      [null, [], []],
    ]);
    expect(report.warnings).toHaveLength(1);
    expect(report.gpu!.gpuCount).toBe(8);
  });
});
