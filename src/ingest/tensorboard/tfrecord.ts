/**
 * TFRecord framing, as TensorBoard event files use it: each record is
 *   uint64 length (little-endian) · uint32 masked CRC32C(length bytes) · data · uint32 masked CRC32C(data)
 * with mask(c) = ((c >>> 15) | (c << 17)) + 0xa282ead8 (mod 2³²). A file is read in large chunks and its
 * records walked in a plain loop over each chunk: one CRC of the header, one of the data, and the data
 * handed on as a range of the chunk, never copied. Memory stays at one chunk plus the longest record.
 */
import { InputError } from '../../model.js';
import { openFile } from '../file.js';
import { crc32c } from './crc32c.js';

const MASK_DELTA = 0xa282ead8;
/** A record longer than this is not an event (a scalar event is tens of bytes; an image a few MB). */
export const MAX_RECORD = 256 << 20;
/** Large enough that a read per chunk costs nothing beside the records in it. */
const CHUNK = 4 << 20;

/** CRC32C of `bytes[start, end)`, masked as TFRecord stores it. */
export function maskedCrc32c(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const c = crc32c(bytes, start, end);
  return ((((c >>> 15) | (c << 17)) >>> 0) + MASK_DELTA) >>> 0;
}

const u32 = (buf: Uint8Array, at: number): number =>
  (buf[at]! | (buf[at + 1]! << 8) | (buf[at + 2]! << 16) | (buf[at + 3]! << 24)) >>> 0;

/** Whether `head` starts with a record header whose length checks against its CRC. */
export function isTfRecordStart(head: Uint8Array): boolean {
  return head.length >= 12 && maskedCrc32c(head, 0, 8) === u32(head, 8);
}

/** The data length of the record whose 12-byte header starts at `at`; an InputError when its CRC fails. */
function recordLength(buf: Uint8Array, at: number, path: string, offset: number): number {
  if (maskedCrc32c(buf, at, at + 8) !== u32(buf, at + 8))
    throw new InputError(path, null, `not a TFRecord at byte ${offset}: the record length fails its CRC32C`);
  const length = u32(buf, at) + u32(buf, at + 4) * 2 ** 32;
  if (length > MAX_RECORD)
    throw new InputError(
      path,
      null,
      `a record of ${length} bytes at byte ${offset} is over the limit of ${MAX_RECORD}`,
    );
  return length;
}

/**
 * The record starting at `at` in `buf[at, end)`: where its data starts and where the next record starts;
 * `corrupt` when its data fails its CRC (the framing still holds); `need` when the bytes up to `end` do not
 * hold it whole yet (a record still being written). `offset` is `at`'s place in the file, for messages.
 */
export function recordAt(
  buf: Uint8Array,
  at: number,
  end: number,
  path: string,
  offset: number,
): { data: Uint8Array; next: number } | { corrupt: true; next: number } | { need: true } {
  if (end - at < 12) return { need: true };
  const length = recordLength(buf, at, path, offset);
  const next = at + 12 + length + 4;
  if (next > end) return { need: true };
  const ok = maskedCrc32c(buf, at + 12, at + 12 + length) === u32(buf, at + 12 + length);
  return ok ? { data: buf.subarray(at + 12, at + 12 + length), next } : { corrupt: true, next };
}

/**
 * Called with each record whose data checks against its CRC: the data is `buf[start, end)`, valid until
 * the call returns; `index` counts records from 1 in the file. Returning false stops the walk after it.
 */
export type OnRecord = (buf: Uint8Array, start: number, end: number, index: number) => boolean;

export interface RecordWalk {
  /** Records whose data failed its CRC, skipped (the framing still held). */
  corrupt: number;
  /** The file ended inside a record. */
  truncated: boolean;
  /** Records looked at (good and corrupt). */
  records: number;
  /** Where a walk stopped by its callback would go on: the next record's byte offset and index; null at the end. */
  stoppedAt: { offset: number; index: number } | null;
}

export interface WalkFrom {
  /** Byte offset of the first record to read (a walk stopped before goes on from its `stoppedAt`). */
  offset: number;
  /** How many records come before it. */
  index: number;
}

/**
 * Walk the records of `path` from `from` in order, synchronously within each chunk read. `onBytes` is told
 * how many bytes each chunk read adds, for progress.
 */
export async function walkRecords(
  path: string,
  onRecord: OnRecord,
  from: WalkFrom = { offset: 0, index: 0 },
  onBytes?: (bytes: number) => void,
): Promise<RecordWalk> {
  const chunks = walkChunks(path, onRecord, from, onBytes);
  for (;;) {
    const r = await chunks.next();
    if (r.done) return r.value;
  }
}

/** The same walk, pausing after each chunk's records (a streamed table hands on its full batches then). */
export async function* walkChunks(
  path: string,
  onRecord: OnRecord,
  from: WalkFrom = { offset: 0, index: 0 },
  onBytes?: (bytes: number) => void,
): AsyncGenerator<void, RecordWalk> {
  const walk: RecordWalk = { corrupt: 0, truncated: false, records: from.index, stoppedAt: null };
  const fh = await openFile(path);
  try {
    let buf = Buffer.allocUnsafe(CHUNK);
    let end = 0; // bytes held in buf, from buf[0], which is at file offset `base`
    let base = from.offset;
    let position = from.offset;
    for (;;) {
      const { bytesRead } = await fh.read(buf, end, buf.length - end, position);
      position += bytesRead;
      end += bytesRead;
      onBytes?.(bytesRead);
      const eof = bytesRead === 0;
      let at = 0;
      // The inner loop: whole records in the buffer, no await, no allocation.
      for (;;) {
        if (end - at < 12) break;
        const length = recordLength(buf, at, path, base + at);
        const data = at + 12;
        const next = data + length + 4;
        if (next > end) {
          // Not whole yet: a record longer than the buffer gets a buffer that holds it.
          if (next - at > buf.length) {
            const bigger = Buffer.allocUnsafe(next - at + CHUNK);
            buf.copy(bigger, 0, at, end);
            buf = bigger;
            end -= at;
            base += at;
            at = 0;
          }
          break;
        }
        walk.records++;
        if (maskedCrc32c(buf, data, data + length) !== u32(buf, data + length)) walk.corrupt++;
        else if (!onRecord(buf, data, data + length, walk.records)) {
          walk.stoppedAt = { offset: base + next, index: walk.records };
          return walk;
        }
        at = next;
      }
      if (eof) {
        if (end > at) walk.truncated = true;
        return walk;
      }
      yield;
      // Keep the part of a record not yet whole at the start of the buffer.
      buf.copyWithin(0, at, end);
      end -= at;
      base += at;
    }
  } finally {
    await fh.close();
  }
}
