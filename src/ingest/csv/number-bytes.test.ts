import { describe, expect, it } from 'vitest';
import { CellKind, classifyCell } from './cell.js';
import { parseDecimalBytes } from './number-bytes.js';

const parse = (s: string): number => {
  const buf = Buffer.from(`#${s}#`, 'latin1');
  return parseDecimalBytes(buf, 1, buf.length - 1);
};

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('parseDecimalBytes', () => {
  it('gives exactly what Number() gives on 200,000 varied decimal strings', () => {
    const r = random(7);
    const mismatches: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const x = (r() - 0.3) * 10 ** Math.floor(r() * 40 - 20);
      const forms = [
        String(x),
        x.toFixed(Math.floor(r() * 10)),
        x.toPrecision(1 + Math.floor(r() * 17)),
        x.toExponential(Math.floor(r() * 18)),
        String(Math.fround(x)),
        String(Math.floor(r() * 2 ** 53)),
        `${Math.floor(r() * 1000)}.${'0'.repeat(Math.floor(r() * 25))}${Math.floor(r() * 1000)}`,
      ];
      for (const s of forms) {
        const got = parse(s);
        if (!Object.is(got, Number(s))) mismatches.push(`${s}: ${got} ≠ ${Number(s)}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('handles signs, zeros and edge exponents like Number()', () => {
    for (const s of ['0', '-0', '+0', '0.0', '-0.000', '007', '1e22', '1e23', '1e-22', '1e-23', '123456789012345', '1234567890123456', '9007199254740993', '1e308', '1e309', '4.9e-324', '2e-324', '  5 ', '.5', '5.']) {
      expect(Object.is(parse(s), Number(s.trim())), s).toBe(true);
    }
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
