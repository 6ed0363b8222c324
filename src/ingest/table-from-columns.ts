/** A Table over arrays already in memory: for simulators, small JSON shapes and tests. */
import { ownValue } from '../own-keys.js';
import type { Batch, Table } from '../model.js';

/**
 * Wrap in-memory columns as a Table. `steps` must already be in step order without repeats;
 * NaN marks a missing cell, and `nanTokens` lists, per column name, row indexes that held an explicit NaN.
 */
export function tableFromColumns(
  source: string,
  steps: ArrayLike<number>,
  columns: Record<string, ArrayLike<number>>,
  options: {
    stepColumn?: string | null;
    nanTokens?: Record<string, number[]>;
    batchSize?: number;
    warnings?: string[];
  } = {},
): Table {
  const names = Object.keys(columns);
  const batchSize = options.batchSize ?? 65_536;
  const n = steps.length;
  for (const name of names) {
    if (columns[name]!.length !== n)
      throw new Error(`column ${name} has ${columns[name]!.length} values for ${n} steps`);
  }
  async function* batches(): AsyncGenerator<Batch> {
    for (let start = 0; start < n; start += batchSize) {
      const end = Math.min(n, start + batchSize);
      const batch: Batch = {
        steps: Float64Array.from({ length: end - start }, (_, i) => steps[start + i]!),
        values: names.map((name) => Float64Array.from({ length: end - start }, (_, i) => columns[name]![start + i]!)),
      };
      if (options.nanTokens) {
        batch.nanTokens = names.map((name) => {
          const rows = ownValue(options.nanTokens!, name)
            ?.filter((r) => r >= start && r < end)
            .map((r) => r - start);
          return rows?.length ? rows : undefined;
        });
      }
      yield batch;
    }
  }
  return {
    source,
    columns: names,
    stepColumn: options.stepColumn === undefined ? 'step' : options.stepColumn,
    batches: batches(),
    warnings: options.warnings ?? [],
    truncated: { value: false },
  };
}
