import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../bench/random.js';
import { decimalForms } from '../../../test/helpers/decimals.js';
import type { Batch } from '../../model.js';
import { collectTable } from '../collect.js';
import { CellKind, classifyCell } from './cell.js';
import { STEP_FIELD, TEXT_FIELD } from './column-types.js';
import { CsvRows, type RowSink } from './row-sink.js';
import { openCsvTable } from './table.js';
import { UnquotedRows } from './unquoted-rows.js';

/** Field map of a header: metric columns numbered in order, `step` the step column, `note` a text column. */
function fieldMapOf(header: string[]): { fieldMap: Int32Array; columns: number } {
  let columns = 0;
  const fieldMap = Int32Array.from(header, (name) =>
    name === 'step' ? STEP_FIELD : name === 'note' ? TEXT_FIELD : columns++,
  );
  return { fieldMap, columns };
}

interface Row {
  step: number;
  line: number;
  fields: number;
  values: number[];
  kinds: CellKind[];
}

/** A sink that keeps every row as the scanner ends it, before step order, merges or restarts. */
class RecordingSink implements RowSink {
  readonly values: Float64Array;
  readonly kinds: Uint8Array;
  readonly rows: Row[] = [];
  readonly textCells: string[] = [];
  readonly headerRepeats: number[] = [];

  constructor(columns: number) {
    this.values = new Float64Array(columns).fill(-1);
    this.kinds = new Uint8Array(columns).fill(255);
  }
  clearRow(): void {
    this.values.fill(NaN);
    this.kinds.fill(CellKind.Missing);
  }
  textCell(column: number, line: number, text: string): void {
    this.textCells.push(`${column}@${line}: ${text}`);
  }
  hasText(): boolean {
    return false;
  }
  repeatedHeader(line: number): void {
    this.headerRepeats.push(line);
  }
  endRow(step: number, fields: number, line: number): void {
    this.rows.push({ step, line, fields, values: [...this.values], kinds: [...this.kinds] });
    // Poison the scratch row: each row must write every column itself.
    this.values.fill(-1);
    this.kinds.fill(255);
  }
}

/** Scan `text` (complete unquoted lines, the first on line 2) with the byte scanner. */
function scanAll(header: string[], text: string, delimiter = ','): { sink: RecordingSink; lastLine: number } {
  const { fieldMap, columns } = fieldMapOf(header);
  const sink = new RecordingSink(columns);
  const buf = Buffer.from(text, 'latin1');
  const lastLine = new UnquotedRows(fieldMap, delimiter, sink).read(buf, 0, buf.length, 2);
  return { sink, lastLine };
}

/** Scan `text` into the table's own sink: the rows in step order, with its warnings. */
function tableOf(
  header: string[],
  text: string,
): { steps: number[]; values: number[][]; batches: Batch[]; warnings: string[] } {
  const { fieldMap, columns } = fieldMapOf(header);
  const names = Array.from({ length: columns }, (_, c) => `m${c}`);
  const sink = new CsvRows('t.csv', names, header.length, header.includes('step'), 1000);
  const buf = Buffer.from(text, 'latin1');
  new UnquotedRows(fieldMap, ',', sink).read(buf, 0, buf.length, 2);
  const batches = sink.finish();
  const warnings: string[] = [];
  sink.close(warnings, { value: false });
  return {
    steps: batches.flatMap((b) => [...b.steps]),
    values: names.map((_, c) => batches.flatMap((b) => [...b.values[c]!])),
    batches,
    warnings,
  };
}

/** What the cell grammar reads from a cell (NaN for a missing one), the reference for every value. */
function reference(text: string): { kind: CellKind; value: number } {
  const cell = classifyCell(text, { kind: CellKind.Missing, value: NaN });
  return { kind: cell.kind, value: cell.value };
}

/** Significant digits of a decimal string (leading zeros not counted). */
const significantDigits = (s: string) =>
  s
    .replace(/[eE].*$/, '')
    .replace(/\D/g, '')
    .replace(/^0+/, '').length;

