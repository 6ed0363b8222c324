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
      const header = buf.subarray(start, start + 12);
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
      if (!(await fill(12 + length + 4))) {
        scan.truncated = true;
        return;
      }
      const data = buf.subarray(start + 12, start + 12 + length);
      const crc = buf.readUInt32LE(start + 12 + length);
      if (maskedCrc32c(data) === crc) yield Uint8Array.prototype.slice.call(data);
      else scan.corrupt++;
      start += 12 + length + 4;
      offset += 12 + length + 4;
    }
  } finally {
    await fh.close();
  }
}
