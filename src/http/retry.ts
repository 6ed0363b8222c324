/**
 * Bounded retries for the HTTP sinks (Pushgateway, Datadog API) and the `--apply` commands: a network
 * failure, 429 or 5xx is tried again — after the wait the server asked for, else after exponential backoff
 * with jitter — and any other status is final. All attempts of one call share a time budget, waits
 * included, so an outage never holds a job for long. Never throws: the outcome is a value.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** First backoff; doubles on every retry (with jitter), up to `maxDelayMs`. */
  baseDelayMs: number;
  /** Longest single wait. A server asking for a longer one is answered by giving up, not by retrying early. */
  maxDelayMs: number;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Time for all requests of one sink call together, waits included. */
  budgetMs: number;
}

/** What one attempt came to. */
export interface AttemptResult {
  ok: boolean;
  /** HTTP status, or null when no response came back (refused, reset, timed out). */
  status: number | null;
  /** Why it failed, one line. */
  error?: string;
  /** The wait the server asked for (Retry-After and the like), if it did. */
  retryAfterMs?: number | null;
}

export interface RetryOutcome {
  ok: boolean;
  /** Last HTTP status, or null when no response came back. */
  status: number | null;
  attempts: number;
  /** Why it failed, when it did. */
  error?: string;
  /** It failed with every attempt the policy allows. */
  exhausted?: boolean;
  /** Waits between attempts, milliseconds. */
  waits: number[];
}

export interface RetryDeps {
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** 0 ≤ x < 1, for backoff jitter. */
  random: () => number;
}

export const defaultRetryDeps = (): RetryDeps => ({
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  random: Math.random,
});

/** Whether an attempt that got `status` (null: no response) is worth repeating. */
export function retryable(status: number | null): boolean {
  return status === null || status === 429 || status >= 500;
}

/**
 * Backoff before retry `n` (0 for the first retry): base·2ⁿ capped at `max`, with "equal jitter" —
 * half fixed, half random — so that parallel jobs spread out without ever retrying at once.
 */
export function backoffMs(n: number, base: number, max: number, random: number): number {
  const ceiling = Math.min(max, base * 2 ** n);
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/**
 * Run `attempt` (given the time it may take) until it succeeds, fails for good, or the attempts or the
 * time run out. `deadline`: ms since the epoch after which no attempt starts and no wait is begun
 * (default: now + budgetMs; pass one deadline to several calls to share a budget).
 */
export async function withRetry(
  attempt: (timeoutMs: number) => Promise<AttemptResult>,
  policy: RetryPolicy,
  deps: RetryDeps = defaultRetryDeps(),
  deadline: number = deps.now() + policy.budgetMs,
): Promise<RetryOutcome> {
  const waits: number[] = [];
  const outOfTime = `out of the ${policy.budgetMs / 1000} s allowed for sending`;
  let last: AttemptResult = { ok: false, status: null };
  for (let n = 1; n <= policy.maxAttempts; n++) {
    const left = deadline - deps.now();
    if (left <= 0)
      return {
        ok: false,
        status: last.status,
        attempts: n - 1,
        error: last.error ? `${last.error}; ${outOfTime}` : outOfTime,
        waits,
      };
    last = await attempt(Math.min(policy.timeoutMs, left));
    if (last.ok) return { ok: true, status: last.status, attempts: n, waits };
    if (!retryable(last.status)) return { ok: false, status: last.status, attempts: n, error: last.error, waits };
    const asked = last.retryAfterMs ?? null;
    if (asked !== null && asked > policy.maxDelayMs) {
      const error = `${last.error}; the server asked to wait ${Math.ceil(asked / 1000)} s, longer than the ${policy.maxDelayMs / 1000} s allowed`;
      return { ok: false, status: last.status, attempts: n, error, waits };
    }
    if (n === policy.maxAttempts) break;
    const delay = asked ?? backoffMs(n - 1, policy.baseDelayMs, policy.maxDelayMs, deps.random());
    if (deps.now() + delay >= deadline)
      return { ok: false, status: last.status, attempts: n, error: `${last.error}; ${outOfTime}`, waits };
    waits.push(delay);
    await deps.sleep(delay);
  }
  return { ok: false, status: last.status, attempts: policy.maxAttempts, error: last.error, exhausted: true, waits };
}
