/**
 * The floor for reading an event file in Node: a plain loop over the TFRecord framing with both CRC32Cs
 * checked (a slicing-by-8 table), and each record's step, tag and simple_value decoded by hand, the tag
 * compared as bytes with the last one seen. Nothing is kept but counts. Prints one JSON line.
 *
 *   node bench/ingest/tensorboard/plain-decoder.mjs FILE
 */
import { readFileSync } from 'node:fs';

const T = new Int32Array(8 * 256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  T[n] = c;
}
for (let n = 0; n < 256; n++)
  for (let k = 1; k < 8; k++) T[256 * k + n] = (T[256 * (k - 1) + n] >>> 8) ^ T[T[256 * (k - 1) + n] & 0xff];
function crc(b, i, end) {
  let c = -1;
  for (; i + 8 <= end; i += 8) {
    const a = c ^ (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24));
    c =
      T[1792 + (a & 0xff)] ^
      T[1536 + ((a >>> 8) & 0xff)] ^
      T[1280 + ((a >>> 16) & 0xff)] ^
      T[1024 + (a >>> 24)] ^
      T[768 + b[i + 4]] ^
      T[512 + b[i + 5]] ^
      T[256 + b[i + 6]] ^
      T[b[i + 7]];
  }
  for (; i < end; i++) c = (c >>> 8) ^ T[(c ^ b[i]) & 0xff];
  return ~c >>> 0;
}
const masked = (c) => ((((c >>> 15) | (c << 17)) >>> 0) + 0xa282ead8) >>> 0;

const cpu = process.cpuUsage();
const b = readFileSync(process.argv[2]);
const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
let at = 0,
  points = 0,
  bad = 0,
  sum = 0,
  tags = 0;
let lastTag = -1,
  lastLen = 0;
while (at + 12 <= b.length) {
  const len = view.getUint32(at, true);
  if (masked(crc(b, at, at + 8)) !== view.getUint32(at + 8, true)) throw new Error(`bad length CRC at ${at}`);
  const s = at + 12,
    e = s + len;
  if (e + 4 > b.length) break;
  if (masked(crc(b, s, e)) !== view.getUint32(e, true)) bad++;
  else {
    // Event: 0x09 wall_time, 0x10 step, 0x2a summary { 0x0a value { 0x0a tag, 0x15 simple_value } }
    let p = s,
      step = 0;
    while (p < e) {
      const key = b[p++];
      if (key === 0x09) p += 8;
      else if (key === 0x10) {
        let sh = 0,
          v;
        do {
          v = b[p++];
          step += (v & 0x7f) * 2 ** sh;
          sh += 7;
        } while (v & 0x80);
      } else if (key === 0x2a) {
        let n = 0,
          sh = 0,
          v;
        do {
          v = b[p++];
          n |= (v & 0x7f) << sh;
          sh += 7;
        } while (v & 0x80);
        const end = p + n;
        while (p < end) {
          p++; // 0x0a value
          const vlen = b[p++],
            vend = p + vlen;
          while (p < vend) {
            const k = b[p++];
            if (k === 0x0a) {
              const tl = b[p++];
              let same = tl === lastLen && lastTag >= 0;
              for (let i = 0; same && i < tl; i++) same = b[lastTag + i] === b[p + i];
              if (!same) tags++;
              lastTag = p;
              lastLen = tl;
              p += tl;
            } else if (k === 0x15) {
              sum += view.getFloat32(p, true) + step * 0;
              points++;
              p += 4;
            } else {
              p = vend;
            }
          }
        }
      } else break;
    }
  }
  at = e + 4;
}
const u = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({ points, bad, tags, sum, cpu_seconds: (u.user + u.system) / 1e6, max_rss_mb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
