import { describe, expect, it } from 'vitest';
import { quoteLine } from './quote-line.js';

describe('quoteLine', () => {
  it('quotes a short line whole', () => expect(quoteLine('torch >= 2.4')).toBe('"torch >= 2.4"'));

  it('cuts between words, never inside one: no prefix of a long token is quoted', () => {
    const secret = `https://ci:${'t'.repeat(90)}@pypi.example.com/simple`;
    expect(quoteLine(`torch 2.4 ${secret}`)).toBe('"torch 2.4 …"');
    expect(quoteLine(secret)).toBe('"…"');
    expect(quoteLine(`${'a '.repeat(50)}`, 10)).toBe('"a a a a a …"');
  });
});
