/**
 * A loopback HTTP server following Grafana's documented `POST /api/dashboards/db`
 * (https://grafana.com/docs/grafana/latest/developers/http_api/dashboard/): a service account token as
 * `Authorization: Bearer` (401 otherwise); a body `{dashboard, folderUid?, message?, overwrite?}` whose
 * dashboard has a title (400 otherwise) and a known folder (400 otherwise); an existing uid, or another
 * dashboard of the same title in the folder, is 412 (`version-mismatch`, `name-exists`) unless `overwrite`;
 * success answers `{id, uid, url, status: "success", version, slug}` and bumps the version on each save.
 * Responses can be scripted ahead (503s) to exercise retries.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback, sendJson as json } from './loopback-http.js';

export interface StoredDashboard {
  id: number;
  uid: string;
  folderUid: string;
  version: number;
  dashboard: Record<string, unknown>;
}

export interface FakeGrafana {
  url: string;
  dashboards: StoredDashboard[];
  requests: { method: string; path: string }[];
  script: number[];
  close(): Promise<void>;
}

export async function startFakeGrafana(token: string, folders: string[] = []): Promise<FakeGrafana> {
  const state: FakeGrafana = { url: '', dashboards: [], requests: [], script: [], close: async () => {} };
  const slug = (title: string) =>
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    state.requests.push({ method: req.method ?? '', path: req.url ?? '' });
    const scripted = state.script.shift();
    if (scripted) return json(res, scripted, { message: 'scripted failure' });
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { message: 'Unauthorized' });
    if (req.method !== 'POST' || req.url !== '/api/dashboards/db') return json(res, 404, { message: 'Not found' });
    const body = JSON.parse(text) as { dashboard?: Record<string, unknown>; folderUid?: string; overwrite?: boolean };
    const d = body.dashboard;
    if (!d || typeof d.title !== 'string' || !d.title)
      return json(res, 400, { message: 'Dashboard title cannot be empty' });
    const folderUid = body.folderUid ?? '';
    if (folderUid && !folders.includes(folderUid)) return json(res, 400, { message: 'Folder not found' });
    const uid = typeof d.uid === 'string' && d.uid ? d.uid : `gen${state.dashboards.length + 1}`;
    const same = state.dashboards.find((s) => s.uid === uid);
    const named = state.dashboards.find(
      (s) => s.uid !== uid && s.folderUid === folderUid && s.dashboard.title === d.title,
    );
    if (!body.overwrite && same)
      return json(res, 412, { message: 'The dashboard has been changed by someone else', status: 'version-mismatch' });
    if (!body.overwrite && named)
      return json(res, 412, {
        message: 'A dashboard with the same name in the folder already exists',
        status: 'name-exists',
      });
    let stored: StoredDashboard;
    if (same) {
      stored = same;
      stored.version += 1;
      stored.dashboard = d;
      stored.folderUid = folderUid;
    } else {
      if (named) state.dashboards.splice(state.dashboards.indexOf(named), 1);
      stored = { id: state.dashboards.length + 1, uid, folderUid, version: 1, dashboard: d };
      state.dashboards.push(stored);
    }
    const s = slug(d.title);
    return json(res, 200, {
      id: stored.id,
      uid,
      url: `/d/${uid}/${s}`,
      status: 'success',
      version: stored.version,
      slug: s,
    });
  };
  const server = await listenLoopback(handle);
  state.url = server.url;
  state.close = server.close;
  return state;
}
