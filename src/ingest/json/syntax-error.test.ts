import { describe, expect, it } from 'vitest';
import { jsonSyntaxError } from './syntax-error.js';

const errorOf = (text: string): Error => {
  try {
    JSON.parse(text);
  } catch (e) {
    return e as Error;
  }
  throw new Error(`parsed: ${text}`);
};

describe('jsonSyntaxError', () => {
  it("keeps V8's words and position, and leaves out the excerpt of the text it quotes", () => {
    const secret = 'ghp_abcdefghijkl0123456789';
    const e = jsonSyntaxError(errorOf(`{"k": ${secret}}`));
    expect(e.what).toMatch(/^Unexpected token/);
    expect(e.what).not.toContain('ghp_');
    expect(e.what).not.toContain('"');
    expect(jsonSyntaxError(errorOf('{"a":1,}'))).toEqual({
      offset: 7,
      what: expect.stringMatching(/property name/),
    });
    expect(jsonSyntaxError(errorOf('{"a":'))).toEqual({ offset: null, what: 'Unexpected end of JSON input' });
  });
});
