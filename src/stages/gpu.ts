/** GPU telemetry and cost: gateable like any metric when the capture covers a single run. */
import { readGpuInputs } from '../ingest/gpu/read.js';
import { gpuReport, resolveGpuPrices } from '../summarize/gpu-report.js';
import type { Stage } from './context.js';

export async function addGpu(stage: Stage): Promise<void> {
  const { options, config, result } = stage;
  try {
    const samples = await readGpuInputs(options.gpuCsv, options.gpuScrape);
    const prices = resolveGpuPrices(options.gpuPrice, config);
    if (samples || Object.keys(prices).length) {
      result.gpu = gpuReport(samples, result.summaries, { prices, config });
      if (result.summaries.length === 1) result.summaries[0]!.metrics.push(...result.gpu.metrics);
    }
  } catch (e) {
    stage.fail(e);
  }
}
