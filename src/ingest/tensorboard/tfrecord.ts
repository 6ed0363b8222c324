/**
 * TFRecord framing, as TensorBoard event files use it: each record is
 *   uint64 length (little-endian) · uint32 masked CRC32C(length bytes) · data · uint32 masked CRC32C(data)
 * with mask(c) = ((c >>> 15) | (c << 17)) + 0xa282ead8 (mod 2³²). Records are read from the file in
 * chunks, never the whole file: memory stays at one chunk plus the longest record.
 */
import CRC32C from 'crc-32/crc32c.js';
import { InputError } from '../../model.js';
import { openFile } from '../file.js';

const MASK_DELTA = 0xa282ead8;
/** A record longer than this is not an event (a scalar event is tens of bytes; an image a few MB). */
const MAX_RECORD = 256 << 20;
const CHUNK = 1 << 20;

export function maskedCrc32c(bytes: Uint8Array): number {
  const c = CRC32C.buf(bytes) >>> 0;
  return ((((c >>> 15) | (c << 17)) >>> 0) + MASK_DELTA) >>> 0;
}

/** Whether `head` starts with a record header whose length checks against its CRC. */
export function isTfRecordStart(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const view = new DataView(head.buffer, head.byteOffset, 12);
  return maskedCrc32c(head.subarray(0, 8)) === view.getUint32(8, true);
}

/** The data length of the record whose header starts at `at` (12 bytes there); an InputError when its CRC fails. */
function recordLength(buf: Uint8Array, at: number, path: string, offset: number): number {
  const header = buf.subarray(at, at + 12);
  const view = new DataView(header.buffer, header.byteOffset, 12);
  if (maskedCrc32c(header.subarray(0, 8)) !== view.getUint32(8, true))
    throw new InputError(path, null, `not a TFRecord at byte ${offset}: the record length fails its CRC32C`);
  const length = view.getUint32(0, true) + view.getUint32(4, true) * 2 ** 32;
  if (length > MAX_RECORD)
    throw new InputError(
      path,
      null,
      `a record of ${length} bytes at byte ${offset} is over the limit of ${MAX_RECORD}`,
    );
  return length;
}

/**
 * The record starting at `at` in `buf[at, end)`: its data (a copy) and where the next one starts; `corrupt`
 * when its data fails its CRC (the framing still holds); `need` when the bytes up to `end` do not hold it
 * whole yet (a record still being written). `offset` is `at`'s place in the file, for messages.
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
  const data = buf.subarray(at + 12, at + 12 + length);
  const crc = new DataView(buf.buffer, buf.byteOffset + at + 12 + length, 4).getUint32(0, true);
  return maskedCrc32c(data) === crc ? { data: data.slice(), next } : { corrupt: true, next };
}

export interface RecordScan {
  /** Records whose data failed its CRC, skipped (the framing still held). */
  corrupt: number;
  /** The file ended inside a record. */
  truncated: boolean;
}

/** The records of `path` in order; `scan` is complete once the generator is drained. */
export async function* tfRecords(path: string, scan: RecordScan): AsyncGenerator<Uint8Array> {
  const fh = await openFile(path);
  try {
    let buf = Buffer.alloc(CHUNK);
    let start = 0;
    let end = 0;
    let offset = 0; // file offset of buf[start]
    let eof = false;
    /** At least `n` bytes from `start` in the buffer, or false at the end of the file. */
    const fill = async (n: number): Promise<boolean> => {
      while (end - start < n && !eof) {
        if (start > 0) {
          buf.copy(buf, 0, start, end);
          end -= start;
          start = 0;
        }
        if (buf.length - end < CHUNK) {
          const bigger = Buffer.alloc(Math.max(buf.length * 2, n + CHUNK));
          buf.copy(bigger, 0, 0, end);
          buf = bigger;
        }
        const { bytesRead } = await fh.read(buf, end, buf.length - end, null);
        if (bytesRead === 0) eof = true;
        end += bytesRead;
      }
      return end - start >= n;
    };
    for (;;) {
      if (!(await fill(12))) {
        if (end > start) scan.truncated = true;
        return;
      }
      const length = recordLength(buf, start, path, offset);
      if (!(await fill(12 + length + 4))) {
        scan.truncated = true;
        return;
      }
      const r = recordAt(buf, start, end, path, offset);
      if ('need' in r) return; // not reached: filled above
      if ('data' in r) yield r.data;
      else scan.corrupt++;
      offset += r.next - start;
      start = r.next;
    }
  } finally {
    await fh.close();
  }
}
