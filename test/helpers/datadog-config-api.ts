/**
 * A loopback HTTP server following Datadog's documented v1 API for dashboards and monitors
 * (https://docs.datadoghq.com/api/latest/dashboards/, …/monitors/): both `DD-API-KEY` and
 * `DD-APPLICATION-KEY` required (403 otherwise); `GET /api/v1/dashboard?count&start` answers
 * `{"dashboards": [{id, title, url, …}]}`; `POST /api/v1/dashboard` and `PUT /api/v1/dashboard/{id}` take a
 * Dashboard (checked against the published schema, 400 `{"errors": […]}` when it does not match) and answer it
 * with its `id` and `url`; `GET /api/v1/monitor?monitor_tags&page&page_size` lists monitors, `POST
 * /api/v1/monitor` and `PUT /api/v1/monitor/{id}` take a Monitor and answer it with its numeric `id`;
 * an unknown id is 404. The docs leave open whether several `monitor_tags` must all match; this server
 * lists monitors carrying any of them, the looser reading, so a client has to check for itself.
 * Responses can be scripted ahead (503s) to exercise retries.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback, sendJson as json } from './loopback-http.js';
import { schemaProblems } from './datadog-schema.js';

interface Stored {
  id: string | number;
  body: Record<string, unknown>;
}

export interface FakeDatadogConfig {
  url: string;
  dashboards: Stored[];
  monitors: Stored[];
  requests: { method: string; path: string }[];
  /** Statuses to answer the next requests with, before normal handling resumes. */
  script: number[];
  close(): Promise<void>;
}

export async function startFakeDatadogConfig(keys: { apiKey: string; appKey: string }): Promise<FakeDatadogConfig> {
  const state: FakeDatadogConfig = {
    url: '',
    dashboards: [],
    monitors: [],
    requests: [],
    script: [],
    close: async () => {},
  };
  let nextMonitor = 1000;
  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push({ method: req.method ?? '', path: url.pathname + url.search });
    const scripted = state.script.shift();
    if (scripted) return json(res, scripted, { errors: ['scripted failure'] });
    if (req.headers['dd-api-key'] !== keys.apiKey || req.headers['dd-application-key'] !== keys.appKey)
      return json(res, 403, { errors: ['Forbidden'] });
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const page = <T>(list: T[], start: number, size: number) => list.slice(start, start + size);

    if (url.pathname === '/api/v1/dashboard' && req.method === 'GET') {
      const count = Number(url.searchParams.get('count') ?? 100);
      const start = Number(url.searchParams.get('start') ?? 0);
      return json(res, 200, {
        dashboards: page(state.dashboards, start, count).map((d) => ({
          id: d.id,
          title: d.body.title,
          url: `/dashboard/${d.id}`,
        })),
      });
    }
    let m = /^\/api\/v1\/dashboard(?:\/([\w-]+))?$/.exec(url.pathname);
    if (m && (req.method === 'POST' || req.method === 'PUT')) {
      const problems = schemaProblems(body, 'Dashboard', 'v1');
      if (problems.length) return json(res, 400, { errors: problems });
      let stored: Stored | undefined;
      if (req.method === 'PUT') {
        stored = state.dashboards.find((d) => d.id === m![1]);
        if (!stored) return json(res, 404, { errors: ['Dashboard not found'] });
        stored.body = body;
      } else {
        stored = { id: `abc-${state.dashboards.length + 100}-xyz`, body };
        state.dashboards.push(stored);
      }
      return json(res, 200, { ...body, id: stored.id, url: `/dashboard/${stored.id}` });
    }

    if (url.pathname === '/api/v1/monitor' && req.method === 'GET') {
      const tags = (url.searchParams.get('monitor_tags') ?? '').split(',').filter(Boolean);
      const size = Number(url.searchParams.get('page_size') ?? 100);
      const from = Number(url.searchParams.get('page') ?? 0) * size;
      const matching = state.monitors.filter(
        (s) => !tags.length || tags.some((t) => (s.body.tags as string[] | undefined)?.includes(t)),
      );
      return json(
        res,
        200,
        page(matching, from, size).map((s) => ({ ...s.body, id: s.id })),
      );
    }
    m = /^\/api\/v1\/monitor(?:\/(\d+))?$/.exec(url.pathname);
    if (m && (req.method === 'POST' || req.method === 'PUT')) {
      const problems = schemaProblems(body, 'Monitor', 'v1');
      if (problems.length) return json(res, 400, { errors: problems });
      let stored: Stored | undefined;
      if (req.method === 'PUT') {
        stored = state.monitors.find((s) => s.id === Number(m![1]));
        if (!stored) return json(res, 404, { errors: ['Monitor not found'] });
        stored.body = body;
      } else {
        stored = { id: nextMonitor++, body };
        state.monitors.push(stored);
      }
      return json(res, 200, { ...body, id: stored.id });
    }
    json(res, 404, { errors: ['Not found'] });
  };
  const server = await listenLoopback(handle);
  state.url = server.url;
  state.close = server.close;
  return state;
}
