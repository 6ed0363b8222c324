import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import { InputError } from '../model.js';
import { appendRecords, emptyHistory, serializeHistory } from './history.js';
import { parseHistory } from './parse-history.js';

function errorOf(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('history file format', () => {
  it('round-trips, one record per line', () => {
    const h = appendRecords(emptyHistory(), [sampleRecord('a'), sampleRecord('b')], 10);
    const text = serializeHistory(h);
    expect(text.split('\n')).toHaveLength(5);
    expect(parseHistory(text, 'h.json')).toEqual(h);
  });
  it('treats an empty file as an empty history', () => {
    expect(parseHistory('', 'h.json').runs).toEqual([]);
  });
  it('names the line of a syntax error', () => {
    const text = serializeHistory(appendRecords(emptyHistory(), [sampleRecord('a'), sampleRecord('b')], 10)).replace(
      '"run":"b"',
      '"run":"b",,',
    );
    const e = errorOf(() => parseHistory(text, 'h.json'));
    expect(e.file).toBe('h.json');
    expect(e.line).toBe(3);
    expect(e.message).toMatch(/^h\.json:3: history is not valid JSON/);
  });
  it('names the line of a hand-edited record of the wrong shape', () => {
    const h = appendRecords(emptyHistory(), [sampleRecord('a'), sampleRecord('b'), sampleRecord('c')], 10);
    const text = serializeHistory(h).replace('"run":"b","recordedAt"', '"run":"b","recordedAt":7,"x"');
    const e = errorOf(() => parseHistory(text, 'h.json'));
    expect(e.line).toBe(3);
    expect(e.detail).toMatch(/run 2 of the history: "recordedAt" must be a string/);
  });
  it('refuses a pull request that is not a number (the site and the gate would each read it their own way)', () => {
    const h = appendRecords(emptyHistory(), [sampleRecord('a'), sampleRecord('b', 0.4, { pullRequest: 12 })], 10);
    const text = serializeHistory(h).replace('"pullRequest":12', '"pullRequest":"12"');
    const e = errorOf(() => parseHistory(text, 'h.json'));
    expect(e.detail).toMatch(/run 2 of the history: "pullRequest" must be a pull request number/);
    expect(parseHistory(serializeHistory(h), 'h.json').runs[1]!.pullRequest).toBe(12);
  });
  it.each([
    ['"steps":1e300', '"steps" must be a number within ±9007199254740991'],
    ['"steps":9007199254740992', '"steps" must be a number within'],
    ['"attempt":1e300', '"attempt" must be a whole number from 1 to 9007199254740991'],
    ['"pullRequest":1e300', '"pullRequest" must be a pull request number'],
  ])('refuses a count or step no writer makes (%s), naming its line', (field, what) => {
    const h = appendRecords(
      emptyHistory(),
      [sampleRecord('a'), sampleRecord('b', 0.4, { pullRequest: 12, attempt: 1 })],
      10,
    );
    const key = field.slice(0, field.indexOf(':'));
    const text = serializeHistory(h).replace(
      new RegExp(`(\\{"experiment"[^\\n]*"run":"b"[^\\n]*?)${key}:[0-9]+`),
      `$1${field}`,
    );
    expect(text).toContain(field);
    const e = errorOf(() => parseHistory(text, 'h.json'));
    expect(e.line).toBe(3);
    expect(e.detail).toContain(`run 2 of the history: ${what}`);
  });
  it('refuses a curve whose width or start no writer makes (2^60, 1e300)', () => {
    const h = appendRecords(emptyHistory(), [sampleRecord('a')], 10);
    const curve = { every: 2 ** 60, start: 0, means: [1], counts: [1] };
    (h.runs[0]!.metrics.mfu as unknown as Record<string, unknown>).curve = curve;
    expect(errorOf(() => parseHistory(serializeHistory(h), 'h.json')).detail).toMatch(/"curve" must be/);
    curve.every = 1;
    curve.start = 1e300;
    expect(errorOf(() => parseHistory(serializeHistory(h), 'h.json')).detail).toMatch(/"curve" must be/);
    curve.start = 3;
    expect(parseHistory(serializeHistory(h), 'h.json').runs[0]!.metrics.mfu!.curve).toEqual(curve);
  });
  it('finds the line in a pretty-printed file too', () => {
    const h = appendRecords(emptyHistory(), [sampleRecord('a')], 10);
    (h.runs[0]!.metrics.mfu as unknown as Record<string, unknown>).direction = 'up';
    const text = JSON.stringify(h, null, 2);
    const e = errorOf(() => parseHistory(text, 'h.json'));
    expect(text.split('\n')[e.line! - 1]).toContain('"direction": "up"');
  });
  it('refuses a format written by a newer version', () => {
    const e = errorOf(() => parseHistory('{"format":2,"runs":[]}', 'h.json'));
    expect(e.detail).toMatch(/format 2 by a newer version.*reads format 1/);
  });
  it('caps the history per experiment and fingerprint, oldest first out', () => {
    const other = sampleRecord('x', 0.4, { experiment: 'other' });
    const h = appendRecords(emptyHistory(), [other, ...['a', 'b', 'c', 'd'].map((r) => sampleRecord(r))], 3);
    expect(h.runs.map((r) => r.run)).toEqual(['x', 'b', 'c', 'd']);
  });

  it('names where the JSON breaks, even when a string cut by a line break hides 20,000 levels of nesting from the depth scan', () => {
    // The depth scan reads the rest of the line as a string; a recursive error locator would not, and
    // would run out of stack (found by the fuzz suite, bisect-history case 95).
    const text = `{"format":1,"runs":["x\n${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}]}`;
    expect(() => parseHistory(text, 'h.json')).toThrow(
      /^h\.json:1: history is not valid JSON \(Bad control character in string literal\); fix or restore the file/,
    );
  });

  it('keeps an environment of text fields, and names the line of a field that is not text', () => {
    const env = { cuda: '12.4', torch: '2.4.1', __proto__x: 'y' };
    const h = appendRecords(emptyHistory(), [{ ...sampleRecord('a'), environment: env }, sampleRecord('b')], 10);
    expect(parseHistory(serializeHistory(h), 'h.json').runs[0]!.environment).toEqual(env);
    const bad = serializeHistory(h).replace('"cuda":"12.4"', '"cuda":12.4');
    const e = errorOf(() => parseHistory(bad, 'h.json'));
    expect(e.line).toBe(2);
    expect(e.detail).toBe('run 1 of the history: environment field "cuda" must be text, got number');
    const list = serializeHistory(h).replace(/"environment":\{[^}]*\}/, '"environment":["cuda"]');
    expect(errorOf(() => parseHistory(list, 'h.json')).detail).toMatch(/"environment" must be an object/);
  });
});
