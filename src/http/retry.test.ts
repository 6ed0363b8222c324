import { describe, expect, it } from 'vitest';
import { backoffMs, withRetry, type AttemptResult, type RetryDeps, type RetryPolicy } from './retry.js';

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000, timeoutMs: 500, budgetMs: 10_000 };

/** A fake clock that sleeping moves on; jitter fixed at the middle. */
function fakeDeps(): RetryDeps & { clock: number; advance(ms: number): void } {
  const deps = {
    clock: 0,
    advance(ms: number) {
      deps.clock += ms;
    },
    sleep: async (ms: number) => deps.advance(ms),
    now: () => deps.clock,
    random: () => 0.5,
  };
  return deps;
}

/** Attempts answering the given results in turn (the last one repeats), each taking `attemptMs`; records the timeout each was given. */
function answers(deps: ReturnType<typeof fakeDeps>, results: AttemptResult[], attemptMs = 0) {
  const timeouts: number[] = [];
  return {
    timeouts,
    attempt: async (timeoutMs: number) => {
      timeouts.push(timeoutMs);
      deps.advance(attemptMs);
      return results[Math.min(timeouts.length - 1, results.length - 1)]!;
    },
  };
}

describe('backoffMs', () => {
  it('is base·2ⁿ capped, half fixed and half jitter', () => {
    expect(backoffMs(0, 500, 30_000, 0)).toBe(250);
    expect(backoffMs(0, 500, 30_000, 0.999999)).toBe(500);
    expect(backoffMs(3, 500, 30_000, 0.5)).toBe(3000);
    expect(backoffMs(20, 500, 30_000, 1 - 1e-9)).toBe(30_000);
  });
});

describe('withRetry', () => {
  it('retries a 503 and a network failure with growing waits until it succeeds', async () => {
    const deps = fakeDeps();
    const a = answers(deps, [
      { ok: false, status: 503, error: 'HTTP 503' },
      { ok: false, status: null, error: 'ECONNRESET' },
      { ok: true, status: 200 },
    ]);
    expect(await withRetry(a.attempt, policy, deps)).toEqual({ ok: true, status: 200, attempts: 3, waits: [75, 150] });
  });

  it('gives up at once on a status that will not change (404), and after every attempt on a 500', async () => {
    const deps = fakeDeps();
    const notFound = answers(deps, [{ ok: false, status: 404, error: 'HTTP 404' }]);
    expect(await withRetry(notFound.attempt, policy, deps)).toMatchObject({
      ok: false,
      status: 404,
      attempts: 1,
      error: 'HTTP 404',
      waits: [],
    });
    const down = answers(deps, [{ ok: false, status: 500, error: 'HTTP 500' }]);
    expect(await withRetry(down.attempt, policy, deps)).toMatchObject({
      ok: false,
      attempts: 4,
      exhausted: true,
      error: 'HTTP 500',
      waits: [75, 150, 300],
    });
  });

  it('waits as the server asks, and gives up when it asks for longer than the longest wait', async () => {
    const deps = fakeDeps();
    const asked = answers(deps, [
      { ok: false, status: 429, error: 'HTTP 429', retryAfterMs: 700 },
      { ok: true, status: 202 },
    ]);
    expect(await withRetry(asked.attempt, policy, deps)).toMatchObject({ ok: true, attempts: 2, waits: [700] });
    const tooLong = answers(deps, [{ ok: false, status: 429, error: 'HTTP 429', retryAfterMs: 3_600_000 }]);
    const outcome = await withRetry(tooLong.attempt, policy, deps);
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    expect(outcome.error).toBe('HTTP 429; the server asked to wait 3600 s, longer than the 1 s allowed');
  });

  it('keeps all attempts within the budget: a shorter timeout for the last, no wait that would pass the deadline', async () => {
    const deps = fakeDeps();
    const slow = answers(deps, [{ ok: false, status: null, error: 'request timed out' }], 400);
    const outcome = await withRetry(slow.attempt, { ...policy, budgetMs: 1000 }, deps);
    // 400 ms attempt, 75 ms wait, 400 ms attempt (875 ms); the next wait (150 ms) would pass 1000 ms.
    expect(slow.timeouts).toEqual([500, 500]);
    expect(outcome).toMatchObject({ ok: false, attempts: 2, waits: [75] });
    expect(outcome.error).toBe('request timed out; out of the 1 s allowed for sending');
    const shared = answers(deps, [{ ok: false, status: 503, error: 'HTTP 503' }]);
    const deadline = deps.now() + 200;
    expect(await withRetry(shared.attempt, policy, deps, deadline)).toMatchObject({ attempts: 2, waits: [75] });
    expect(shared.timeouts).toEqual([200, 125]);
  });
});
