import { describe, expect, it } from 'vitest';
import { redactSecrets, redactThenCut, redactUrlCredentials, SecretRegistry } from './redact.js';

describe('redactSecrets', () => {
  it('removes the secret, its URL-encoded form, and keys in query strings', () => {
    const key = 'ab+cd/ef==';
    const text = `bad key ab+cd/ef== at https://x/api?api_key=${encodeURIComponent(key)}&x=1 and application_key=zzz`;
    const out = redactSecrets(text, [key]);
    expect(out).toBe('bad key *** at https://x/api?api_key=***&x=1 and application_key=***');
  });
  it('ignores empty secrets', () => expect(redactSecrets('text', ['', null, undefined])).toBe('text'));
});

describe('redacting before cutting', () => {
  it('leaves no prefix of a secret that a cut would have split', () => {
    const key = 'dd0123456789abcdef0123456789abcd';
    const text = `${'x'.repeat(290)} key ${key} rejected`;
    // Cut first, the key's first characters would survive and no longer match the whole key.
    expect(redactSecrets(text.slice(0, 300), [key])).toContain(key.slice(0, 5));
    const out = redactThenCut(text, [key], 300);
    expect(out.length).toBeLessThanOrEqual(300);
    expect(out).not.toContain(key.slice(0, 5));
  });
});

describe('redactUrlCredentials', () => {
  it('takes the user and password out of any URL, keeping the host', () => {
    expect(redactUrlCredentials("fatal: 'https://x-access-token:ghs_abc123@github.com/o/r.git' refused")).toBe(
      "fatal: 'https://***@github.com/o/r.git' refused",
    );
    expect(redactUrlCredentials('http://user@host:8080/p and http://host/p')).toBe(
      'http://***@host:8080/p and http://host/p',
    );
  });
});

describe('SecretRegistry', () => {
  it('announces each secret once, however often it is added, and redacts them all', () => {
    const seen: string[] = [];
    const r = new SecretRegistry((s) => seen.push(s));
    for (const s of ['tok-1', 'tok-1', '', null, undefined, 'key-2', 'tok-1']) r.add(s);
    expect(seen).toEqual(['tok-1', 'key-2']);
    expect(r.redact('a tok-1 b key-2 c')).toBe('a *** b *** c');
  });
});

describe('SecretRegistry.message', () => {
  it('redacts, then cuts a message to one readable line, saying how much was cut', () => {
    const secrets = new SecretRegistry();
    const key = 'dd0123456789abcdef0123456789abcd';
    secrets.add(key);
    const out = secrets.message(`${'k'.repeat(1_999)}${key}${'x'.repeat(1_000_000)}`);
    expect(out.length).toBeLessThan(2_100);
    expect(out).toMatch(/… \(1000002 more characters\)$/);
    expect(out).not.toContain(key.slice(0, 8));
    expect(secrets.message('short')).toBe('short');
  });
});

describe('redactUrlCredentials on hostile text', () => {
  it('stays linear on a long word that never reaches :// (it backtracked from every letter)', () => {
    const hostile = 'm.'.repeat(500_000);
    const started = process.hrtime.bigint();
    expect(redactUrlCredentials(`${hostile} https://u:tok@h/x`)).toBe(`${hostile} https://***@h/x`);
    // Minutes before; well under a second now. A loose bound, so a loaded machine does not fail it.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(10);
  });
});
