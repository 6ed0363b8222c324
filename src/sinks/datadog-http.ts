/**
 * One POST to the Datadog API with the sinks' bounded retries (retry.ts), honouring `Retry-After` (or
 * Datadog's `X-RateLimit-Reset`). Never throws: the outcome is a value, and every text in it has the API
 * key redacted.
 */
import { defaultRetryDeps, withRetry, type RetryDeps, type RetryOutcome, type RetryPolicy } from './retry.js';

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 30_000, budgetMs: 120_000 };

export type PostOutcome = RetryOutcome;

export interface PostDeps extends RetryDeps {
  fetch: typeof fetch;
}

export const defaultPostDeps = (): PostDeps => ({ ...defaultRetryDeps(), fetch: globalThis.fetch });

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
  const outcome = await withRetry(
    async (timeoutMs) => {
      try {
        const response = await deps.fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
        const text = await response.text().catch(() => '');
        if (response.ok) return { ok: true, status: response.status };
        return { ok: false, status: response.status, error: `HTTP ${response.status}${describeErrors(text)}`, retryAfterMs: retryAfterMs(response.headers, deps.now()) };
      } catch (e) {
        return { ok: false, status: null, error: networkError(e) };
      }
    },
    policy,
    deps,
    deadline,
  );
  if (outcome.error === undefined) return outcome;
  const error = outcome.exhausted ? `${outcome.error} (gave up after ${outcome.attempts} attempts)` : outcome.error;
  return { ...outcome, error: redactSecrets(error, secrets) };
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
