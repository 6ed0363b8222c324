/**
 * The GPU and cost gauges the StatsD stage sends beside a run's columns, from a real nvidia-smi capture:
 * base units with the plain flavor (so a statsd_exporter mapping needs no `scale`), as reported with the
 * datadog flavor.
 */
import { describe, expect, it } from 'vitest';
import type { Options } from '../../src/options.js';
import { emitOptions } from '../helpers/emit-options.js';
import { run } from '../../src/run.js';

const demo = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
const h100 = 'fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function options(more: Partial<Options>): Options {
  return emitOptions({ csv: [demo], gpuCsv: [h100], dryRun: true, ...more });
}

/** The value of the first printed line of `name`. */
function lineValue(lines: string[], name: string): number {
  const line = lines.find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no line for ${name}`);
  return Number(line.slice(name.length + 1, line.indexOf('|')));
}

describe('GPU gauges over StatsD', () => {
  it('plain: percent as a ratio, MiB as bytes, the names saying so; datadog: as the capture reports them', async () => {
    const plain = (await run(options({}), quiet)).statsd!.printed;
    const datadog = (await run(options({ statsdFlavor: 'datadog' }), quiet)).statsd!.printed;
    const util = lineValue(datadog, 'training_metrics.gpu.run.util.mean');
    const memory = lineValue(datadog, 'training_metrics.gpu.run.memory.peak');
    expect(util).toBeGreaterThan(1); // percent, as nvidia-smi reports it
    expect(lineValue(plain, 'training_metrics.gpu.run.util.mean_ratio')).toBeCloseTo(util / 100, 9);
    expect(lineValue(plain, 'training_metrics.gpu.run.memory.peak_bytes')).toBeCloseTo(memory * 2 ** 20, 0);
    // Watts and counts are base units already.
    expect(lineValue(plain, 'training_metrics.gpu.run.count')).toBe(
      lineValue(datadog, 'training_metrics.gpu.run.count'),
    );
  });
});
