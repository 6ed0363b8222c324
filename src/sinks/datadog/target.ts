/**
 * Whether and where the Datadog API sink sends: resolved once by the shells at start-up, so this module
 * stays light (the sink itself, with compression and retries, loads only when it runs).
 */
import { datadogApiBase } from '../../naming/datadog.js';
import { redactSecrets } from '../../http/redact.js';

/** The `/api/v2/series` URL for a base URL or a full one. */
export function datadogSeriesUrl(base: string): string {
  const url = new URL(base);
  if (!/\/api\/v2\/series\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v2/series`;
  return url.toString();
}

export type DatadogTarget = { url: string; apiKey: string } | { skip: string } | null;

/**
 * Whether and where to send. The sink is on when a URL (flag `--datadog-url` / input `datadog-url`) or an
 * explicit key (input `datadog-api-key`) is given; `DD_API_KEY` alone only supplies the key, because runners
 * often carry it for an Agent. A URL of `''` or `auto` means the site's API: `https://api.<DD_SITE>`.
 * Returns `{ skip }` with a warning when the sink is asked for but cannot run, null when not asked for.
 */
export function resolveDatadogTarget(
  given: { url: string | null; apiKey: string | null },
  env: NodeJS.ProcessEnv,
): DatadogTarget {
  if (given.url === null && !given.apiKey) return null;
  const apiKey = given.apiKey || env.DD_API_KEY || '';
  const wanted =
    given.url === null || given.url.trim() === '' || given.url.trim() === 'auto'
      ? datadogApiBase(env.DD_SITE)
      : given.url.trim();
  let url: string;
  try {
    url = datadogSeriesUrl(wanted);
  } catch {
    return { skip: `Datadog: "${redactSecrets(wanted, [apiKey])}" is not a URL; nothing sent to Datadog` };
  }
  if (!/^https?:$/.test(new URL(url).protocol))
    return { skip: `Datadog: ${url} is not an http(s) URL; nothing sent to Datadog` };
  if (!apiKey)
    return { skip: 'Datadog: no API key (set DD_API_KEY or the datadog-api-key input); nothing sent to Datadog' };
  return { url, apiKey };
}
