/**
 * CRC32C (Castagnoli, reflected polynomial 0x82F63B78) of a range of a buffer, slicing by 16 bytes.
 * crc-32's CRC32C (the same algorithm and tables) takes a whole array only, so each of an event file's
 * two checks per record needed a subarray object: half the time of reading a file of scalar events went
 * to those and their collection (bench/ingest/RESULTS.md). This takes the range instead; its test checks
 * it against crc-32 on random data.
 */
const T = new Int32Array(16 * 256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  T[n] = c;
}
// T[256·k + n]: the CRC of byte n followed by k zero bytes.
for (let n = 0; n < 256; n++) {
  let v = T[n]!;
  for (let k = 1; k < 16; k++) {
    v = (v >>> 8) ^ T[v & 0xff]!;
    T[256 * k + n] = v;
  }
}

/** CRC32C of `b[start, end)`, as an unsigned 32-bit number. */
export function crc32c(b: Uint8Array, start: number, end: number): number {
  let c = -1;
  let i = start;
  // 16 bytes a step, the first four folded into the CRC as one word; then 8; then one at a time.
  for (; i + 16 <= end; i += 16) {
    const a = c ^ (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24));
    c =
      T[3840 + (a & 0xff)]! ^
      T[3584 + ((a >>> 8) & 0xff)]! ^
      T[3328 + ((a >>> 16) & 0xff)]! ^
      T[3072 + (a >>> 24)]! ^
      T[2816 + b[i + 4]!]! ^
      T[2560 + b[i + 5]!]! ^
      T[2304 + b[i + 6]!]! ^
      T[2048 + b[i + 7]!]! ^
      T[1792 + b[i + 8]!]! ^
      T[1536 + b[i + 9]!]! ^
      T[1280 + b[i + 10]!]! ^
      T[1024 + b[i + 11]!]! ^
      T[768 + b[i + 12]!]! ^
      T[512 + b[i + 13]!]! ^
      T[256 + b[i + 14]!]! ^
      T[b[i + 15]!]!;
  }
  if (i + 8 <= end) {
    // A record's 8-byte length header is this step alone.
    const a = c ^ (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24));
    c =
      T[1792 + (a & 0xff)]! ^
      T[1536 + ((a >>> 8) & 0xff)]! ^
      T[1280 + ((a >>> 16) & 0xff)]! ^
      T[1024 + (a >>> 24)]! ^
      T[768 + b[i + 4]!]! ^
      T[512 + b[i + 5]!]! ^
      T[256 + b[i + 6]!]! ^
      T[b[i + 7]!]!;
    i += 8;
  }
  for (; i < end; i++) c = (c >>> 8) ^ T[(c ^ b[i]!) & 0xff]!;
  return ~c >>> 0;
}
