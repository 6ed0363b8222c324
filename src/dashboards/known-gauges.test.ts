import { describe, expect, it } from 'vitest';
import { parseGpuPrices } from '../config/gpu-prices.js';
import { readGpuInputs } from '../gpu/capture/read.js';
import { gpuReport } from '../gpu/report.js';
import { KNOWN_GAUGES } from './known-gauges.js';
import { runSummary } from '../../test/helpers/run-summaries.js';

describe('KNOWN_GAUGES', () => {
  it('covers every gauge the GPU report makes from real captures, with the same unit', async () => {
    const samples = await readGpuInputs(
      [
        'fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv',
        'fixtures/real/nvidia_smi_8gpu_interleaved_gpu_glasses.csv',
      ],
      [],
    );
    const run = runSummary('r', 'e', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [], {
      source: 'm.csv',
      fingerprint: { world_size: '8' },
      durationSeconds: 9000,
    });
    const report = gpuReport(samples, [run], {
      prices: parseGpuPrices('{ "H100": 2.49 }', 'gpu-price'),
    });
    const made = [...report.gauges, ...report.costs.flatMap((c) => c.gauges)];
    expect(made.length).toBeGreaterThan(10);
    for (const g of made) {
      const known = KNOWN_GAUGES.find((k) => k.name === g.name);
      expect(known, `${g.name} is not in KNOWN_GAUGES`).toBeDefined();
      expect(known!.unit, g.name).toBe(g.unit);
      expect(Boolean(known!.perDevice), g.name).toBe('gpu' in g.tags);
    }
  });
});
