/**
 * One POST to the Datadog API with bounded retries: 429 and 5xx (and network failures) are retried,
 * honouring `Retry-After` (or Datadog's `X-RateLimit-Reset`), else with exponential backoff; any other 4xx
 * is final. Never throws: the outcome is a value, and every text in it has the API key redacted.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** First backoff; doubles on every retry (with jitter), up to `maxDelayMs`. */
  baseDelayMs: number;
  /** Longest single wait. A `Retry-After` longer than this is honoured by giving up, not by retrying early. */
  maxDelayMs: number;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Time for all requests of one sink call together, waits included: an outage never holds the job for long. */
  budgetMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 30_000, budgetMs: 120_000 };

export interface PostOutcome {
  ok: boolean;
  /** Last HTTP status, or null when no response came back. */
  status: number | null;
  attempts: number;
  /** Why it failed (redacted), when it did. */
  error?: string;
  /** Waits between attempts, milliseconds. */
  waits: number[];
}

export interface PostDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch (for an HTTP-date `Retry-After`). */
  now: () => number;
  /** 0 ≤ x < 1, for backoff jitter. */
  random: () => number;
}

export const defaultPostDeps = (): PostDeps => ({
  fetch: globalThis.fetch,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  random: Math.random,
});

/**
 * Milliseconds to wait as a response asks: `Retry-After` in seconds or as an HTTP date, else
 * `X-RateLimit-Reset` (seconds until the rate-limit window resets); null when neither is usable.
 */
export function retryAfterMs(headers: Headers, now: number): number | null {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Number(reset) * 1000;
  return null;
}

/**
 * Backoff before retry `n` (0 for the first retry): base·2ⁿ capped at `max`, with "equal jitter" —
 * half fixed, half random — so that parallel jobs spread out without ever retrying at once.
 */
export function backoffMs(n: number, base: number, max: number, random: number): number {
  const ceiling = Math.min(max, base * 2 ** n);
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** Replace every occurrence of each secret (and its URL-encoded form) with `***`. */
export function redactSecrets(text: string, secrets: (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  // A key someone put into a URL's query string.
  return out.replace(/((?:api|application)[_-]?key=)[^&\s"']+/gi, '$1***');
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `deadline`: ms since the epoch after which no request starts and no wait is begun (default: now + budgetMs). */
export async function postWithRetry(
  url: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
  secrets: string[],
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  deps: PostDeps = defaultPostDeps(),
  deadline: number = deps.now() + policy.budgetMs,
): Promise<PostOutcome> {
  const waits: number[] = [];
  const clean = (text: string): string => redactSecrets(text, secrets);
  let lastError = '';
  let lastStatus: number | null = null;

  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    let wait: number | null = null;
    const left = deadline - deps.now();
    if (left <= 0) {
      const error = `${lastError ? `${lastError}; ` : ''}out of the ${policy.budgetMs / 1000} s allowed for sending`;
      return { ok: false, status: lastStatus, attempts: attempt - 1, error: clean(error), waits };
    }
    try {
      const response = await deps.fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(Math.min(policy.timeoutMs, left)),
      });
      lastStatus = response.status;
      const text = await response.text().catch(() => '');
      if (response.ok) return { ok: true, status: response.status, attempts: attempt, waits };
      lastError = `HTTP ${response.status}${describeErrors(text)}`;
      if (!retryable(response.status)) return { ok: false, status: response.status, attempts: attempt, error: clean(lastError), waits };
      wait = retryAfterMs(response.headers, deps.now());
      if (wait !== null && wait > policy.maxDelayMs) {
        const error = `${lastError}; the API asked to wait ${Math.ceil(wait / 1000)} s, longer than the ${policy.maxDelayMs / 1000} s allowed`;
        return { ok: false, status: response.status, attempts: attempt, error: clean(error), waits };
      }
    } catch (e) {
      lastStatus = null;
      lastError = networkError(e);
    }
    if (attempt === policy.maxAttempts) break;
    const delay = wait ?? backoffMs(attempt - 1, policy.baseDelayMs, policy.maxDelayMs, deps.random());
    if (deps.now() + delay >= deadline) {
      const error = `${lastError}; out of the ${policy.budgetMs / 1000} s allowed for sending`;
      return { ok: false, status: lastStatus, attempts: attempt, error: clean(error), waits };
    }
    waits.push(delay);
    await deps.sleep(delay);
  }
  return {
    ok: false,
    status: lastStatus,
    attempts: policy.maxAttempts,
    error: clean(`${lastError} (gave up after ${policy.maxAttempts} attempts)`),
    waits,
  };
}

/** `: <errors>` from a Datadog error body `{"errors":[…]}`, else a short excerpt of the body. */
function describeErrors(text: string): string {
  if (!text) return '';
  try {
    const parsed = JSON.parse(text) as { errors?: unknown };
    if (Array.isArray(parsed.errors) && parsed.errors.length) return `: ${parsed.errors.map(String).join('; ').slice(0, 300)}`;
  } catch {
    // not JSON
  }
  return `: ${text.replace(/\s+/g, ' ').slice(0, 200)}`;
}

function networkError(e: unknown): string {
  if (e instanceof Error) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'request timed out';
    const cause = (e as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${e.message}${detail}`;
  }
  return String(e);
}
