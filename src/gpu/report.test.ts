import { describe, expect, it } from 'vitest';
import { parseGpuPrices } from '../config/gpu-prices.js';
import { readGpuInputs } from './capture/read.js';
import { gpuReport } from './report.js';
import { runSummary } from '../../test/helpers/run-summaries.js';

const real = (name: string) => new URL(`../../fixtures/real/${name}`, import.meta.url).pathname;

describe('gpuReport', () => {
  it('turns a real capture and a run into summary, gauges, gateable metrics and cost', async () => {
    const samples = await readGpuInputs([real('nvidia_smi_query_gpu_all_fields_h100_load_capture.csv')], []);
    const run = runSummary('gpt3-15b', 'e', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [], {
      source: 'm.csv',
      fingerprint: { world_size: '8' },
      durationSeconds: 9000,
    });
    const report = gpuReport(samples, [run], {
      prices: parseGpuPrices('{ "H100": 2.49 }', 'gpu-price'),
    });
    expect(report.gpu!.gpuName).toBe('NVIDIA H100 80GB HBM3');
    expect(report.gauges.find((g) => g.name === 'gpu.util.mean')).toMatchObject({ value: 100, tags: { gpu: '0' } });
    expect(report.metrics.map((m) => m.name)).toContain('gpu.utilization');
    expect(report.costs[0]!.run).toBe('gpt3-15b');
    expect(report.costs[0]!.cost.gpuHours).toBe(20);
    expect(report.costs[0]!.cost.cost).toBeCloseTo(49.8);
    expect(report.costs[0]!.gauges.map((g) => g.name)).toEqual(['cost.gpu_hours', 'cost.total']);
  });

  it('with no capture gives no GPU summary but still prices a run from its manifest', () => {
    const report = gpuReport(null, [], { prices: {} });
    expect(report.gpu).toBeNull();
    expect(report.gauges).toEqual([]);
    expect(report.costs[0]!.cost.cost).toBeNull();
  });
});
