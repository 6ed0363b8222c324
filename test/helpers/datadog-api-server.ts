/**
 * A loopback HTTP server following Datadog's documented `POST /api/v2/series`
 * (https://docs.datadoghq.com/api/latest/metrics/#submit-metrics): `DD-API-KEY` required (403), bodies over
 * 512,000 bytes refused (413), `Content-Encoding: gzip` or `deflate` bodies that inflate to 5 MiB or more
 * refused (413), each series needs a metric name, `type` 0–3, non-empty `points` with integer
 * timestamps no more than one hour old or ten minutes ahead (400 otherwise), and acceptance is
 * `202 {"errors":[]}`; bodies must also match the published `MetricPayload` schema (Datadog's own client's
 * model, no unknown fields). Responses can be scripted ahead (429 with Retry-After, 500s) to exercise retries.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { schemaProblems } from './datadog-schema.js';

export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  bytes: number;
  /** Size after gzip/deflate decoding, when the body was encoded. */
  decompressedBytes?: number;
  status: number;
  /** Parsed body when it was valid JSON. */
  json?: {
    series: {
      metric: string;
      type?: number;
      points: { timestamp: number; value: number }[];
      tags?: string[];
      unit?: string;
    }[];
  };
}

export interface FakeDatadog {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: ReceivedRequest[];
  /** Responses to give, in order, before normal handling resumes. */
  script: ScriptedResponse[];
  /** Series accepted (202) so far. */
  accepted: NonNullable<ReceivedRequest['json']>['series'];
  close(): Promise<void>;
}

export const MAX_BODY_BYTES = 512_000;
/** A compressed body must inflate to less than 5 MiB. */
export const MAX_DECOMPRESSED_BYTES = 5_242_880;

export async function startFakeDatadog(options: {
  apiKey: string;
  now?: () => number;
  echoKeyInErrors?: boolean;
}): Promise<FakeDatadog> {
  const now = options.now ?? (() => Date.now() / 1000);
  const state: FakeDatadog = { url: '', requests: [], script: [], accepted: [], close: async () => {} };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const record: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        bytes: raw.length,
        status: 0,
      };
      state.requests.push(record);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
        record.status = status;
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };

      if (req.method !== 'POST' || req.url !== '/api/v2/series') return send(404, { errors: ['Not found'] });
      const key = req.headers['dd-api-key'];
      if (typeof key !== 'string' || key !== options.apiKey) {
        const echoed = options.echoKeyInErrors && typeof key === 'string' ? ` (key ${key})` : '';
        return send(403, { errors: [`Forbidden${echoed}`] });
      }
      const scripted = state.script.shift();
      if (scripted)
        return send(scripted.status, scripted.body ?? { errors: [`scripted ${scripted.status}`] }, scripted.headers);
      if (raw.length > MAX_BODY_BYTES) return send(413, { errors: ['Payload too large'] });
      if (!/^application\/json/.test(req.headers['content-type'] ?? ''))
        return send(415, { errors: ['Unsupported media type'] });
      const encoding = req.headers['content-encoding'];
      let text: Buffer;
      try {
        text =
          encoding === 'gzip'
            ? gunzipSync(raw)
            : encoding === 'deflate'
              ? inflateSync(raw)
              : encoding === undefined
                ? raw
                : Buffer.alloc(0);
      } catch {
        return send(400, { errors: [`Body is not valid ${encoding}`] });
      }
      if (encoding !== undefined && encoding !== 'gzip' && encoding !== 'deflate')
        return send(415, { errors: [`Unsupported Content-Encoding ${encoding}`] });
      if (encoding !== undefined && text.length >= MAX_DECOMPRESSED_BYTES)
        return send(413, { errors: ['Decompressed payload too large'] });
      record.decompressedBytes = text.length;

      let json: unknown;
      try {
        json = JSON.parse(text.toString('utf8'));
      } catch {
        return send(400, { errors: ['Malformed JSON'] });
      }
      const problems = [...validate(json, now()), ...schemaProblems(json, 'MetricPayload', 'v2')];
      if (problems.length) return send(400, { errors: problems.slice(0, 5) });
      record.json = json as ReceivedRequest['json'];
      state.accepted.push(...record.json!.series);
      return send(202, { errors: [] });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** MetricSeries' documented fields (v2), so a misspelt one is refused even without Datadog's client. */
const SERIES_FIELDS = new Set([
  'metric',
  'type',
  'points',
  'tags',
  'unit',
  'interval',
  'metadata',
  'resources',
  'source_type_name',
]);

/** The documented request schema and limits, as a list of what is wrong. */
function validate(json: unknown, nowSeconds: number): string[] {
  const problems: string[] = [];
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { series?: unknown }).series))
    return ['series is required and must be an array'];
  const series = (json as { series: unknown[] }).series;
  for (const [i, s] of series.entries()) {
    const at = `series[${i}]`;
    if (typeof s !== 'object' || s === null) {
      problems.push(`${at} must be an object`);
      continue;
    }
    const o = s as Record<string, unknown>;
    for (const key of Object.keys(o))
      if (!SERIES_FIELDS.has(key)) problems.push(`${at}.${key} is not a field of MetricSeries`);
    if (typeof o.metric !== 'string' || !o.metric) problems.push(`${at}.metric is required`);
    if (o.type !== undefined && !(Number.isInteger(o.type) && (o.type as number) >= 0 && (o.type as number) <= 3))
      problems.push(`${at}.type must be 0–3`);
    if (o.tags !== undefined && !(Array.isArray(o.tags) && o.tags.every((t) => typeof t === 'string')))
      problems.push(`${at}.tags must be strings`);
    if (o.unit !== undefined && typeof o.unit !== 'string') problems.push(`${at}.unit must be a string`);
    if (!Array.isArray(o.points) || o.points.length === 0) {
      problems.push(`${at}.points must be a non-empty array`);
      continue;
    }
    o.points.forEach((p, j) => {
      const pt = p as Record<string, unknown>;
      if (!Number.isInteger(pt.timestamp)) problems.push(`${at}.points[${j}].timestamp must be an integer`);
      else if ((pt.timestamp as number) < nowSeconds - 3600 || (pt.timestamp as number) > nowSeconds + 600) {
        problems.push(`${at}.points[${j}].timestamp is outside the accepted window (1 hour old to 10 minutes ahead)`);
      }
      if (typeof pt.value !== 'number' || !Number.isFinite(pt.value))
        problems.push(`${at}.points[${j}].value must be a number`);
    });
  }
  return problems;
}
