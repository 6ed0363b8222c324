import { ae as redactSecrets, aE as redactThenCut } from './postgres-url-9QtIPSUj.js';

/**
 * Bounded retries for the HTTP sinks (Pushgateway, Datadog API) and the `--apply` commands: a network
 * failure, 429 or 5xx is tried again — after the wait the server asked for, else after exponential backoff
 * with jitter — and any other status is final. All attempts of one call share a time budget, waits
 * included, so an outage never holds a job for long. Never throws: the outcome is a value.
 */
const defaultRetryDeps = () => ({
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: Date.now,
    random: Math.random,
});
/** Whether an attempt that got `status` (null: no response) is worth repeating. */
function retryable(status) {
    return status === null || status === 429 || status >= 500;
}
/**
 * Backoff before retry `n` (0 for the first retry): base·2ⁿ capped at `max`, with "equal jitter" —
 * half fixed, half random — so that parallel jobs spread out without ever retrying at once.
 */
function backoffMs(n, base, max, random) {
    const ceiling = Math.min(max, base * 2 ** n);
    return Math.round(ceiling / 2 + (random * ceiling) / 2);
}
/**
 * Run `attempt` (given the time it may take) until it succeeds, fails for good, or the attempts or the
 * time run out. `deadline`: ms since the epoch after which no attempt starts and no wait is begun
 * (default: now + budgetMs; pass one deadline to several calls to share a budget).
 */
async function withRetry(attempt, policy, deps = defaultRetryDeps(), deadline = deps.now() + policy.budgetMs) {
    const waits = [];
    const outOfTime = `out of the ${policy.budgetMs / 1000} s allowed for sending`;
    let last = { ok: false, status: null };
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
        if (last.ok)
            return { ok: true, status: last.status, attempts: n, waits };
        if (!retryable(last.status))
            return { ok: false, status: last.status, attempts: n, error: last.error, waits };
        const asked = last.retryAfterMs ?? null;
        if (asked !== null && asked > policy.maxDelayMs) {
            const error = `${last.error}; the server asked to wait ${Math.ceil(asked / 1000)} s, longer than the ${policy.maxDelayMs / 1000} s allowed`;
            return { ok: false, status: last.status, attempts: n, error, waits };
        }
        if (n === policy.maxAttempts)
            break;
        const delay = asked ?? backoffMs(n - 1, policy.baseDelayMs, policy.maxDelayMs, deps.random());
        if (deps.now() + delay >= deadline)
            return { ok: false, status: last.status, attempts: n, error: `${last.error}; ${outOfTime}`, waits };
        waits.push(delay);
        await deps.sleep(delay);
    }
    return { ok: false, status: last.status, attempts: policy.maxAttempts, error: last.error, exhausted: true, waits };
}

/**
 * One HTTP request with the bounded retries of retry.ts, as the HTTP sinks and the `--apply` commands make
 * them: a 429's `Retry-After` (or Datadog's `X-RateLimit-Reset`) is honoured, a failure comes back as one
 * line (`HTTP 503: <what the server said>`, or the network error), and secrets are redacted from it. Never
 * throws: the outcome is a value.
 */
const defaultHttpDeps = () => ({ ...defaultRetryDeps(), fetch: globalThis.fetch });
/** `deadline`: ms since the epoch after which no request starts and no wait is begun (default: now + budgetMs). */
async function requestWithRetry(url, request, secrets, policy, deps = defaultHttpDeps(), deadline = deps.now() + policy.budgetMs) {
    let body = '';
    const outcome = await withRetry(async (timeoutMs) => {
        try {
            const response = await deps.fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
            body = await response.text().catch(() => '');
            if (response.ok)
                return { ok: true, status: response.status };
            return {
                ok: false,
                status: response.status,
                error: `HTTP ${response.status}${describeBody(body, secrets)}`,
                retryAfterMs: retryAfterMs(response.headers, deps.now()),
            };
        }
        catch (e) {
            body = '';
            return { ok: false, status: null, error: describeNetworkError(e, url) };
        }
    }, policy, deps, deadline);
    return outcome.error === undefined
        ? { ...outcome, body }
        : { ...outcome, error: redactSecrets(outcome.error, secrets), body };
}
/**
 * Milliseconds to wait as a response asks: `Retry-After` in seconds or as an HTTP date, else
 * `X-RateLimit-Reset` (seconds until the rate-limit window resets); null when neither is usable.
 */
function retryAfterMs(headers, now) {
    const retryAfter = headers.get('retry-after')?.trim();
    if (retryAfter) {
        if (/^\d+(\.\d+)?$/.test(retryAfter))
            return Math.round(Number(retryAfter) * 1000);
        const at = Date.parse(retryAfter);
        if (!Number.isNaN(at))
            return Math.max(0, at - now);
    }
    const reset = headers.get('x-ratelimit-reset')?.trim();
    if (reset && /^\d+$/.test(reset))
        return Number(reset) * 1000;
    return null;
}
/**
 * `: <errors>` from an error body (Datadog's `{"errors":[…]}`, Grafana's `{"message":…}`), else a short
 * excerpt. Secrets are taken out before the excerpt is cut, so no part of one survives the cut.
 */
function describeBody(text, secrets) {
    if (!text)
        return '';
    try {
        const parsed = JSON.parse(text);
        if (Array.isArray(parsed.errors) && parsed.errors.length)
            return `: ${redactThenCut(parsed.errors.map(String).join('; '), secrets, 300)}`;
        if (typeof parsed.message === 'string' && parsed.message)
            return `: ${redactThenCut(parsed.message, secrets, 300)}`;
    }
    catch {
        // not JSON
    }
    return `: ${redactThenCut(text.replace(/\s+/g, ' '), secrets, 200)}`;
}
/** Errno codes a person reads better in words. */
const NETWORK_CODES = {
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
function describeNetworkError(e, url) {
    if (!(e instanceof Error))
        return String(e);
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
        return 'request timed out';
    for (let cause = e; cause instanceof Error; cause = cause.cause) {
        const { code, address, port, hostname } = cause;
        const words = code ? NETWORK_CODES[code] : undefined;
        if (!words)
            continue;
        const where = address ? `${address}${port ? `:${port}` : ''}` : (hostname ?? hostOf(url));
        const joiner = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? ': ' : ' to ';
        return where ? `${words}${joiner}${where}` : words;
    }
    const cause = e.cause;
    return cause instanceof Error ? `${e.message}: ${cause.message}` : e.message;
}
function hostOf(url) {
    if (!url)
        return undefined;
    try {
        return new URL(url).host;
    }
    catch {
        return undefined;
    }
}

export { retryable as a, defaultRetryDeps as b, describeNetworkError as c, defaultHttpDeps as d, requestWithRetry as r, withRetry as w };
