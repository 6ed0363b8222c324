/**
 * A loopback server following the OTLP/HTTP protocol definitions
 * (https://opentelemetry.io/docs/specs/otlp/#otlphttp): `POST /v1/traces` and `POST /v1/metrics`, bodies
 * in binary protobuf (`application/x-protobuf`) or OTLP/JSON (`application/json`), gzip when the request
 * says so. Every body is decoded with the official `.proto` definitions (vendored in otlp-proto/, see its
 * PROVENANCE.md) through protobufjs, never with the exporter's own code: a body that does not decode, or
 * a JSON body with a field the definitions do not have, is answered 400 and kept as a problem.
 * OTLP/JSON's own rules are checked as the specification states them: trace and span ids as hex (not
 * base64), enums as integers, field names in lowerCamelCase.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

const PROTO_DIR = join(import.meta.dirname, 'otlp-proto');

/** A value of an attribute, as the definitions' AnyValue holds it. */
export type AttributeValue = string | number | boolean | AttributeValue[] | null;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a span without a parent in the request. */
  parentSpanId: string;
  name: string;
  kind: number;
  startTimeUnixNano: bigint;
  endTimeUnixNano: bigint;
  attributes: Record<string, AttributeValue>;
  events: { name: string; timeUnixNano: bigint; attributes: Record<string, AttributeValue> }[];
  status: { code: number; message: string };
  resource: Record<string, AttributeValue>;
  scope: string;
}

export interface ReceivedPoint {
  metric: string;
  unit: string;
  /** gauge, sum, histogram, exponentialHistogram or summary: the definitions' oneof. */
  type: string;
  attributes: Record<string, AttributeValue>;
  /** A gauge's or sum's value. */
  value?: number;
  /** A histogram's count, sum and bounds. */
  count?: number;
  sum?: number;
  bucketCounts?: number[];
  explicitBounds?: number[];
  resource: Record<string, AttributeValue>;
}

export interface ReceivedRequest {
  path: string;
  contentType: string;
  headers: IncomingMessage['headers'];
  status: number;
}

