import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import { parseHistory } from '../../store/parse-history.js';
import { readManifest } from '../manifest.js';
import { openTable } from '../open-table.js';
import { depthExceededAt, MAX_JSON_DEPTH, parseJsonLimited } from './parse-limited.js';

/** `{"a":{"a":…1…}}` nested `depth` objects deep. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseJsonLimited', () => {
  it('parses JSON up to the depth limit and refuses one level more, naming file and line', () => {
    expect(parseJsonLimited(nested(MAX_JSON_DEPTH), 'f.json')).toBeTypeOf('object');
    const text = `{\n"x": 1,\n"deep": ${nested(MAX_JSON_DEPTH)}\n}`;
    const err = (() => {
      try {
        parseJsonLimited(text, 'f.json');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/^f\.json:3: JSON nested more than 100 levels deep/);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: `"\\${'['.repeat(1000)}`, t: '{'.repeat(1000) });
    expect(depthExceededAt(text, 2)).toBe(-1);
    expect(parseJsonLimited(text, 'f.json')).toEqual(JSON.parse(text));
  });

  it('refuses text over the size limit', () => {
    expect(() => parseJsonLimited('[1,2,3]', 'f.json', { maxChars: 5, line: 4 })).toThrow(
      /^f\.json:4: JSON of 7 characters is over the limit of 5/,
    );
  });

  it('leaves syntax errors to the caller as SyntaxError', () => {
    expect(() => parseJsonLimited('{"a":', 'f.json')).toThrow(SyntaxError);
  });

  it("reads Python's bare NaN, Infinity and -Infinity as the strings the readers take as non-finite", () => {
    const text = '{"loss": NaN, "grad_norm": Infinity, "x": [-Infinity, -1.5, "NaN in a string", "Infinity"]}';
    expect(parseJsonLimited(text, 'f.json')).toEqual({
      loss: 'NaN',
      grad_norm: 'Infinity',
      x: ['-Infinity', -1.5, 'NaN in a string', 'Infinity'],
    });
    // Inside strings, escaped quotes included, nothing is touched; other bare words stay errors.
    expect(parseJsonLimited(String.raw`["a\\", NaN, "\"Infinity"]`, 'f.json')).toEqual(['a\\', 'NaN', '"Infinity']);
    expect(() => parseJsonLimited('{"a": nan}', 'f.json')).toThrow(SyntaxError);
  });

  it('rewrites 100,000 tokens in one linear pass', () => {
    const text = `[${Array.from({ length: 100_000 }, (_, i) => (i % 2 ? 'NaN' : '1')).join(',')}]`;
    const out = parseJsonLimited(text, 'f.json') as unknown[];
    expect(out.filter((v) => v === 'NaN')).toHaveLength(50_000);
  });

  it('scans 200,000 nested arrays without recursion', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(() => parseJsonLimited(deep, 'f.json')).toThrow(/nested more than/);
  });
});

describe('deeply nested JSON inputs are an InputError, never a stack overflow', () => {
  it('a manifest run with a 20,000-deep config is refused on its line; the other runs still go through', async () => {
    const batch = join(dir, 'batch');
    await mkdir(batch, { recursive: true });
    await writeFile(join(batch, 'a.csv'), 'step,loss\n1,2\n');
    await writeFile(join(batch, 'b.csv'), 'step,loss\n1,2\n');
    await writeFile(join(batch, 'c.csv'), 'step,loss\n1,2\n');
    const path = join(batch, 'experiment_metadata.jsonl');
    await writeFile(
      path,
      [
        JSON.stringify({ name: 'a', csv: 'a.csv', config: { tp: 1 } }),
        `{"name": "b", "csv": "b.csv", "config": ${nested(20_000)}}`,
        JSON.stringify({ name: 'c', csv: 'c.csv', config: { tp: 2 } }),
      ].join('\n'),
    );
    const { runs, errors } = await readManifest(path);
    expect(runs.map((r) => r.name)).toEqual(['a', 'c']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(InputError);
    expect(errors[0]!.message).toMatch(/experiment_metadata\.jsonl:2: JSON nested more than 100 levels deep/);
  });

  it('a metrics JSON file', async () => {
    const path = join(dir, 'deep.json');
    await writeFile(path, `{"lm loss": {"values": {"1": 2}},\n "x": ${nested(20_000)}}`);
    await expect(openTable(path)).rejects.toThrow(/deep\.json:2: JSON nested more than 100 levels deep/);
  });

  it('a history file', () => {
    const text = `{"format": 1,\n"runs": [${nested(20_000)}]}`;
    expect(() => parseHistory(text, 'h.json')).toThrow(/h\.json:2: JSON nested more than 100 levels deep/);
  });
});
