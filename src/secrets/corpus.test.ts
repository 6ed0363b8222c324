/**
 * The secret rules over a corpus of made-up secrets of real shapes (test/helpers/secret-corpus.ts): every
 * one is out of what the fields rule records, of what it shows for a stored history, and of any text the
 * tool prints; the harmless fields beside them come out as given.
 */
import { describe, expect, it } from 'vitest';
import { BY_NAME, BY_SHAPE, HARMLESS, secretPieces } from '../../test/helpers/secret-corpus.js';
import { REDACTED, redactFields, redactSecretShapes, redactStoredFields } from './index.js';
import { redactSecrets } from '../http/redact.js';

const leaks = (text: string) =>
  [...BY_NAME, ...BY_SHAPE].flatMap((e) =>
    secretPieces(e)
      .filter((p) => text.includes(p))
      .map((p) => `${e.field}: ${p}`),
  );

describe('secrets by name and by shape', () => {
  const all = [...BY_NAME, ...BY_SHAPE];

  it('the corpus holds secrets in every value it names (the test can fail)', () => {
    for (const e of all) expect(e.value, e.field).toContain(e.secret);
    expect(leaks(all.map((e) => e.value).join('\n')).length).toBeGreaterThan(all.length);
  });

  it('recorded: a secret-named field [redacted], a secret inside any other value ***, the harmless as given', () => {
    const { fields, hidden } = redactFields([
      ...all.map((e) => [e.field, e.value] as const),
      ...Object.entries(HARMLESS),
    ]);
    const out = Object.fromEntries(fields);
    expect(leaks(JSON.stringify(out))).toEqual([]);
    expect(hidden.sort()).toEqual(BY_NAME.map((e) => e.field).sort());
    for (const e of BY_NAME) expect(out[e.field], e.field).toBe(REDACTED);
    for (const e of BY_SHAPE) expect(out[e.field], e.field).toContain('***');
    for (const [k, v] of Object.entries(HARMLESS)) expect(out[k], k).toBe(v);
    // The flag's name is kept: the record still says which flags the command had.
    expect(out.launch).toBe('torchrun train.py --hf_token=*** --lr 3e-4');
    expect(out.cmdline).toBe('python train.py --wandb-key *** --epochs 3');
    expect(out.teams).toBe('https://org.webhook.office.com/***');
  });

  it('shown from a stored history: the same, whatever the record holds; versions of packages named like secrets kept', () => {
    const stored = Object.fromEntries([...all.map((e) => [e.field, e.value]), ...Object.entries(HARMLESS)]);
    const shown = redactStoredFields({ ...stored, 'google-auth': '2.35.0', keystoneauth1: '5.8.0' });
    expect(leaks(JSON.stringify(shown))).toEqual([]);
    expect(shown['google-auth']).toBe('2.35.0');
    for (const [k, v] of Object.entries(HARMLESS)) expect(shown[k], k).toBe(v);
    // A field named __proto__ stays a field.
    expect(Object.keys(redactStoredFields(JSON.parse('{"__proto__": "x", "a": "b"}')))).toEqual(['__proto__', 'a']);
  });

  it('printed: every secret told by its shape is out of any text, as written or inside a sentence', () => {
    const text = BY_SHAPE.filter((e) => !/^(env_line|json_blob|cmdline|query)$/.test(e.field))
      .map((e) => `error: ${e.field} said "${e.value}" (line 3)`)
      .join('\n');
    expect(leaks(redactSecrets(text, []))).toEqual([]);
    expect(leaks(redactSecretShapes(text))).toEqual([]);
    // Left alone: what only looks close.
    const plain = Object.values(HARMLESS).join('\n');
    expect(redactSecretShapes(plain)).toBe(plain);
  });

  it('costs linear time on text built to make a pattern retry (a megabyte each)', () => {
    for (const piece of ['hf_', 'sk-', 'eyJ', 'https://', '-----BEGIN PRIVATE KEY-----', 'a=', '--key ', 'http://x/']) {
      const text = piece.repeat(Math.ceil((1 << 20) / piece.length));
      const t0 = process.cpuUsage();
      redactSecretShapes(text);
      redactFields([['x', text.slice(0, 1 << 16)]]);
      const used = process.cpuUsage(t0);
      // Work bound, not a timing: a quadratic pass over 1 MiB would take minutes of CPU.
      expect((used.user + used.system) / 1e6, piece).toBeLessThan(20);
    }
  });
});
