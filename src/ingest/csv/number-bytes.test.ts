import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../bench/random.js';
import { decimalForms } from '../../../test/helpers/decimals.js';
import { CellKind, classifyCell } from './cell.js';
import { parseDecimalBytes } from './number-bytes.js';

const parse = (s: string): number => {
  const buf = Buffer.from(`#${s}#`, 'latin1');
  return parseDecimalBytes(buf, 1, buf.length - 1);
};

const random = mulberry32;

describe('parseDecimalBytes', () => {
  it('gives exactly what Number() gives on 200,000 varied decimal strings', () => {
    const r = random(7);
    const mismatches: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      for (const s of decimalForms(r)) {
        const got = parse(s);
        if (!Object.is(got, Number(s))) mismatches.push(`${s}: ${got} ≠ ${Number(s)}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('handles signs, zeros and edge exponents like Number()', () => {
    for (const s of [
      '0',
      '-0',
      '+0',
      '0.0',
      '-0.000',
      '007',
      '1e22',
      '1e23',
      '1e-22',
      '1e-23',
      '123456789012345',
      '1234567890123456',
      '9007199254740993',
      '1e308',
      '1e309',
      '4.9e-324',
      '2e-324',
      '  5 ',
      '.5',
      '5.',
    ]) {
      expect(Object.is(parse(s), Number(s.trim())), s).toBe(true);
    }
  });

  it('reads 16–19 digit numbers exactly, including halfway cases and powers of two', () => {
    const cases = [
      '9007199254740993', // 2^53 + 1: exactly halfway, ties to even
      '9007199254740995',
      '9007199254740992.5',
      '18014398509481985',
      '1152921504606846977', // 2^60 + 1
      '1152921504606846976',
      '0.30000000000000004',
      '2.0843474864959717',
      '4503599627370496.5', // 2^52 + 0.5
      '4503599627370497.5',
      '1.0000000000000002',
      '0.9999999999999999',
      '1.00000000000000011102230246251565', // beyond 19 digits: Number() path
      '1.0000000000000001110',
      '8.5070591730234615865843651857942052864e37',
      '-3.1415926535897932',
      '123456789012345678e-5',
      '1234567890123456789e3',
      '0.0000012345678901234567',
      // Leading zeros are not significant: these are 16–19 digit numbers, read without Number().
      '0.0005921649280935526',
      '0.00029999999999999997',
      '0000000000000000001.5',
      '-0.000000000000000012345678901234567',
      '0.000000000000000000001234567890123456789', // a power of ten past 22: Number() path
    ];
    for (const s of cases) expect(Object.is(parse(s), Number(s)), s).toBe(true);
    const r = random(11);
    // Mismatches collected, not asserted one by one: an expect() per draw costs more than the parse.
    const mismatches: string[] = [];
    const check = (s: string) => {
      if (!Object.is(parse(s), Number(s))) mismatches.push(s);
    };
    // Random 16–19 digit strings with a point somewhere and an exponent within Clinger's range.
    for (let i = 0; i < 200_000; i++) {
      const n = 16 + Math.floor(r() * 4);
      let digits = String(1 + Math.floor(r() * 9));
      while (digits.length < n) digits += String(Math.floor(r() * 10));
      const point = Math.floor(r() * (n + 1));
      check(`${digits.slice(0, point)}.${digits.slice(point)}e${Math.floor(r() * 45) - 22}`.replace(/^\./, '0.'));
    }
    // Every float32 (the usual loss) printed as Python prints the float64 it becomes.
    for (let i = 0; i < 100_000; i++) check(String(Math.fround((r() * 20) ** (r() * 4 - 2))));
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('rejects what the cell grammar rejects (returns NaN)', () => {
    for (const s of ['', ' ', '-', '.', 'e5', '1e', '1e+', '0x10', '1_0', '1.2.3', 'nan', '12 %', '1 2']) {
      expect(parse(s), s).toBeNaN();
      expect(classifyCell(s, { kind: CellKind.Missing, value: 0 }).kind, s).not.toBe(CellKind.Number);
    }
    // Infinities are tokens: the byte parser leaves them to classifyCell.
    expect(parse('inf')).toBeNaN();
  });
});
