import { describe, expect, it } from 'vitest';
import type { MetricSummary, RunSummary } from '../model.js';
import { costGauges, costInputs, gpuHours, runCost, tokensOf } from './cost.js';
import type { GpuSummary } from './summary.js';

function metric(name: string, last: number, steadyMean: number | null = null): MetricSummary {
  return {
    name,
    class: { kind: 'gauge', direction: 'none', unit: '', gate: false, minEffect: 0 },
    count: 10,
    nan: 0,
    inf: 0,
    firstNonFiniteStep: null,
    first: 0,
    last,
    lastStep: 100,
    min: 0,
    max: last,
    steady:
      steadyMean === null
        ? null
        : { median: steadyMean, p10: steadyMean, p90: steadyMean, mean: steadyMean, spread: 0, n: 10, fromStep: 10 },
    windows: [],
  };
}

function run(over: Partial<RunSummary>): RunSummary {
  return {
    name: 'r',
    experiment: 'e',
    source: 'm.csv',
    tags: {},
    fingerprint: {},
    steps: { count: 100, first: 1, last: 100 },
    truncated: false,
    warnings: [],
    metrics: [],
    ...over,
  };
}

const gpu = { gpuName: 'NVIDIA H100 80GB HBM3', gpuCount: 8, durationSeconds: 1800 } as GpuSummary;

describe('run cost', () => {
  it('prefers the manifest for GPUs and wall time, the capture for the GPU name, a token counter for tokens', () => {
    const r = run({
      fingerprint: { world_size: '16' },
      durationSeconds: 3600,
      metrics: [metric('consumed_tokens', 2e9)],
    });
    const inputs = costInputs(r, gpu);
    expect(inputs).toMatchObject({
      gpuName: 'NVIDIA H100 80GB HBM3',
      gpuCount: 16,
      gpuCountFrom: 'manifest',
      durationSeconds: 3600,
      durationFrom: 'manifest',
      tokens: 2e9,
    });
    const cost = runCost(inputs, { H100: 2.5, A100: 1.29 });
    expect(cost.gpuHours).toBe(16);
    expect(cost.priceKey).toBe('H100');
    expect(cost.cost).toBe(40);
    expect(cost.costPerBillionTokens).toBe(20);
    expect(cost.missing).toEqual([]);
    expect(costGauges(cost).map((g) => [g.name, g.value])).toEqual([
      ['cost.gpu_hours', 16],
      ['cost.total', 40],
      ['cost.per_billion_tokens', 20],
    ]);
  });

  it('falls back to the GPU capture, nodes × GPUs per node, and a throughput × time', () => {
    const fromCapture = costInputs(run({ metrics: [metric('throughput_tokens_per_sec', 0, 1e6)] }), gpu);
    expect(fromCapture).toMatchObject({
      gpuCount: 8,
      gpuCountFrom: 'gpu-samples',
      durationSeconds: 1800,
      durationFrom: 'gpu-samples',
      tokens: 1.8e9,
    });
    expect(runCost(fromCapture, { h100: 2 }).cost).toBe(8 * 0.5 * 2);
    const nodes = costInputs(
      run({ fingerprint: { nodes: '2', gpus_per_node: '8', gpu_type: 'A100-SXM4-80GB' }, durationSeconds: 7200 }),
      null,
    );
    expect(nodes).toMatchObject({ gpuCount: 16, gpuName: 'A100-SXM4-80GB', durationSeconds: 7200 });
    expect(runCost(nodes, { A100: 1.5 }).cost).toBe(48);
  });

  it('scales a per-GPU throughput by the GPU count', () => {
    const t = tokensOf([metric('throughput_tokens_per_sec_per_gpu', 0, 1000)], 100, 4);
    expect(t).toEqual({
      tokens: 400_000,
      tokensFrom: 'throughput_tokens_per_sec_per_gpu (steady mean × wall time × GPUs)',
    });
    expect(tokensOf([metric('throughput_tokens_per_sec_per_gpu', 0, 1000)], 100, null)).toBeNull();
  });

  it('says what is missing instead of inventing a figure', () => {
    const cost = runCost(costInputs(run({}), null), {});
    expect(cost.cost).toBeNull();
    expect(cost.gpuHours).toBeNull();
    expect(cost.missing.join('\n')).toMatch(
      /GPU count unknown[\s\S]*wall time unknown[\s\S]*GPU type unknown[\s\S]*tokens unknown/,
    );
    const unpriced = runCost(costInputs(run({}), gpu), { A100: 1 });
    expect(unpriced.gpuHours).toBe(4);
    expect(unpriced.cost).toBeNull();
    expect(unpriced.missing[0]).toBe('no price for "NVIDIA H100 80GB HBM3" (priced: A100)');
    expect(costGauges(unpriced).map((g) => g.name)).toEqual(['cost.gpu_hours']);
  });
});

describe('gpuHours', () => {
  it('is GPUs × seconds / 3600', () => {
    expect(gpuHours(8, 5400)).toBe(12);
    expect(gpuHours(1, 90)).toBe(0.025);
  });
});
