/**
 * Every real per-step file in fixtures/real/ (provenance in PROVENANCE.md), read once: the files the tool
 * reads as a run (console logs, GPU captures, per-run summaries and manifests are refused as such and are
 * not runs), each with its table held in memory and the classes its metrics get.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { type CollectedTable, collectTable, openTable, tableFromColumns } from '../../src/ingest/index.js';
import { InputError, type MetricSummary, type RunSummary } from '../../src/model.js';
import { summarizeRun } from '../../src/summarize/index.js';

export const REAL = 'fixtures/real';

/**
 * Files made from other fixtures rather than written by a trainer: the CSV pivot of the golden values keeps
 * the JSON format's "nan" padding, which in a CSV is a loss gone NaN (it is tested as such).
 */
const DERIVED = new Set(['megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv']);

export interface RealRun {
  file: string;
  name: string;
  table: CollectedTable;
  stepColumn: string | null;
  summary: RunSummary;
}

/** The run's table as a summary, the way check summarises a file. */
export function summarize(table: CollectedTable, name = 'copy', source = 'copy.csv'): Promise<RunSummary> {
  return summarizeRun(
    {
      name,
      experiment: 'copies',
      tags: {},
      fingerprint: {},
      table: tableFromColumns(source, table.steps, table.values, { nanTokens: table.nanTokens }),
    },
    DEFAULT_CONFIG,
  );
}

/**
 * `runs`: the files read as a healthy run. `broken`: runs whose loss is already NaN or infinite as written
 * (a golden-values file recorded from a run whose loss never came out finite): no copy of them may pass,
 * so they are the properties' other side, not good runs. `refused`: what is not a run, and why.
 */
export async function realRuns(): Promise<{ runs: RealRun[]; broken: RealRun[]; refused: string[] }> {
  const runs: RealRun[] = [];
  const broken: RealRun[] = [];
  const refused: string[] = [];
  for (const name of readdirSync(REAL).sort()) {
    if (name === 'PROVENANCE.md' || DERIVED.has(name)) continue;
    const file = join(REAL, name);
    try {
      const opened = await openTable(file);
      const table = await collectTable(opened);
      const summary = await summarize(table, name, file);
      if (!gatedLoss(summary)) {
        refused.push(`${name}: no gated loss`);
        continue;
      }
      const run = { file, name, table, stepColumn: opened.stepColumn, summary };
      if (summary.metrics.some((m) => gated(m) && m.class.kind === 'loss' && m.firstNonFiniteStep !== null))
        broken.push(run);
      else runs.push(run);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      refused.push(`${name}: ${e.detail}`);
    }
  }
  return { runs, broken, refused };
}

export function gated(m: MetricSummary): boolean {
  return m.class.gate && m.class.direction !== 'none' && m.class.kind !== 'ignore' && m.class.kind !== 'gauge';
}

/** The run's main loss: the gated loss with the most finite points. */
export function gatedLoss(summary: RunSummary): MetricSummary | null {
  const losses = summary.metrics.filter((m) => gated(m) && m.class.kind === 'loss');
  return losses.sort((a, b) => b.count - a.count)[0] ?? null;
}
