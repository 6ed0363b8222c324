import { I as InputError, aH as redactSecrets } from './postgres-url-BezLfty4.js';
import { r as requestWithRetry } from './request-CGKQueE4.js';

/**
 * One call to Grafana's or Datadog's API for the `--apply` commands: JSON in and out with the sinks' HTTP
 * retries (http/request.ts), and a one-line error naming the call, secrets redacted, when it fails for good.
 */
/** A setup command: up to four attempts, a minute for each call with its waits. */
const APPLY_POLICY = {
    maxAttempts: 4,
    baseDelayMs: 500,
    maxDelayMs: 10_000,
    timeoutMs: 30_000,
    budgetMs: 60_000,
};
/** `url` as an API root (trailing slashes dropped); an InputError naming `flag` when it is not http(s). */
function apiBase(url, flag, secrets) {
    const base = url.trim().replace(/\/+$/, '');
    try {
        if (!/^https?:$/.test(new URL(base).protocol))
            throw new Error();
    }
    catch {
        throw new InputError(flag, null, `"${redactSecrets(base, secrets)}" is not an http(s) URL`);
    }
    return base;
}
async function apiCall(target, method, path, body, deps) {
    const request = {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...target.headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const outcome = await requestWithRetry(`${target.base}${path}`, request, target.secrets, APPLY_POLICY, deps);
    if (!outcome.ok)
        throw new Error(`${method} ${path} failed after ${outcome.attempts} attempt(s): ${outcome.error}`);
    return (outcome.body ? JSON.parse(outcome.body) : null);
}

export { apiBase as a, apiCall as b };
