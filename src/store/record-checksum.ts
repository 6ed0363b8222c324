/**
 * Checksums that prove a migrated history is the same history: each record's canonical JSON (keys sorted at
 * every level, undefined dropped, numbers as JSON writes them) hashed with SHA-256, so the same record gives
 * the same checksum whatever store wrote it and in whatever key order it came back.
 */
import { createHash } from 'node:crypto';
import type { HistoryRecord } from '../model.js';

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function recordChecksum(record: HistoryRecord): string {
  return createHash('sha256').update(canonicalJson(record)).digest('hex');
}

/** The records' checksums sorted, and one digest over them: equal digests, equal multisets of records. */
export function historyDigest(records: readonly HistoryRecord[]): {
  count: number;
  checksums: string[];
  digest: string;
} {
  const checksums = records.map(recordChecksum).sort();
  return { count: records.length, checksums, digest: createHash('sha256').update(checksums.join('\n')).digest('hex') };
}
