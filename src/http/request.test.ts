import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './request.js';

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
