/** GPU telemetry and cost: the captures read, summarised, placed on the runs and priced against them. */
import type { Config } from '../config/index.js';
import { sectionValue } from '../config/section.js';
import { readGpuInputs } from '../gpu/capture/read.js';
import { costWarnings } from '../gpu/cost-warnings.js';
import { gpuReport, type GpuReport } from '../gpu/report.js';
import type { RunSummary } from '../model.js';
import type { RunContext } from './run-context.js';

/**
 * The GPU report, or null when there is neither a capture nor a price (or a capture could not be read).
 * A capture that could not be placed on a run, and a cost that could not be computed where prices were
 * given, are each said once on the console.
 */
export async function readGpu(
  ctx: RunContext,
  runs: RunSummary[],
  config: Pick<Config, 'rules' | 'gpuPrices' | 'gpuPricesGiven'>,
): Promise<GpuReport | null> {
  const { options } = ctx;
  try {
    const samples = await readGpuInputs(options.gpuCsv, options.gpuScrape);
    const prices = sectionValue(config.gpuPrices);
    if (!samples && !Object.keys(prices).length) return null;
    const report = gpuReport(samples, runs, { prices, config });
    for (const w of report.warnings) ctx.warn(w);
    if (config.gpuPricesGiven) for (const w of costWarnings(report.costs)) ctx.warn(w);
    return report;
  } catch (e) {
    ctx.recordError(e);
    return null;
  }
}
