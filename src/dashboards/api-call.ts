/**
 * One call to Grafana's or Datadog's API for the `--apply` commands: JSON in and out with the sinks' HTTP
 * retries (http/request.ts), and a one-line error naming the call, secrets redacted, when it fails for good.
 */
import { InputError } from '../model.js';
import { redactSecrets } from '../http/redact.js';
import { requestWithRetry, type HttpDeps } from '../http/request.js';
import type { RetryPolicy } from '../http/retry.js';

/** A setup command: up to four attempts, a minute for each call with its waits. */
const APPLY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  timeoutMs: 30_000,
  budgetMs: 60_000,
};

export interface ApiTarget {
  /** API root without a trailing slash, e.g. https://api.datadoghq.eu */
  base: string;
  /** Authentication headers. */
  headers: Record<string, string>;
  /** What must never appear in a message. */
  secrets: string[];
}

/** `url` as an API root (trailing slashes dropped); an InputError naming `flag` when it is not http(s). */
export function apiBase(url: string, flag: string, secrets: string[]): string {
  const base = url.trim().replace(/\/+$/, '');
  try {
    if (!/^https?:$/.test(new URL(base).protocol)) throw new Error();
  } catch {
    throw new InputError(flag, null, `"${redactSecrets(base, secrets)}" is not an http(s) URL`);
  }
  return base;
}

export async function apiCall<T>(
  target: ApiTarget,
  method: string,
  path: string,
  body?: unknown,
  deps?: HttpDeps,
): Promise<T> {
  const request = {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...target.headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  const outcome = await requestWithRetry(`${target.base}${path}`, request, target.secrets, APPLY_POLICY, deps);
  if (!outcome.ok) throw new Error(`${method} ${path} failed after ${outcome.attempts} attempt(s): ${outcome.error}`);
  return (outcome.body ? JSON.parse(outcome.body) : null) as T;
}
