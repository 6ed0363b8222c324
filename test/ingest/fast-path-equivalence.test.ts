/** The byte scanner must give exactly csv-parse's batches on the benchmark's realistic file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTrainingCsv, TRAINING_CSV_COLUMNS } from '../../bench/ingest/generate.js';
import type { Batch } from '../../src/model.js';
import { openCsvTable, type RowParser } from '../../src/ingest/csv/table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-equivalence-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function batches(path: string, parser: RowParser): Promise<{ columns: string[]; batches: Batch[] }> {
  const table = await openCsvTable(path, { parser });
  const out: Batch[] = [];
  for await (const batch of table.batches) out.push(batch);
  return { columns: table.columns, batches: out };
}

describe('byte scanner vs csv-parse on the generated 100k × 12 training CSV', () => {
  it('produces identical batches (steps, every value bit for bit, nan tokens)', async () => {
    const path = join(dir, 'metrics_rank_0.csv');
    await generateTrainingCsv(path, { steps: 100_000, seed: 1 });
    const fast = await batches(path, 'byte-scanner');
    const slow = await batches(path, 'csv-parse');
    expect(fast.columns).toEqual(TRAINING_CSV_COLUMNS.slice(1));
    expect(fast.batches.map((b) => b.steps.length)).toEqual([65_536, 34_464]);
    expect(fast.batches.length).toBe(slow.batches.length);
    fast.batches.forEach((batch, i) => {
      const other = slow.batches[i]!;
      expect(Buffer.from(batch.steps.buffer, batch.steps.byteOffset, batch.steps.byteLength)).toEqual(
        Buffer.from(other.steps.buffer, other.steps.byteOffset, other.steps.byteLength),
      );
      batch.values.forEach((column, c) => {
        const o = other.values[c]!;
        // Byte comparison: identical doubles, NaN and -0 included.
        expect(
          Buffer.from(column.buffer, column.byteOffset, column.byteLength).equals(
            Buffer.from(o.buffer, o.byteOffset, o.byteLength),
          ),
        ).toBe(true);
      });
      expect(batch.nanTokens).toEqual(other.nanTokens);
    });
  });

  it('also on the sparse variant (validation loss only every 100 steps)', async () => {
    const path = join(dir, 'sparse.csv');
    await generateTrainingCsv(path, { steps: 5_000, seed: 3, sparseValidation: true });
    const fast = await batches(path, 'byte-scanner');
    const slow = await batches(path, 'csv-parse');
    expect(fast.batches).toEqual(slow.batches);
    const val = fast.batches[0]!.values[1]!;
    expect(val.filter(Number.isFinite)).toHaveLength(50);
  });
});
