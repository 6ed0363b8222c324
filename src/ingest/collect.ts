/** Drain a Table into plain arrays: for tests and small inputs only (it holds every row in memory). */
import { plainRecord } from '../own-keys.js';
import type { Table } from '../model.js';

export interface CollectedTable {
  steps: number[];
  /** Column name → values (NaN for missing). */
  values: Record<string, number[]>;
  /** Column name → row indexes (over the whole table) that held an explicit NaN token. */
  nanTokens: Record<string, number[]>;
  /** Rows per batch, in order. */
  batchSizes: number[];
}

export async function collectTable(table: Table): Promise<CollectedTable> {
  const out: CollectedTable = { steps: [], values: plainRecord(), nanTokens: plainRecord(), batchSizes: [] };
  for (const name of table.columns) out.values[name] = [];
  for await (const batch of table.batches) {
    const offset = out.steps.length;
    out.steps.push(...batch.steps);
    table.columns.forEach((name, c) => {
      out.values[name]!.push(...batch.values[c]!);
      const rows = batch.nanTokens?.[c];
      if (rows?.length) {
        out.nanTokens[name] ??= [];
        out.nanTokens[name].push(...rows.map((r) => r + offset));
      }
    });
    out.batchSizes.push(batch.steps.length);
  }
  return out;
}
