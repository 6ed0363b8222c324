/**
 * Split series into `/api/v2/series` bodies that each stay within the API's size limit, measured on the
 * serialized UTF-8 bytes actually sent (not estimated).
 */
import type { DatadogSeries } from './datadog-series.js';

/** Datadog's documented limit for an uncompressed `/api/v2/series` body: 500 KiB = 512,000 bytes. */
export const DATADOG_MAX_PAYLOAD_BYTES = 512_000;

export interface SeriesPayloads {
  /** JSON bodies `{"series":[…]}`, each at most `maxBytes` bytes. */
  bodies: string[];
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
  const out: SeriesPayloads = { bodies: [], oversized: [] };
  let items: string[] = [];
  let size = frame;
  const flush = (): void => {
    if (items.length) out.bodies.push(HEAD + items.join(',') + TAIL);
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