export interface OtlpReceiver {
  url: string;
  requests: ReceivedRequest[];
  spans: ReceivedSpan[];
  points: ReceivedPoint[];
  /** Bodies that did not follow the definitions: why. */
  problems: string[];
  /** Answer the next `n` requests with `status` (503 for an outage, 400 for a refusal). */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

let rootPromise: Promise<protobuf.Root> | null = null;

/** The vendored definitions, loaded once. */
function definitions(): Promise<protobuf.Root> {
  rootPromise ??= (async () => {
    const root = new protobuf.Root();
    root.resolvePath = (_origin, target) => join(PROTO_DIR, target);
    await root.load(
      [
        'opentelemetry/proto/collector/trace/v1/trace_service.proto',
        'opentelemetry/proto/collector/metrics/v1/metrics_service.proto',
      ],
      { keepCase: false },
    );
    root.resolveAll();
    return root;
  })();
  return rootPromise;
}

const SERVICES = {
  '/v1/traces': 'opentelemetry.proto.collector.trace.v1.ExportTraceService',
  '/v1/metrics': 'opentelemetry.proto.collector.metrics.v1.ExportMetricsService',
} as const;

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const root = await definitions();
  const state: Omit<OtlpReceiver, 'url' | 'close' | 'failNext'> = { requests: [], spans: [], points: [], problems: [] };
  let failing = { n: 0, status: 503 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const contentType = String(req.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      const service = SERVICES[path as keyof typeof SERVICES];
      const record = (status: number) => state.requests.push({ path, contentType, headers: req.headers, status });
      if (req.method !== 'POST' || !service) {
        record(404);
        res.writeHead(404).end();
        return;
      }
      if (failing.n > 0) {
        failing.n--;
        record(failing.status);
        res.writeHead(failing.status, { 'content-type': 'text/plain' }).end('unavailable');
        return;
      }
      const json = contentType === 'application/json';
      try {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        if (!json && contentType !== 'application/x-protobuf')
          throw new Error(`content-type ${contentType} is neither application/x-protobuf nor application/json`);
        const requestType = root.lookupType(`${service}Request`);
        const message = json
          ? requestType.fromObject(jsonToProtoObject(requestType, JSON.parse(body.toString('utf8')), '$'))
          : requestType.decode(body);
        const object = requestType.toObject(message, { longs: String, bytes: Array, enums: Number, arrays: true });
        if (path === '/v1/traces') state.spans.push(...spansOf(object));
        else state.points.push(...pointsOf(object));
        record(200);
        const responseType = root.lookupType(`${service}Response`);
        if (json) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        else
          res
            .writeHead(200, { 'content-type': 'application/x-protobuf' })
            .end(Buffer.from(responseType.encode(responseType.create({})).finish()));
      } catch (e) {
        state.problems.push(`${path} (${contentType}): ${(e as Error).message}`);
        record(400);
        res.writeHead(400, { 'content-type': 'text/plain' }).end((e as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext(n, status) {
      failing = { n, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Fields OTLP/JSON writes as hex where protobuf's JSON mapping would write base64. */
const HEX_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/**
 * An OTLP/JSON body as protobufjs's `fromObject` takes it, checked against the definitions on the way:
 * every key must be a field of its message, ids must be hex, enums integers.
 */
function jsonToProtoObject(type: protobuf.Type, value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${at}: expected an object for ${type.name}`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = type.fields[key];
    if (!field) throw new Error(`${at}.${key}: ${type.name} has no field ${key}`);
    const convert = (item: unknown, where: string): unknown => {
      if (field.resolvedType instanceof protobuf.Type) return jsonToProtoObject(field.resolvedType, item, where);
      if (field.resolvedType instanceof protobuf.Enum) {
        if (!Number.isInteger(item))
          throw new Error(`${where}: an enum is an integer in OTLP/JSON, got ${JSON.stringify(item)}`);
        return item;
      }
      if (field.type === 'bytes' && HEX_FIELDS.has(key)) {
        if (typeof item !== 'string' || !/^([0-9a-f]{2})*$/i.test(item))
          throw new Error(`${where}: ${key} is hex in OTLP/JSON, got ${JSON.stringify(item)}`);
        return Buffer.from(item, 'hex').toString('base64');
      }
      return item;
    };
    out[key] = field.repeated
      ? (() => {
          if (!Array.isArray(v)) throw new Error(`${at}.${key}: expected an array`);
          return v.map((item, i) => convert(item, `${at}.${key}[${i}]`));
        })()
      : convert(v, `${at}.${key}`);
  }
  return out;
}

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const hex = (v: unknown): string => (Array.isArray(v) ? Buffer.from(v as number[]).toString('hex') : '');
const nanos = (v: unknown): bigint => BigInt(typeof v === 'string' || typeof v === 'number' ? v : 0);

function anyValue(v: Obj | undefined): AttributeValue {
  if (!v) return null;
  if ('stringValue' in v) return String(v.stringValue);
  if ('boolValue' in v) return Boolean(v.boolValue);
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('arrayValue' in v) return list((v.arrayValue as Obj).values).map(anyValue);
  return null;
}

export function attributesOf(v: unknown): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const kv of list(v)) out[String(kv.key)] = anyValue(kv.value as Obj | undefined);
  return out;
}

function spansOf(request: Obj): ReceivedSpan[] {
  return list(request.resourceSpans).flatMap((rs) => {
    const resource = attributesOf((rs.resource as Obj | undefined)?.attributes);
    return list(rs.scopeSpans).flatMap((ss) =>
      list(ss.spans).map(
        (s): ReceivedSpan => ({
          traceId: hex(s.traceId),
          spanId: hex(s.spanId),
          parentSpanId: hex(s.parentSpanId),
          name: String(s.name ?? ''),
          kind: Number(s.kind ?? 0),
          startTimeUnixNano: nanos(s.startTimeUnixNano),
          endTimeUnixNano: nanos(s.endTimeUnixNano),
          attributes: attributesOf(s.attributes),
          events: list(s.events).map((e) => ({
            name: String(e.name ?? ''),
            timeUnixNano: nanos(e.timeUnixNano),
            attributes: attributesOf(e.attributes),
          })),
          status: {
            code: Number((s.status as Obj | undefined)?.code ?? 0),
            message: String((s.status as Obj | undefined)?.message ?? ''),
          },
          resource,
          scope: String((ss.scope as Obj | undefined)?.name ?? ''),
        }),
      ),
    );
  });
}

const DATA_TYPES = ['gauge', 'sum', 'histogram', 'exponentialHistogram', 'summary'] as const;

function pointsOf(request: Obj): ReceivedPoint[] {
  return list(request.resourceMetrics).flatMap((rm) => {
    const resource = attributesOf((rm.resource as Obj | undefined)?.attributes);
    return list(rm.scopeMetrics).flatMap((sm) =>
      list(sm.metrics).flatMap((m) => {
        const type = DATA_TYPES.find((t) => t in m) ?? 'unknown';
        const data = (m[type] ?? {}) as Obj;
        return list(data.dataPoints).map((p): ReceivedPoint => {
          const point: ReceivedPoint = {
            metric: String(m.name),
            unit: String(m.unit ?? ''),
            type,
            attributes: attributesOf(p.attributes),
            resource,
          };
          if ('asDouble' in p) point.value = Number(p.asDouble);
          if ('asInt' in p) point.value = Number(p.asInt);
          if (type === 'histogram') {
            point.count = Number(p.count ?? 0);
            point.sum = Number(p.sum ?? 0);
            point.bucketCounts = (p.bucketCounts as unknown[] | undefined)?.map(Number) ?? [];
            point.explicitBounds = (p.explicitBounds as number[] | undefined) ?? [];
          }
          return point;
        });
      }),
    );
  });
}
