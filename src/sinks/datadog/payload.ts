/**
 * Split series into `/api/v2/series` bodies that each stay within the API's size limits, measured on the
 * bytes actually sent (not estimated): plain JSON, or gzip-compressed JSON.
 */
import { gzipSync } from 'node:zlib';
import type { DatadogSeries } from './series.js';

/** Datadog's documented limit for an uncompressed `/api/v2/series` body: 500 KiB = 512,000 bytes. */
export const DATADOG_MAX_PAYLOAD_BYTES = 512_000;

export interface SeriesPayloads {
  /** JSON bodies `{"series":[…]}`, each at most `maxBytes` bytes. */
  bodies: string[];
  /** How many series each body holds. */
  counts: number[];
  /** Series that alone exceed the limit (never sent). */
  oversized: DatadogSeries[];
}

const HEAD = '{"series":[';
const TAIL = ']}';

/**
 * Greedy packing in order: a body is `{"series":[` + items joined by `,` + `]}`, so its size is
 * 13 + Σ bytes(item) + (items − 1).
 */
export function splitSeriesPayloads(series: DatadogSeries[], maxBytes = DATADOG_MAX_PAYLOAD_BYTES): SeriesPayloads {
  const frame = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
  const out: SeriesPayloads = { bodies: [], counts: [], oversized: [] };
  let items: string[] = [];
  let size = frame;
  const flush = (): void => {
    if (items.length) {
      out.bodies.push(HEAD + items.join(',') + TAIL);
      out.counts.push(items.length);
    }
    items = [];
    size = frame;
  };
  for (const s of series) {
    const item = JSON.stringify(s);
    const bytes = Buffer.byteLength(item);
    if (frame + bytes > maxBytes) {
      out.oversized.push(s);
      continue;
    }
    const added = bytes + (items.length ? 1 : 0);
    if (size + added > maxBytes) flush();
    size += bytes + (items.length ? 1 : 0);
    items.push(item);
  }
  flush();
  return out;
}

/** Datadog's limit on the decompressed size of a compressed `/api/v2/series` body: 5 MiB, exclusive. */
export const DATADOG_MAX_DECOMPRESSED_BYTES = 5_242_880;

export interface CompressedPayloads {
  /** gzip bodies, each at most `maxBytes` bytes, inflating to less than `maxDecompressedBytes`. */
  bodies: { gzip: Buffer; json: string; count: number }[];
  oversized: DatadogSeries[];
}

/** A body to send: gzip (`gzip` set) or plain JSON (`gzip` null); `json` is the text either way, `count` its series. */
export interface SeriesBody {
  json: string;
  gzip: Buffer | null;
  count: number;
}

export function seriesPayloads(
  series: DatadogSeries[],
  options: { compress: boolean; maxBytes?: number },
): { bodies: SeriesBody[]; oversized: DatadogSeries[] } {
  if (options.compress) return compressedSeriesPayloads(series, options.maxBytes);
  const plain = splitSeriesPayloads(series, options.maxBytes);
  return {
    bodies: plain.bodies.map((json, i) => ({ json, gzip: null, count: plain.counts[i]! })),
    oversized: plain.oversized,
  };
}

/**
 * gzip-compressed bodies (`Content-Encoding: gzip`, as Datadog's own API client sends them): packed up to the
 * decompressed limit, then halved until each compressed body fits the payload limit.
 */
export function compressedSeriesPayloads(
  series: DatadogSeries[],
  maxBytes = DATADOG_MAX_PAYLOAD_BYTES,
  maxDecompressedBytes = DATADOG_MAX_DECOMPRESSED_BYTES,
): CompressedPayloads {
  const first = splitSeriesPayloads(series, maxDecompressedBytes - 1);
  const out: CompressedPayloads = { bodies: [], oversized: first.oversized };
  const pack = (json: string, count: number): void => {
    const gzip = gzipSync(json);
    if (gzip.length <= maxBytes) return void out.bodies.push({ gzip, json, count });
    const items = (JSON.parse(json) as { series: DatadogSeries[] }).series;
    if (items.length === 1) return void out.oversized.push(items[0]!);
    const half = Math.ceil(items.length / 2);
    pack(JSON.stringify({ series: items.slice(0, half) }), half);
    pack(JSON.stringify({ series: items.slice(half) }), items.length - half);
  };
  for (const [i, json] of first.bodies.entries()) pack(json, first.counts[i]!);
  return out;
}
