/** A Table over arrays already in memory: for simulators, small JSON shapes and tests. */
import { ownValue } from '../own-keys.js';
import type { Batch, Table } from '../model.js';

/** Values `[start, end)` as a Float64Array of their own. */
function slice(values: ArrayLike<number>, start: number, end: number): Float64Array {
  if (values instanceof Float64Array) return values.slice(start, end);
  const out = new Float64Array(end - start);
  for (let i = start; i < end; i++) out[i - start] = values[i]!;
  return out;
}

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
  // Each column's nan-token rows are walked once over all batches (they are in row order).
  const tokens = names.map((name) => {
    const rows = options.nanTokens ? ownValue(options.nanTokens, name) : undefined;
    return rows?.every((r, i) => i === 0 || r >= rows[i - 1]!) === false ? [...rows].sort((a, b) => a - b) : rows;
  });
  const next = names.map(() => 0);
  async function* batches(): AsyncGenerator<Batch> {
    for (let start = 0; start < n; start += batchSize) {
      const end = Math.min(n, start + batchSize);
      const batch: Batch = {
        steps: slice(steps, start, end),
        values: names.map((name) => slice(columns[name]!, start, end)),
      };
      if (options.nanTokens) {
        batch.nanTokens = tokens.map((rows, c) => {
          if (!rows) return undefined;
          const out: number[] = [];
          let i = next[c]!;
          for (; i < rows.length && rows[i]! < end; i++) if (rows[i]! >= start) out.push(rows[i]! - start);
          next[c] = i;
          return out.length ? out : undefined;
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
