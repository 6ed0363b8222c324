/** GPU telemetry and cost: the captures read, summarised and priced against the runs. */
import type { Config } from '../config/index.js';
import { sectionValue } from '../config/section.js';
import { readGpuInputs } from '../gpu/capture/read.js';
import { gpuReport, type GpuReport } from '../gpu/report.js';
import type { RunSummary } from '../model.js';
import type { RunContext } from './run-context.js';

/** The GPU report, or null when there is neither a capture nor a price (or a capture could not be read). */
export async function readGpu(
  ctx: RunContext,
  runs: RunSummary[],
  config: Pick<Config, 'rules' | 'gpuPrices'>,
): Promise<GpuReport | null> {
  const { options } = ctx;
  try {
    const samples = await readGpuInputs(options.gpuCsv, options.gpuScrape);
    const prices = sectionValue(config.gpuPrices);
    if (!samples && !Object.keys(prices).length) return null;
    return gpuReport(samples, runs, { prices, config });
  } catch (e) {
    ctx.recordError(e);
    return null;
  }
}
