import { I as InputError } from './postgres-url-BezLfty4.js';
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
 * `dashboard grafana --apply`: save the generated dashboard through Grafana's HTTP API
 * (`POST /api/dashboards/db` with `overwrite: true`), so a setup job keeps it in step with the metrics. The
 * dashboard's uid (`training-metrics-pg` / `-se`, or `--uid`) is what it is found again by: the one with that
 * uid is replaced, else it is created. Authenticates with a service account token (`GRAFANA_TOKEN`), which
 * never appears in a message.
 */
/** Where and with which token: `--grafana-url` or GRAFANA_URL, and GRAFANA_TOKEN. */
function grafanaTargetFrom(url, env) {
    const token = env.GRAFANA_TOKEN ?? '';
    if (!token)
        throw new InputError('--apply', null, 'needs GRAFANA_TOKEN (a service account token that can write dashboards)');
    const given = url?.trim() || env.GRAFANA_URL?.trim() || '';
    if (!given)
        throw new InputError('--apply', null, 'needs --grafana-url URL (or GRAFANA_URL)');
    return {
        base: apiBase(given, '--grafana-url', [token]),
        headers: { Authorization: `Bearer ${token}` },
        secrets: [token],
    };
}
/** Save into `folderUid` (Grafana's General folder when absent). */
async function applyGrafanaDashboard(dashboard, target, folderUid) {
    // `id: null` with `overwrite`: Grafana matches on the uid, creating the dashboard or replacing it.
    const body = {
        dashboard: { ...dashboard, id: null },
        overwrite: true,
        message: 'training-metrics-gate dashboard grafana --apply',
        ...(folderUid ? { folderUid } : {}),
    };
    return apiCall(target, 'POST', '/api/dashboards/db', body);
}

export { applyGrafanaDashboard, grafanaTargetFrom };
