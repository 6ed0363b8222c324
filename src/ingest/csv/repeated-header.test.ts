/** A header written again mid-file (a log reopened in append mode after a restart) is skipped, with one warning. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import { collectTable } from '../collect.js';
import { openCsvTable, type RowParser } from './table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-reheader-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PARSERS: RowParser[] = ['byte-scanner', 'csv-parse'];

async function readBoth(name: string, content: string) {
  const path = join(dir, name);
  await writeFile(path, content);
  const out = [];
  for (const parser of PARSERS) {
    const table = await openCsvTable(path, { parser });
    out.push({ table, ...(await collectTable(table)) });
  }
  expect(out[1]!.values).toEqual(out[0]!.values);
  expect(out[1]!.table.warnings).toEqual(out[0]!.table.warnings);
  return out[0]!;
}

describe('a repeated header', () => {
  it('is skipped with one warning counting the repeats, not one per column', async () => {
    const header = 'step,loss,mfu,step_time';
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `${from + i},${2 - (from + i) / 100},0.4,1.2`).join('\n');
    const t = await readBoth(
      'restarts.csv',
      `${header}\n${rows(0, 5)}\n${header}\n${rows(3, 8)}\n${header}\r\n${rows(8, 10)}\n  ${header.replaceAll(',', ' , ')}\n${rows(10, 12)}\n`,
    );
    expect(t.steps).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(t.values.loss![11]).toBe(1.89);
    const warnings = t.table.warnings.filter((w) => !w.startsWith('1 restart'));
    expect(warnings).toEqual([
      'the header is repeated 3 times mid-file (first at line 7; a log reopened in append mode?): those lines skipped',
    ]);
  });

  it('with an empty first field (a pandas index) is recognised too', async () => {
    const t = await readBoth('index.csv', ',step,loss\n0,1,2.0\n1,2,1.9\n,step,loss\n2,3,1.8\n');
    expect(t.steps).toEqual([1, 2, 3]);
    expect(t.table.warnings).toEqual([
      'the header is repeated 1 time mid-file (first at line 4; a log reopened in append mode?): those lines skipped',
    ]);
  });

  it('real nvidia-smi loop output (header before every value): the header is named once in the error', async () => {
    const err = await openCsvTable(
      join(import.meta.dirname, '../../../fixtures/real/nvidia_smi_header_repeated_every_sample.csv'),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    // Its values carry a unit (`85 %`): not a metrics table, but the repeats are not what is reported.
    expect((err as InputError).message).toMatch(/:1: no numeric metric column \(text only: utilization\.gpu \[%\]\)$/);
  });
});