describe('UnquotedRows (the byte scanner)', () => {
  it('reads 315,000 varied decimals exactly as Number() does, long ones included', () => {
    const r = mulberry32(3);
    const cells: string[] = [];
    for (let i = 0; i < 45_000; i++) cells.push(...decimalForms(r));
    const text = cells.map((c, i) => `${i},${c}\n`).join('');
    const { rows } = scanAll(['step', 'x'], text).sink;
    expect(rows).toHaveLength(cells.length);
    const wrong: string[] = [];
    rows.forEach((row, i) => {
      if (row.step !== i) wrong.push(`row ${i} has step ${row.step}`);
      if (!Object.is(row.values[0], Number(cells[i])))
        wrong.push(`${cells[i]}: ${row.values[0]} ≠ ${Number(cells[i])}`);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    // The draw holds numbers past 19 significant digits (read by Number() on their text) and many within.
    const long = cells.filter((c) => significantDigits(c) > 19).length;
    expect(long).toBeGreaterThan(0);
    expect(cells.length - long).toBeGreaterThan(150_000);
  });

  it('reads every number the way training loggers print them (float32 losses, rounded ratios, counters, learning rates)', () => {
    const r = mulberry32(5);
    const cells: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      cells.push(
        String(Math.fround(2 + 9 * r())), // train loss: 10.872562408447266
        (0.4 + 0.05 * r()).toFixed(4), // MFU
        (4_400_000 + 100_000 * r()).toFixed(1), // tokens per second
        String(Math.floor(r() * 2 ** 40)), // consumed tokens
        String(3e-7 * (1 + Math.floor(r() * 1000))), // learning rate: 3e-07, 0.000299
        String(Math.fround(r() * 1e-3)),
      );
    }
    const { rows } = scanAll(['step', 'x'], cells.map((c, i) => `${i},${c}\n`).join('')).sink;
    expect(rows.filter((row) => row.kinds[0] !== CellKind.Number).map((row) => cells[row.step])).toEqual([]);
    expect(rows.filter((row, i) => !Object.is(row.values[0], Number(cells[i]))).map((row) => cells[row.step])).toEqual(
      [],
    );
  });

  it('reads every cell as the cell grammar does: plain numbers, empty cells, tokens, padding and text', () => {
    const cells = [
      '1.5',
      '',
      '-0',
      '+2',
      '.5',
      '5.',
      '1e3',
      '1E-3',
      'nan',
      'NaN',
      'inf',
      '-inf',
      'N/A',
      '[N/A]',
      'None',
      '-',
      ' 5',
      '5 ',
      '0x1F',
      '1_0',
      '1e',
      '.',
      'warm',
      '12 %',
    ];
    const text = cells.map((c, i) => `${i},${c}\n`).join('');
    const { sink } = scanAll(['step', 'x'], text);
    expect(sink.rows).toHaveLength(cells.length);
    sink.rows.forEach((row, i) => {
      const ref = reference(cells[i]!);
      expect(row.kinds[0], `"${cells[i]}"`).toBe(ref.kind);
      expect(Object.is(row.values[0], ref.value), `"${cells[i]}"`).toBe(true);
    });
    // Text in a metric column is reported with its line (the first row is on line 2).
    expect(sink.textCells).toEqual(['0@20: 0x1F', '0@21: 1_0', '0@22: 1e', '0@23: .', '0@24: warm', '0@25: 12 %']);
  });

  it('splits rows: text columns skipped, short rows padded with missing cells, extra fields ignored but counted', () => {
    const { sink } = scanAll(
      ['step', 'loss', 'note', 'MFU'],
      `${['1,2.5,warm,0.41', '2,2.4', '3,,x,', '4,2.3,x,0.42,extra', '5, 2.2,x,0.43'].join('\n')}\n`,
    );
    expect(sink.rows.map((r) => [r.step, r.fields, r.values])).toEqual([
      [1, 4, [2.5, 0.41]],
      [2, 2, [2.4, NaN]],
      [3, 4, [NaN, NaN]],
      [4, 5, [2.3, 0.42]],
      [5, 4, [2.2, 0.43]],
    ]);
    expect(sink.rows[1]!.kinds).toEqual([CellKind.Number, CellKind.Missing]);
    expect(sink.textCells).toEqual([]);
  });

  it('skips blank lines and counts them; reads CRLF; numbers rows without a step column', () => {
    const text = '1,2\r\n\r\n\n3,4\r\n5,\n';
    const { sink, lastLine } = scanAll(['loss', 'MFU'], text);
    expect(sink.rows.map((r) => [r.line, r.values])).toEqual([
      [2, [1, 2]],
      [5, [3, 4]],
      [6, [5, NaN]],
    ]);
    expect(sink.rows.every((r) => Number.isNaN(r.step))).toBe(true);
    expect(lastLine).toBe(7);
    expect(tableOf(['loss', 'MFU'], text).steps).toEqual([0, 1, 2]);
  });

  it('in a tab-separated file a tab ends a field', () => {
    const { sink } = scanAll(['step', 'loss', 'MFU'], '1\t2.5\t0.41\n2\t\t0.42\n', '\t');
    expect(sink.rows.map((r) => [r.step, r.values])).toEqual([
      [1, [2.5, 0.41]],
      [2, [NaN, 0.42]],
    ]);
  });

  it('hands rows to step order: increasing steps pass, a repeated step merges, a restart replaces, a row without a step is skipped', () => {
    expect(tableOf(['step', 'x'], '1,1\n2,1\n3,1\n')).toMatchObject({ steps: [1, 2, 3], warnings: [] });
    expect(tableOf(['step', 'x'], '1,1\n2,1\n2,5\n')).toMatchObject({ steps: [1, 2], values: [[1, 5]] });
    const restart = tableOf(['step', 'x'], '1,1\n3,1\n2,7\n');
    expect(restart).toMatchObject({ steps: [1, 2], values: [[1, 7]] });
    expect(restart.warnings.join('\n')).toMatch(/1 restart .*line 4: step 2 after 3/);
    expect(tableOf(['step', 'x'], '1,1\n,1\n3,1\n')).toMatchObject({
      steps: [1, 3],
      warnings: ['1 row without a numeric step skipped (first at line 3)'],
    });
    const nan = tableOf(['step', 'x'], '1,1\n2,nan\n3,1\n');
    expect(nan.steps).toEqual([1, 2, 3]);
    expect(nan.batches[0]!.nanTokens).toEqual([[1]]);
  });

  it('reads a table of many columns across read windows', async () => {
    const header = ['step', ...Array.from({ length: 300 }, (_, c) => `m${c}`)];
    const lines = Array.from({ length: 2000 }, (_, i) =>
      [i, ...Array.from({ length: 300 }, (_, c) => (c % 7 === 0 ? '' : i * 300 + c))].join(','),
    );
    const dir = await mkdtemp(join(tmpdir(), 'unquoted-rows-'));
    try {
      const path = join(dir, 'wide.csv');
      const text = `${header.join(',')}\n${lines.join('\n')}\n`;
      // Wider than the 1 MiB read window, so rows are read across refills.
      expect(text.length).toBeGreaterThan(3 << 20);
      await writeFile(path, text);
      const t = await collectTable(await openCsvTable(path));
      expect(t.steps).toHaveLength(2000);
      expect(t.values.m299![1999]).toBe(1999 * 300 + 299);
      expect(t.values.m7![1234]).toBeNaN();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
