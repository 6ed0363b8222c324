import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('removes the secret, its URL-encoded form, and keys in query strings', () => {
    const key = 'ab+cd/ef==';
    const text = `bad key ab+cd/ef== at https://x/api?api_key=${encodeURIComponent(key)}&x=1 and application_key=zzz`;
    const out = redactSecrets(text, [key]);
    expect(out).toBe('bad key *** at https://x/api?api_key=***&x=1 and application_key=***');
  });
  it('ignores empty secrets', () => expect(redactSecrets('text', ['', null, undefined])).toBe('text'));
});
