/**
 * One HTTP request with the bounded retries of retry.ts, as the HTTP sinks and the `--apply` commands make
 * them: a 429's `Retry-After` (or Datadog's `X-RateLimit-Reset`) is honoured, a failure comes back as one
 * line (`HTTP 503: <what the server said>`, or the network error), and secrets are redacted from it. Never
 * throws: the outcome is a value.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { boundedLookup } from './bounded-lookup.js';
import { redactSecrets, redactThenCut } from './redact.js';
import { defaultRetryDeps, withRetry, type RetryDeps, type RetryOutcome, type RetryPolicy } from './retry.js';

export interface HttpDeps extends RetryDeps {
  fetch: typeof fetch;
}

// undici's own fetch (the one Node bundles, as a package), so that its connections can take a lookup
// bounded by the deadline (bounded-lookup.ts); Node's global fetch takes no lookup.
export const defaultHttpDeps = (): HttpDeps => ({
  ...defaultRetryDeps(),
  fetch: undiciFetch as unknown as typeof fetch,
});

export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface HttpOutcome extends RetryOutcome {
  /** The last response's body (empty when none came back). */
  body: string;
}

/** `deadline`: ms since the epoch after which no request starts and no wait is begun (default: now + budgetMs). */
export async function requestWithRetry(
  url: string,
  request: HttpRequest,
  secrets: (string | null | undefined)[],
  policy: RetryPolicy,
  deps: HttpDeps = defaultHttpDeps(),
  deadline: number = deps.now() + policy.budgetMs,
): Promise<HttpOutcome> {
  let body = '';
  // Every connection's name lookup ends by the deadline too; the agent's sockets go with the request.
  const dispatcher = new Agent({ connect: { lookup: boundedLookup(deadline) } });
  const outcome = await withRetry(
    async (timeoutMs) => {
      try {
        const init = { ...request, signal: AbortSignal.timeout(timeoutMs), dispatcher } as RequestInit;
        const response = await deps.fetch(url, init);
        body = await response.text().catch(() => '');
        if (response.ok) return { ok: true, status: response.status };
        return {
          ok: false,
          status: response.status,
          error: `HTTP ${response.status}${describeBody(body, secrets)}`,
          retryAfterMs: retryAfterMs(response.headers, deps.now()),
        };
      } catch (e) {
        body = '';
        return { ok: false, status: null, error: describeNetworkError(e, url) };
      }
    },
    policy,
    deps,
    deadline,
  ).finally(() => dispatcher.destroy().catch(() => {}));
  return outcome.error === undefined
    ? { ...outcome, body }
    : { ...outcome, error: redactSecrets(outcome.error, secrets), body };
}

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
 * `: <errors>` from an error body (Datadog's `{"errors":[…]}`, Grafana's `{"message":…}`), else a short
 * excerpt. Secrets are taken out before the excerpt is cut, so no part of one survives the cut.
 */
function describeBody(text: string, secrets: readonly (string | null | undefined)[]): string {
  if (!text) return '';
  try {
    const parsed = JSON.parse(text) as { errors?: unknown; message?: unknown };
    if (Array.isArray(parsed.errors) && parsed.errors.length)
      return `: ${redactThenCut(parsed.errors.map(String).join('; '), secrets, 300)}`;
    if (typeof parsed.message === 'string' && parsed.message) return `: ${redactThenCut(parsed.message, secrets, 300)}`;
  } catch {
    // not JSON
  }
  return `: ${redactThenCut(text.replace(/\s+/g, ' '), secrets, 200)}`;
}

/** Errno codes a person reads better in words. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed',
};

/**
 * A failed request in words: "connection refused to 127.0.0.1:9", not fetch's "fetch failed" (nor the
 * "HTTP 500" a REST client makes of it). `url` names where, when the error itself does not.
 */
export function describeNetworkError(e: unknown, url?: string): string {
  if (!(e instanceof Error)) return String(e);
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'request timed out';
  for (let cause: unknown = e; cause instanceof Error; cause = (cause as { cause?: unknown }).cause) {
    const { code, address, port, hostname } = cause as NodeJS.ErrnoException & {
      address?: string;
      port?: number;
      hostname?: string;
    };
    const words = code ? NETWORK_CODES[code] : undefined;
    if (!words) continue;
    const where = address ? `${address}${port ? `:${port}` : ''}` : (hostname ?? hostOf(url));
    const joiner = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? ': ' : ' to ';
    return where ? `${words}${joiner}${where}` : words;
  }
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof Error ? `${e.message}: ${cause.message}` : e.message;
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
