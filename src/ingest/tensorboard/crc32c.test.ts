import CRC32C from 'crc-32/crc32c.js';
import { describe, expect, it } from 'vitest';
import { crc32c } from './crc32c.js';

describe('crc32c', () => {
  it('is the CRC32C of the check string (RFC 3720)', () => {
    expect(crc32c(Buffer.from('123456789'), 0, 9)).toBe(0xe3069283);
  });

  it("equals crc-32's CRC32C on ranges of random bytes, of every length up to 100 and at every offset", () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    for (let start = 0; start < 40; start++)
      for (let n = 0; n <= 100; n++)
        expect(crc32c(bytes, start, start + n)).toBe(CRC32C.buf(bytes.subarray(start, start + n)) >>> 0);
    expect(crc32c(bytes, 0, bytes.length)).toBe(CRC32C.buf(bytes) >>> 0);
  });
});
