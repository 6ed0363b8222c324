/**
 * Hostile cells cost linear time. Each case ran for seconds to minutes with the former number patterns
 * (`\d+\.?\d*` can split a run of n digits n ways, and a failing match tries them all); the timeouts
 * below are far above what linear work needs and far below what the old patterns took.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadCell, parseCell } from '../../gpu/capture/value.js';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';
import { CellKind, classifyCell, MAX_CELL } from './cell.js';
import { bareName, findStepColumn } from './header.js';
import { openCsvTable } from './table.js';

const DIGITS = '1'.repeat(50_000);
const BOUND_MS = 3000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-linear-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the cell grammar is linear and capped', () => {
  it.each([
    ['50,000 digits and a letter', `${DIGITS}x`],
    ['50,000 digits, a point, 50,000 digits and a letter', `${DIGITS}.${DIGITS}x`],
    ['an exponent without digits after 50,000 digits', `${DIGITS}e`],
    ['50,000 digits then a sign', `${DIGITS}-`],
  ])('%s is text', { timeout: BOUND_MS }, (_, text) => {
    expect(classifyCell(text, { kind: CellKind.Missing, value: NaN }).kind).toBe(CellKind.Text);
  });

  it('a cell longer than MAX_CELL is text even when it is all digits; one at the cap is still a number', () => {
    const cell = { kind: CellKind.Missing, value: NaN };
    expect(classifyCell('1'.repeat(MAX_CELL + 1), cell).kind).toBe(CellKind.Text);
    expect(classifyCell(` ${'1'.repeat(MAX_CELL)} `, cell).kind).toBe(CellKind.Number);
  });

  it('the GPU value reader refuses 50,000 digits and a letter', { timeout: BOUND_MS }, () => {
    expect(() => parseCell(`${DIGITS}x1`, 'percent')).toThrow(BadCell);
  });

  it('a header cell of 50,000 spaces or brackets is read', { timeout: BOUND_MS }, () => {
    expect(bareName(`a${' '.repeat(50_000)}b`)).toBe(`a${' '.repeat(50_000)}b`);
    expect(bareName(`step${'('.repeat(50_000)}`)).toBe(`step${'('.repeat(50_000)}`);
    expect(bareName('iteration [#]')).toBe('iteration');
    expect(bareName('a [b] (c)')).toBe('a [b]');
    expect(findStepColumn([`${'['.repeat(50_000)}x`, 'Step (#)']).index).toBe(1);
  });
});

describe('a file with one 50,000-digit cell', () => {
  it.each([
    ['followed by a letter', `${DIGITS}x`],
    ['quoted, followed by a letter', `"${DIGITS}x"`],
    ['a valid number over the cell cap', DIGITS],
  ])('%s reads quickly, both readers alike, the cell as text', { timeout: BOUND_MS * 2 }, async (_, cell) => {
    const path = join(dir, `hostile-${cell.length}-${cell[0]}.csv`);
    await writeFile(path, `step,loss\n0,1\n1,${cell}\n2,3\n`);
    const table = await openTable(path);
    const data = await collectTable(table);
    expect(data.values.loss).toEqual([1, NaN, 3]);
    expect(table.warnings.join('\n')).toMatch(/column "loss": 1 cell not a number, read as missing \(first at line 3/);
    const slow = await openCsvTable(path, { parser: 'csv-parse' });
    expect(await collectTable(slow)).toEqual(data);
  });
});
