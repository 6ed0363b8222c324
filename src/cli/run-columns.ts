/**
 * The one way every generator learns a run's columns: each `--csv` file is opened and summarised as run()
 * would (with `--config`), so a generated mapping, dashboard or monitor names exactly what the sinks send.
 * Headers alone would not do: some classes depend on the values (an MFU logged in percent is read as
 * percent from its values, not from its name).
 */
import { type Config, loadConfig } from '../config/index.js';
import { openTable } from '../ingest/index.js';
import type { MetricClass } from '../model.js';
import { summarizeRun } from '../summarize/index.js';

export interface RunColumn {
  /** Header as written in the file. */
  name: string;
  class: MetricClass;
}

/** Columns and classes of the given metric files, in file order, each name once. */
export async function runColumns(files: readonly string[], config: Config): Promise<RunColumn[]> {
  const out: RunColumn[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const table = await openTable(file);
    const summary = await summarizeRun({ name: file, experiment: file, tags: {}, fingerprint: {}, table }, config);
    for (const m of summary.metrics) {
      if (seen.has(m.name)) continue;
      seen.add(m.name);
      out.push({ name: m.name, class: m.class });
    }
  }
  return out;
}

/** `--csv` and `--config` as a generator was given them → the run's columns (none without `--csv`). */
export async function columnsFromFlags(values: { csv?: unknown; config?: unknown }): Promise<RunColumn[]> {
  const config = await loadConfig((values.config as string | undefined) ?? null);
  return runColumns((values.csv as string[] | undefined) ?? [], config);
}
