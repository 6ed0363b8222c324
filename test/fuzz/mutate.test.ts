/** The mutations: reproducible from the seed, each one changing the file, each reached by the first cases. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/random.js';
import { MUTATION_NAMES, mutate, mutationsOf } from './mutate.js';

const CSV = 'step,loss,mfu\n1,2.5,0.41\n2,2.25,0.42\n3,2.0,0.43\n';
const JSON_DOC = JSON.stringify({ loss: { start_step: 1, values: { '1': 2.5, '2': 2.25 } } }, null, 2);

describe('fuzz mutations', () => {
  it('give the same bytes for the same seed, and other bytes for another', () => {
    const a = mutate(CSV, ['non-finite-tokens', 'byte-flips'], mulberry32(7), 'csv');
    expect(mutate(CSV, ['non-finite-tokens', 'byte-flips'], mulberry32(7), 'csv')).toEqual(a);
    expect(mutate(CSV, ['non-finite-tokens', 'byte-flips'], mulberry32(8), 'csv')).not.toEqual(a);
  });

  it.each(MUTATION_NAMES)('%s changes a CSV and a JSON file', (name) => {
    // Some draws can be a no-op (a truncation at the end); over a few seeds each operator must act.
    for (const [doc, syntax] of [
      [CSV, 'csv'],
      [JSON_DOC, 'json'],
    ] as const) {
      const changed = [1, 2, 3, 4, 5].some((s) => !mutate(doc, [name], mulberry32(s), syntax).equals(Buffer.from(doc)));
      expect(changed, `${name} on ${syntax}`).toBe(true);
    }
  });

  it('write the issue sizes: a 50,000-digit cell and 20,000 levels of nesting', () => {
    const huge = mutate(CSV, ['huge-cell'], mulberry32(1), 'csv').toString();
    expect(huge).toMatch(/\d{50000}/);
    const deep = mutate(JSON_DOC, ['deep-nesting'], mulberry32(1), 'json').toString();
    expect(deep).toMatch(/(?:\[|\{"a":|\[\{"k":){10000}/);
  });

  it('keep a hostile name parseable: quoted in CSV, escaped in JSON', () => {
    const names = [1, 2, 3, 4, 5, 6, 7, 8].map((s) =>
      mutate(JSON_DOC, ['hostile-name'], mulberry32(s), 'json').toString(),
    );
    for (const text of names) expect(() => JSON.parse(text)).not.toThrow();
    expect(names.some((t) => t.includes('\\n::'))).toBe(true);
    for (const s of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const [header] = parse(mutate(CSV, ['hostile-name'], mulberry32(s), 'csv'), { relaxQuotes: false }) as string[][];
      expect(header, `seed ${s}`).toHaveLength(3);
    }
  });

  it('write UTF-16 with a byte-order mark in either order', () => {
    const boms = [1, 2, 3, 4, 5, 6, 7, 8].map((s) =>
      mutate(CSV, ['utf16'], mulberry32(s), 'csv').subarray(0, 2).toString('hex'),
    );
    expect(boms).toContain('fffe');
    expect(boms).toContain('feff');
  });

  it('reach every operator alone in the first cases, then combine one to three', () => {
    const first = MUTATION_NAMES.map((_, i) => mutationsOf(i, mulberry32(i)));
    expect(first.flat()).toEqual([...MUTATION_NAMES]);
    const later = Array.from({ length: 200 }, (_, i) => mutationsOf(MUTATION_NAMES.length + i, mulberry32(i)));
    expect(Math.max(...later.map((m) => m.length))).toBe(3);
    expect(Math.min(...later.map((m) => m.length))).toBe(1);
  });
});
