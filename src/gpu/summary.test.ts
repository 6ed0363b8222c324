import { describe, expect, it } from 'vitest';
import { parseGpuCsv } from './capture/nvidia-smi-csv.js';
import { readGpuFile, readGpuScrape } from './capture/read.js';
import type { GpuSamples } from './capture/samples.js';
import { summarizeGpu } from './summary.js';
import { gpuGauges, gpuMetricSummaries } from './metrics.js';
import { parseConfig } from '../config/parse.js';

const real = (name: string) => new URL(`../../fixtures/real/${name}`, import.meta.url).pathname;

/** A 2-GPU nvidia-smi capture every 5 s: idle for `idle` samples at both ends, `util(i, gpu)` in between. */
function capture(n: number, idle: number, util: (i: number, gpu: number) => number): GpuSamples {
  const lines = [
    'timestamp, index, uuid, name, utilization.gpu [%], memory.used [MiB], memory.total [MiB], power.draw [W], temperature.gpu',
  ];
  for (let i = 0; i < n; i++) {
    const t = new Date(Date.UTC(2026, 0, 1, 0, 0, 0) + i * 5000).toISOString();
    for (let g = 0; g < 2; g++) {
      const busy = i >= idle && i < n - idle;
      lines.push(
        `${t}, ${g}, GPU-${g}, NVIDIA H100 80GB HBM3, ${busy ? util(i, g) : 0} %, ${busy ? 60000 + i : 500} MiB, 81559 MiB, ${busy ? 600 : 70}.00 W, ${40 + g}`,
      );
    }
  }
  return parseGpuCsv('gpu.csv', `${lines.join('\n')}\n`);
}

describe('summarizeGpu', () => {
  it('summarises each GPU over the active span, leaving out idle ends and warm-up', () => {
    const s = summarizeGpu(capture(120, 10, () => 97));
    expect(s.gpuCount).toBe(2);
    expect(s.gpuName).toBe('NVIDIA H100 80GB HBM3');
    expect(s.sampleIntervalSeconds).toBe(5);
    expect(s.durationSeconds).toBe(600); // 119 intervals + one period
    const d = s.devices[0]!;
    expect(d.samples).toBe(120);
    expect(d.steadySamples).toBe(90); // active span 10..109, first 10 % of it is warm-up
    expect(d.utilization).toMatchObject({ mean: 97, p10: 97, median: 97 });
    expect(d.memory).toEqual({ peakMiB: 60109, totalMiB: 81559, peakFraction: 60109 / 81559 });
    expect(d.power).toEqual({ meanW: 600, maxW: 600 });
    expect(s.devices[1]!.temperature).toEqual({ maxC: 41 });
    expect(d.starved).toEqual({ starved: false, basis: 'utilization', threshold: 50, fractionBelow: 0 });
    expect(s.run.starved?.starved).toBe(false);
    expect(s.run.power).toEqual({ meanW: 600, totalMeanW: 1200, maxW: 600 });
  });

  it('stays small as plain JSON however long the capture', () => {
    const s = summarizeGpu(capture(5000, 10, () => 90));
    expect(JSON.stringify(s).length).toBeLessThan(8000);
    expect(s.pooled.util!.steady.n).toBeGreaterThan(8000);
  });

  it('flags a GPU starved when most steady samples sit under the threshold, and only that GPU', () => {
    // GPU 1 waits on input: busy one sample in three.
    const s = summarizeGpu(capture(120, 10, (i, g) => (g === 1 && i % 3 !== 0 ? 10 : 95)));
    expect(s.devices[0]!.starved!.starved).toBe(false);
    const starved = s.devices[1]!.starved!;
    expect(starved.starved).toBe(true);
    expect(starved.fractionBelow).toBeCloseTo(2 / 3, 1);
    expect(s.run.starvedGpus).toEqual(['1']);
    expect(s.run.utilization!.p10).toBe(10);
  });

  it('judges on SM active where captured: 95 % utilisation with 20 % of SMs busy is starved', () => {
    const samples: GpuSamples = {
      source: 'dcgm',
      format: 'prometheus',
      truncated: false,
      warnings: [],
      gpus: [
        {
          label: '0',
          uuid: 'GPU-a',
          name: 'NVIDIA A100-SXM4-80GB',
          busId: null,
          times: Array.from({ length: 50 }, (_, i) => i * 1000),
          fields: { util: Array(50).fill(95), smActive: Array(50).fill(20), tensorActive: Array(50).fill(5) },
        },
      ],
    };
    const s = summarizeGpu(samples);
    expect(s.devices[0]!.starved).toMatchObject({ starved: true, basis: 'sm_active', fractionBelow: 1 });
    expect(s.devices[0]!.utilization!.mean).toBe(95);
    expect(s.devices[0]!.smActive!.mean).toBe(20);
    expect(s.devices[0]!.tensorActive!.mean).toBe(5);
    expect(summarizeGpu(samples, { starvedThreshold: 15 }).devices[0]!.starved!.starved).toBe(false);
  });

  it('summarises the real captures: 8 GPUs without utilisation, dmon without times, a single scrape', async () => {
    const glasses = summarizeGpu(await readGpuFile(real('nvidia_smi_8gpu_interleaved_gpu_glasses.csv')));
    expect(glasses.gpuCount).toBe(8);
    expect(glasses.devices[0]!.utilization).toBeNull();
    expect(glasses.devices[0]!.starved).toBeNull();
    expect(glasses.run.memory).toMatchObject({ peakMiB: 4, totalMiB: 81559 });
    expect(glasses.sampleIntervalSeconds).toBe(2); // steps of 1 and 2 s, median 2
    expect(glasses.durationSeconds).toBe(10); // 17:26:50 … 17:26:58, plus one period
    expect(glasses.truncated).toBe(true);

    const dmon = summarizeGpu(await readGpuFile(real('nvidia_smi_dmon_h100_load_whitespace.txt')));
    expect(dmon.durationSeconds).toBeNull();
    expect(dmon.devices[0]!.power).toEqual({ meanW: 634.25, maxW: 636 }); // steady: samples 2–5 of 5 (warm-up 10 % of 0..4)
    expect(dmon.devices[0]!.starved!.starved).toBe(false);

    const scrape = summarizeGpu(
      await readGpuScrape(real('prometheus_exposition_nvidia_gpu_exporter_h100_load.metrics')),
    );
    expect(scrape.gpuName).toBe('NVIDIA H100 80GB HBM3');
    expect(scrape.run.utilization!.mean).toBe(100);
  });
});

