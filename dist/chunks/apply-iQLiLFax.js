import { I as InputError, bn as datadogApiBase } from './postgres-url-BezLfty4.js';
import { a as apiBase, b as apiCall } from './api-call-BCRzIzAS.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './request-CGKQueE4.js';
import 'node:assert';
import 'node:net';
import 'node:http';
import 'node:buffer';
import 'node:util';
import 'node:querystring';
import 'node:events';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:zlib';
import 'node:perf_hooks';
import 'node:util/types';
import 'node:worker_threads';
import 'node:url';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import './bounded-lookup-C-gbgogV.js';
import 'node:child_process';

/**
 * `--apply` for the Datadog generators: create or update the dashboard and the monitors through Datadog's
 * API instead of printing them, so a setup job keeps them in step with the metrics. Each is found again by
 * what it is — the dashboard by its title, a monitor by its name among the monitors tagged with this tool's
 * source, route and metric prefix — and updated in place (PUT), else created (POST). Nothing else in the
 * account is touched. Needs an API key and an application key, which never appear in a message.
 */
const PAGE = 100;
/** Where and with which keys: `--datadog-url` or DD_SITE, DD_API_KEY and DD_APP_KEY (or DD_APPLICATION_KEY). */
function applyTargetFrom(url, env) {
    const apiKey = env.DD_API_KEY ?? '';
    const appKey = env.DD_APP_KEY || env.DD_APPLICATION_KEY || '';
    if (!apiKey || !appKey) {
        throw new InputError('--apply', null, 'needs DD_API_KEY and DD_APP_KEY (an application key that can write dashboards and monitors)');
    }
    const secrets = [apiKey, appKey];
    return {
        base: apiBase(url?.trim() || datadogApiBase(env.DD_SITE), '--datadog-url', secrets),
        headers: { 'DD-API-KEY': apiKey, 'DD-APPLICATION-KEY': appKey },
        secrets,
    };
}
/** Create the dashboard, or update the one with its title. */
async function applyDashboard(dashboard, target) {
    let existing;
    for (let start = 0; !existing; start += PAGE) {
        const page = await apiCall(target, 'GET', `/api/v1/dashboard?count=${PAGE}&start=${start}`);
        const list = page.dashboards ?? [];
        existing = list.find((d) => d.title === dashboard.title);
        if (list.length < PAGE)
            break;
    }
    const saved = existing
        ? await apiCall(target, 'PUT', `/api/v1/dashboard/${encodeURIComponent(existing.id)}`, dashboard)
        : await apiCall(target, 'POST', '/api/v1/dashboard', dashboard);
    return {
        kind: 'dashboard',
        name: dashboard.title,
        action: existing ? 'updated' : 'created',
        id: saved.id,
        ...(saved.url ? { url: saved.url } : {}),
    };
}
/** Create each monitor, or update the one of this tool, route and prefix with its name. */
async function applyMonitors(monitors, target) {
    if (!monitors.length)
        return [];
    const ours = monitors[0].tags;
    const existing = [];
    for (let page = 0;; page++) {
        const list = await apiCall(target, 'GET', `/api/v1/monitor?monitor_tags=${encodeURIComponent(ours.join(','))}&page=${page}&page_size=${PAGE}`);
        // The filter is the API's; the check is ours, so a looser server-side match never lets a user's monitor be overwritten.
        existing.push(...list.filter((m) => ours.every((t) => m.tags?.includes(t))));
        if (list.length < PAGE)
            break;
    }
    const out = [];
    for (const monitor of monitors) {
        const match = existing.find((m) => m.name === monitor.name);
        const saved = match
            ? await apiCall(target, 'PUT', `/api/v1/monitor/${match.id}`, monitor)
            : await apiCall(target, 'POST', '/api/v1/monitor', monitor);
        out.push({ kind: 'monitor', name: monitor.name, action: match ? 'updated' : 'created', id: saved.id });
    }
    return out;
}

export { applyDashboard, applyMonitors, applyTargetFrom };
