import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultHttpDeps, describeNetworkError, requestWithRetry, retryAfterMs } from './request.js';

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 10, 29, 22, 0, 0);
  it('reads Retry-After in seconds', () => expect(retryAfterMs(new Headers({ 'Retry-After': '7' }), now)).toBe(7000));
  it('reads Retry-After as an HTTP date', () =>
    expect(retryAfterMs(new Headers({ 'Retry-After': new Date(now + 12_000).toUTCString() }), now)).toBe(12_000));
  it('falls back to X-RateLimit-Reset (seconds until reset)', () =>
    expect(retryAfterMs(new Headers({ 'X-RateLimit-Reset': '3' }), now)).toBe(3000));
  it('is null without either, or for garbage', () => {
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'Retry-After': 'soon' }), now)).toBeNull();
  });
});

describe('describeNetworkError', () => {
  it('says a refused connection in words, with the address', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const url = `http://127.0.0.1:${port}/x`;
    const e = await fetch(url).catch((err: unknown) => err);
    expect(describeNetworkError(e, url)).toBe(`connection refused to 127.0.0.1:${port}`);
  });
  it('says an unknown host', () => {
    const e = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND', hostname: 'nope.invalid' }),
    });
    expect(describeNetworkError(e)).toBe('host not found: nope.invalid');
  });
});

describe('requestWithRetry error lines', () => {
  it('redact a key a server echoes before the excerpt is cut', async () => {
    const key = 'ddk_0123456789abcdef0123456789';
    const body = JSON.stringify({ errors: [`${'e'.repeat(295)} ${key}`] });
    const deps = {
      ...defaultHttpDeps(),
      sleep: async () => {},
      fetch: (async () => new Response(body, { status: 403 })) as typeof fetch,
    };
    const out = await requestWithRetry(
      'http://x/',
      { method: 'POST', headers: {} },
      [key],
      { maxAttempts: 1, budgetMs: 1000, timeoutMs: 1000, baseDelayMs: 1, maxDelayMs: 1 },
      deps,
    );
    expect(out.error).toMatch(/^HTTP 403: e+/);
    for (let i = 0; i + 8 <= key.length; i++) expect(out.error).not.toContain(key.slice(i, i + 8));
  });
});
