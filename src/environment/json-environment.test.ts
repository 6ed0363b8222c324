import { describe, expect, it } from 'vitest';
import { parseJsonEnvironment } from './json-environment.js';

describe('parseJsonEnvironment', () => {
  it('keeps strings, writes numbers and booleans as JSON does, flattens objects with dots, leaves out null', () => {
    const text =
      '{"torch": "2.5.0", "world": 8, "tf32": true, "gone": null, "versions": {"nccl": "2.21.5", "cudnn": {"major": 9}}}';
    expect(Object.fromEntries(parseJsonEnvironment('env.json', text))).toEqual({
      torch: '2.5.0',
      world: '8',
      tf32: 'true',
      'versions.nccl': '2.21.5',
      'versions.cudnn.major': '9',
    });
  });

  it('keeps a __proto__ field as data', () => {
    const env = Object.fromEntries(parseJsonEnvironment('env.json', '{"__proto__": "x"}'));
    expect(Object.keys(env)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses a list, a non-object and bad JSON with the line', () => {
    expect(() => parseJsonEnvironment('env.json', '{\n "a": "1",\n "b": [1, 2]\n}')).toThrow(
      /^env\.json:3: "b": a list is not a value/,
    );
    expect(() => parseJsonEnvironment('env.json', '["torch"]')).toThrow(
      /^env\.json:1: environment JSON must be one object/,
    );
    expect(() => parseJsonEnvironment('env.json', '{\n"a": 1,\n}')).toThrow(
      /^env\.json:3: environment file is not valid JSON/,
    );
    expect(() => parseJsonEnvironment('env.json', `{"${'x'.repeat(101)}": "1"}`)).toThrow(/at most 100 characters/);
  });

  it('refuses deep nesting before any recursive parser sees it, even behind a string cut by a line break', () => {
    const deep = `{"a":\n${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    expect(() => parseJsonEnvironment('env.json', deep)).toThrow(
      /^env\.json:2: environment JSON is nested deeper than 20/,
    );
    const hidden = `{"a": "x\n${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    expect(() => parseJsonEnvironment('env.json', hidden)).toThrow(/^env\.json:1: environment file is not valid JSON/);
  });

  it("leaves V8's excerpt of the text out of a JSON error, so no cut secret is quoted", () => {
    const text = `{\n"torch": "2.5.0",\n"hub": ghp_abcdefghijklmnopqrstuvwxyz0123456789\n}`;
    expect(() => parseJsonEnvironment('env.json', text)).toThrow(
      /^env\.json:3: environment file is not valid JSON \(Unexpected token 'g'\)$/,
    );
    expect(() => parseJsonEnvironment('env.json', text)).not.toThrow(/ghp_/);
  });
});
