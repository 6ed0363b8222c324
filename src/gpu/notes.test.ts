import { describe, expect, it } from 'vitest';
import { gpuNotes } from './notes.js';
import type { GpuSummary } from './summary.js';
import type { RunCost } from './cost.js';

const gpu = {
  gpuName: 'NVIDIA H100 80GB HBM3',
  gpuCount: 8,
  run: {
    utilization: { mean: 96.2, p10: 91, median: 97, n: 100 },
    smActive: { mean: 38, p10: 30, median: 38, n: 100 },
    tensorActive: null,
    memory: { peakMiB: 71234, totalMiB: 81559, peakFraction: 0.87 },
    power: { meanW: 612.4, totalMeanW: 4899, maxW: 699 },
    temperature: { maxC: 71 },
    starved: { starved: true, basis: 'sm_active', threshold: 50, fractionBelow: 0.92 },
    starvedGpus: ['0', '3'],
  },
} as unknown as GpuSummary;

describe('gpuNotes', () => {
  it('says whether the GPUs are maxed out, and names a starved run by its SM activity', () => {
    const [summary, starved] = gpuNotes(gpu, null);
    expect(summary).toBe(
      'GPU: 8 × NVIDIA H100 80GB HBM3, utilisation 96 % mean, 91 % p10, SM active 38 %, memory peak 71234 MiB of 81559 MiB, power 612 W mean, 699 W max, 71 °C max.',
    );
    expect(starved).toContain('SM activity under 50 % for 92 %');
    expect(starved).toContain('GPU 0, 3');
  });

  it('gives the cost per run and per billion tokens, or why it is missing', () => {
    const cost = {
      cost: 9.96,
      gpuHours: 4,
      pricePerGpuHour: 2.49,
      priceKey: 'H100',
      costPerBillionTokens: 24.355,
      missing: [],
    } as unknown as RunCost;
    expect(gpuNotes(null, cost)).toEqual([
      'Cost: 9.96 (4.0 GPU-hours × 2.49 per H100-hour), 24.36 per billion tokens.',
    ]);
    const none = {
      cost: null,
      gpuHours: null,
      pricePerGpuHour: null,
      priceKey: null,
      costPerBillionTokens: null,
      missing: ['no run duration'],
    } as unknown as RunCost;
    expect(gpuNotes(null, none)).toEqual(['Cost not computed: no run duration.']);
  });
});