describe('gpuGauges and gpuMetricSummaries', () => {
  it('gives per-GPU gauges tagged gpu:<index> and run gauges under other names', () => {
    const s = summarizeGpu(capture(40, 2, (_i, g) => (g === 0 ? 90 : 30)));
    const gauges = gpuGauges(s);
    const util0 = gauges.find((g) => g.name === 'gpu.util.mean' && g.tags.gpu === '0');
    expect(util0).toMatchObject({ value: 90, unit: 'percent' });
    expect(gauges.find((g) => g.name === 'gpu.starved' && g.tags.gpu === '1')!.value).toBe(1);
    expect(gauges.find((g) => g.name === 'gpu.run.util.mean')).toMatchObject({ value: 60, tags: {} });
    expect(gauges.find((g) => g.name === 'gpu.run.starved_gpus')!.value).toBe(1);
    // statsd_exporter needs one tag key set per name: no name appears both with and without the gpu tag.
    const keysByName = new Map<string, Set<string>>();
    for (const g of gauges)
      (keysByName.get(g.name) ?? keysByName.set(g.name, new Set()).get(g.name)!).add(Object.keys(g.tags).join());
    for (const [name, keys] of keysByName) expect(keys.size, name).toBe(1);
  });

  it('gives gateable MetricSummary entries over pooled steady samples, config rules applied', () => {
    const s = summarizeGpu(capture(40, 2, () => 80));
    const metrics = gpuMetricSummaries(s);
    const util = metrics.find((m) => m.name === 'gpu.utilization')!;
    expect(util.class).toMatchObject({ kind: 'window', direction: 'higher', unit: 'percent', gate: true });
    expect(util.steady!.median).toBe(80);
    expect(util.count).toBe(s.devices[0]!.steadySamples * 2);
    expect(metrics.map((m) => m.name)).toEqual(['gpu.utilization', 'gpu.memory.used', 'gpu.power', 'gpu.temperature']);
    const config = parseConfig('metrics:\n  "gpu.*": { gate: false }\n', 'c.yml');
    const ungated = gpuMetricSummaries(s, config);
    expect(ungated).toHaveLength(4);
    expect(ungated.every((m) => !m.class.gate)).toBe(true);
  });
});
