import { describe, expect, it } from 'vitest';
import { CellKind, classifyCell, type Cell } from './cell.js';

const classify = (s: string): Cell => classifyCell(s, { kind: CellKind.Missing, value: NaN });

describe('classifyCell', () => {
  it.each([
    ['1', 1],
    ['-2.5', -2.5],
    ['+3e2', 300],
    ['.5', 0.5],
    ['7.', 7],
    ['  12.25 ', 12.25],
    ['1E-05', 1e-5],
    ['inf', Infinity],
    ['-inf', -Infinity],
    ['+Infinity', Infinity],
    ['INF', Infinity],
  ])('reads %j as the number %d', (text, value) => {
    expect(classify(text)).toEqual({ kind: CellKind.Number, value });
  });

  it.each(['nan', 'NaN', '-nan', 'NAN', ' nan '])('reads %j as an explicit NaN token', (text) => {
    const cell = classify(text);
    expect(cell.kind).toBe(CellKind.NanToken);
    expect(cell.value).toBeNaN();
  });

  it.each(['', '   ', 'N/A', '[N/A]', 'n/a', 'None', 'null', 'NA', '-'])(
    'reads %j as missing, not as a NaN token',
    (text) => {
      expect(classify(text).kind).toBe(CellKind.Missing);
    },
  );

  it.each([
    '0x233010DE',
    '1_000',
    'Disabled',
    '2026-08-24T13:08:50Z',
    'agpt-2b/bs1',
    '1e',
    'e5',
    '.',
    '+',
    '1.2.3',
    '12 %',
  ])('reads %j as text (Number() would accept some of these)', (text) => {
    expect(classify(text).kind).toBe(CellKind.Text);
  });
});
