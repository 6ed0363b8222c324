import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../bench/random.js';
import { decimalForms } from '../../../test/helpers/decimals.js';
import { CellKind, classifyCell } from './cell.js';
import { RowScanner, type ScannedRows } from './scan-rows.js';

/** Field map of a header: metric columns numbered in order, `step` the step column, `note` a text column. */
function fieldMapOf(header: string[]): { fieldMap: Int32Array; columns: number } {
  let columns = 0;
  const fieldMap = Int32Array.from(header, (name) => (name === 'step' ? -2 : name === 'note' ? -1 : columns++));
  return { fieldMap, columns };
}

interface Row {
  step: number;
  line: number;
  simple: boolean;
  values: number[];
  /** The line's text, from the loaded buffer. */
  text: string;
}

/** Scan `text` (complete lines) with the module, in calls of at most the scanner's capacity. */
function scanAll(
  header: string[],
  text: string,
  delimiter = ',',
): { rows: Row[]; calls: ScannedRows[]; lastLine: number } {
  const { fieldMap, columns } = fieldMapOf(header);
  const scanner = new RowScanner(fieldMap, columns, delimiter.charCodeAt(0), header.includes('step'));
  const buf = Buffer.from(text, 'latin1');
  scanner.load(buf, 0, buf.length);
  const rows: Row[] = [];
  const calls: ScannedRows[] = [];
  let pos = 0;
  let line = 2;
  while (pos < buf.length) {
    const r = scanner.scan(pos, line, rows.length);
    calls.push({ ...r, plain: r.plain });
    for (let k = 0; k < r.rows; k++) {
      const start = r.lineStart(k);
      rows.push({
        step: r.steps[k]!,
        line: r.lineNo[k]!,
        simple: r.simple[k] === 1,
        values: Array.from({ length: columns }, (_, c) => r.values[c * r.capacity + k]!),
        text: buf.toString('latin1', start, buf.indexOf(10, start)).replace(/\r$/, ''),
      });
    }
    pos = r.stoppedAt;
    line = r.nextLine;
  }
  return { rows, calls, lastLine: line };
}

/** What the cell grammar reads from a cell (NaN for a missing one), the reference for every value. */
function reference(text: string): { kind: CellKind; value: number } {
  const cell = classifyCell(text, { kind: CellKind.Missing, value: NaN });
  return { kind: cell.kind, value: cell.value };
}

describe('RowScanner (the WebAssembly fast path)', () => {
  it('reads 315,000 varied decimals exactly as Number() does, or leaves their row to JavaScript', () => {
    const r = mulberry32(3);
    const cells: string[] = [];
    for (let i = 0; i < 45_000; i++) cells.push(...decimalForms(r));
    const text = cells.map((c, i) => `${i},${c}\n`).join('');
    const { rows } = scanAll(['step', 'x'], text);
    expect(rows).toHaveLength(cells.length);
    const wrong: string[] = [];
    let leftToJs = 0;
    rows.forEach((row, i) => {
      expect(row.step).toBe(i);
      if (!row.simple) leftToJs++;
      else if (!Object.is(row.values[0], Number(cells[i])))
        wrong.push(`${cells[i]}: ${row.values[0]} ≠ ${Number(cells[i])}`);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    // Numbers past 19 digits (leading zeros count) or with a power of ten past 22 go to Number().
    expect(leftToJs).toBeGreaterThan(0);
    expect(rows.length - leftToJs).toBeGreaterThan(150_000);
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
    const { rows } = scanAll(['step', 'x'], cells.map((c, i) => `${i},${c}\n`).join(''));
    expect(rows.filter((row) => !row.simple).map((row) => row.text)).toEqual([]);
    expect(rows.filter((row, i) => !Object.is(row.values[0], Number(cells[i]))).map((row) => row.text)).toEqual([]);
  });

  it('reads plain numbers and empty cells itself; leaves every other cell grammar case to JavaScript', () => {
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
    const { rows } = scanAll(['step', 'x'], text);
    rows.forEach((row, i) => {
      const cell = cells[i]!;
      const ref = reference(cell);
      const plainOrEmpty =
        cell === '' || (ref.kind === CellKind.Number && cell.trim() === cell && Number.isFinite(ref.value));
      expect(row.simple, `"${cell}"`).toBe(plainOrEmpty);
      if (row.simple) expect(Object.is(row.values[0], ref.value), `"${cell}"`).toBe(true);
    });
  });

  it('splits rows: text columns skipped, short rows padded with missing cells, long rows and padding left to JavaScript', () => {
    const { rows } = scanAll(
      ['step', 'loss', 'note', 'MFU'],
      `${['1,2.5,warm,0.41', '2,2.4', '3,,x,', '4,2.3,x,0.42,extra', '5, 2.2,x,0.43'].join('\n')}\n`,
    );
    expect(rows.map((r) => [r.step, r.simple, r.values])).toEqual([
      [1, true, [2.5, 0.41]],
      [2, true, [2.4, NaN]],
      [3, true, [NaN, NaN]],
      [4, false, expect.any(Array)],
      [5, false, expect.any(Array)],
    ]);
    expect(rows[3]!.text).toBe('4,2.3,x,0.42,extra');
  });

  it('skips blank lines and counts them; reads CRLF; numbers rows without a step column', () => {
    const { rows, lastLine } = scanAll(['loss', 'MFU'], '1,2\r\n\r\n\n3,4\r\n5,\n');
    expect(rows.map((r) => [r.step, r.line, r.values])).toEqual([
      [0, 2, [1, 2]],
      [1, 5, [3, 4]],
      [2, 6, [5, NaN]],
    ]);
    expect(lastLine).toBe(7);
  });

  it('in a tab-separated file a tab ends a field', () => {
    const { rows } = scanAll(['step', 'loss', 'MFU'], '1\t2.5\t0.41\n2\t\t0.42\n', '\t');
    expect(rows.map((r) => [r.step, r.simple, r.values])).toEqual([
      [1, true, [2.5, 0.41]],
      [2, true, [NaN, 0.42]],
    ]);
  });

  it('says a call is plain only when every row was read and the steps increase strictly', () => {
    expect(scanAll(['step', 'x'], '1,1\n2,1\n3,1\n').calls[0]!.plain).toBe(true);
    expect(scanAll(['step', 'x'], '1,1\n2,1\n2,1\n').calls[0]!.plain).toBe(false); // a repeated step merges
    expect(scanAll(['step', 'x'], '1,1\n3,1\n2,1\n').calls[0]!.plain).toBe(false); // a restart
    expect(scanAll(['step', 'x'], '1,1\n,1\n3,1\n').calls[0]!.plain).toBe(false); // a row without a step
    expect(scanAll(['step', 'x'], '1,1\n2,nan\n3,1\n').calls[0]!.plain).toBe(false); // a row for JavaScript
  });

  it('stops at its capacity and goes on from there, for a table of many columns', () => {
    const header = ['step', ...Array.from({ length: 300 }, (_, c) => `m${c}`)];
    const lines = Array.from({ length: 2000 }, (_, i) =>
      [i, ...Array.from({ length: 300 }, (_, c) => (c % 7 === 0 ? '' : i * 300 + c))].join(','),
    );
    const { rows, calls } = scanAll(header, `${lines.join('\n')}\n`);
    expect(calls.length).toBeGreaterThan(1);
    expect(rows).toHaveLength(2000);
    expect(rows[1999]!.values[299]).toBe(1999 * 300 + 299);
    expect(rows[1234]!.values[7]).toBeNaN();
  });
});
