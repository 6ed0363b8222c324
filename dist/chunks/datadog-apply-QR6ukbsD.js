import { I as InputError, X as datadogApiBase, E as redactSecrets, M as defaultRetryDeps, K as withRetry } from './run-DuCwr_TH.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';

/**
 * `--apply` for the Datadog generators: create or update the dashboard and the monitors through Datadog's
 * API instead of printing them, so a setup job keeps them in step with the metrics. Each is found again by
 * what it is — the dashboard by its title, a monitor by its name among the monitors tagged with this tool's
 * source, route and metric prefix — and updated in place (PUT), else created (POST). Nothing else in the
 * account is touched. Needs an API key and an application key; requests retry like the sinks' (retry.ts),
 * and no key ever appears in a message. The only module of dashboards/ that does I/O.
 */
const POLICY = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 10_000, timeoutMs: 30_000, budgetMs: 60_000 };
const PAGE = 100;
/** Where and with which keys: `--datadog-url` or DD_SITE, DD_API_KEY and DD_APP_KEY (or DD_APPLICATION_KEY). */
function applyTargetFrom(url, env) {
    const apiKey = env.DD_API_KEY ?? '';
    const appKey = env.DD_APP_KEY || env.DD_APPLICATION_KEY || '';
    if (!apiKey || !appKey) {
        throw new InputError('--apply', null, 'needs DD_API_KEY and DD_APP_KEY (an application key that can write dashboards and monitors)');
    }
    const base = (url?.trim() || datadogApiBase(env.DD_SITE)).replace(/\/+$/, '');
    try {
        if (!/^https?:$/.test(new URL(base).protocol))
            throw new Error();
    }
    catch {
        throw new InputError('--datadog-url', null, `"${redactSecrets(base, [apiKey, appKey])}" is not an http(s) URL`);
    }
    return { base, apiKey, appKey };
}
/** One API call with retries; the parsed JSON answer, or an Error whose message names the call. */
async function call(target, deps, method, path, body) {
    let answer;
    const outcome = await withRetry(async (timeoutMs) => {
        try {
            const response = await deps.fetch(`${target.base}${path}`, {
                method,
                headers: { 'DD-API-KEY': target.apiKey, 'DD-APPLICATION-KEY': target.appKey, 'Content-Type': 'application/json', Accept: 'application/json' },
                ...(body === undefined ? {} : { body: JSON.stringify(body) }),
                signal: AbortSignal.timeout(timeoutMs),
            });
            const text = await response.text().catch(() => '');
            if (!response.ok)
                return { ok: false, status: response.status, error: `HTTP ${response.status}: ${text.replace(/\s+/g, ' ').slice(0, 200)}` };
            answer = text ? JSON.parse(text) : null;
            return { ok: true, status: response.status };
        }
        catch (e) {
            return { ok: false, status: null, error: e.name === 'TimeoutError' ? 'request timed out' : e.message };
        }
    }, POLICY, deps);
    if (!outcome.ok)
        throw new Error(redactSecrets(`${method} ${path} failed after ${outcome.attempts} attempt(s): ${outcome.error}`, [target.apiKey, target.appKey]));
    return answer;
}
/** Create the dashboard, or update the one with its title. */
async function applyDashboard(dashboard, target, deps = { ...defaultRetryDeps(), fetch: globalThis.fetch }) {
    let existing;
    for (let start = 0; !existing; start += PAGE) {
        const page = await call(target, deps, 'GET', `/api/v1/dashboard?count=${PAGE}&start=${start}`);
        const list = page.dashboards ?? [];
        existing = list.find((d) => d.title === dashboard.title);
        if (list.length < PAGE)
            break;
    }
    const saved = existing
        ? await call(target, deps, 'PUT', `/api/v1/dashboard/${encodeURIComponent(existing.id)}`, dashboard)
        : await call(target, deps, 'POST', '/api/v1/dashboard', dashboard);
    return { kind: 'dashboard', name: dashboard.title, action: existing ? 'updated' : 'created', id: saved.id, ...(saved.url ? { url: saved.url } : {}) };
}
/** Create each monitor, or update the one of this tool, route and prefix with its name. */
async function applyMonitors(monitors, target, deps = { ...defaultRetryDeps(), fetch: globalThis.fetch }) {
    if (!monitors.length)
        return [];
    const ours = monitors[0].tags;
    const existing = [];
    for (let page = 0;; page++) {
        const list = await call(target, deps, 'GET', `/api/v1/monitor?monitor_tags=${encodeURIComponent(ours.join(','))}&page=${page}&page_size=${PAGE}`);
        // The filter is the API's; the check is ours, so a looser server-side match never lets a user's monitor be overwritten.
        existing.push(...list.filter((m) => ours.every((t) => m.tags?.includes(t))));
        if (list.length < PAGE)
            break;
    }
    const out = [];
    for (const monitor of monitors) {
        const match = existing.find((m) => m.name === monitor.name);
        const saved = match
            ? await call(target, deps, 'PUT', `/api/v1/monitor/${match.id}`, monitor)
            : await call(target, deps, 'POST', '/api/v1/monitor', monitor);
        out.push({ kind: 'monitor', name: monitor.name, action: match ? 'updated' : 'created', id: saved.id });
    }
    return out;
}

export { applyDashboard, applyMonitors, applyTargetFrom };
