import { I as InputError, E as redactSecrets, K as withRetry, M as defaultRetryDeps } from './run-DuCwr_TH.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';

/**
 * `dashboard grafana --apply`: save the generated dashboard through Grafana's HTTP API
 * (`POST /api/dashboards/db` with `overwrite: true`), so a setup job keeps it in step with the metrics. The
 * dashboard's uid (`training-metrics-pg` / `-se`, or `--uid`) is what it is found again by: the one with that
 * uid is replaced, else it is created. Authenticates with a service account token (`GRAFANA_TOKEN`), which
 * never appears in a message; requests retry like the sinks' (retry.ts).
 */
const POLICY = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 10_000, timeoutMs: 30_000, budgetMs: 60_000 };
/** Where and with which token: `--grafana-url` or GRAFANA_URL, and GRAFANA_TOKEN. */
function grafanaTargetFrom(url, folderUid, env) {
    const token = env.GRAFANA_TOKEN ?? '';
    if (!token)
        throw new InputError('--apply', null, 'needs GRAFANA_TOKEN (a service account token that can write dashboards)');
    const base = (url?.trim() || env.GRAFANA_URL?.trim() || '').replace(/\/+$/, '');
    if (!base)
        throw new InputError('--apply', null, 'needs --grafana-url URL (or GRAFANA_URL)');
    try {
        if (!/^https?:$/.test(new URL(base).protocol))
            throw new Error();
    }
    catch {
        throw new InputError('--grafana-url', null, `"${redactSecrets(base, [token])}" is not an http(s) URL`);
    }
    return { base, token, ...(folderUid ? { folderUid } : {}) };
}
async function applyGrafanaDashboard(dashboard, target, deps = { ...defaultRetryDeps(), fetch: globalThis.fetch }) {
    // `id: null` with `overwrite`: Grafana matches on the uid, creating the dashboard or replacing it.
    const body = JSON.stringify({ dashboard: { ...dashboard, id: null }, overwrite: true, message: 'training-metrics-gate dashboard grafana --apply', ...(target.folderUid ? { folderUid: target.folderUid } : {}) });
    let saved = null;
    const outcome = await withRetry(async (timeoutMs) => {
        try {
            const response = await deps.fetch(`${target.base}/api/dashboards/db`, {
                method: 'POST',
                headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
                body,
                signal: AbortSignal.timeout(timeoutMs),
            });
            const text = await response.text().catch(() => '');
            if (!response.ok)
                return { ok: false, status: response.status, error: `HTTP ${response.status}: ${text.replace(/\s+/g, ' ').slice(0, 200)}` };
            saved = JSON.parse(text);
            return { ok: true, status: response.status };
        }
        catch (e) {
            return { ok: false, status: null, error: e.name === 'TimeoutError' ? 'request timed out' : e.message };
        }
    }, POLICY, deps);
    if (!outcome.ok || !saved) {
        throw new Error(redactSecrets(`POST /api/dashboards/db failed after ${outcome.attempts} attempt(s): ${outcome.error ?? 'no answer'}`, [target.token]));
    }
    return saved;
}

export { applyGrafanaDashboard, grafanaTargetFrom };
