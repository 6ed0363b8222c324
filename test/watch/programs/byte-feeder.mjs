/**
 * A trainer stand-in that writes a real file's bytes into OUT a few at a time, as a logger flushing its
 * buffer does, cut at arbitrary places (inside records): spec {from, out, chunk, intervalMs, linger}.
 * With `linger` it stays alive once all is written (a job still training) until it is stopped, at most
 * 120 s, so that the watcher's reaction never races the end of the file.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = readFileSync(spec.from);
writeFileSync(spec.out, '');
let at = 0;
const timer = setInterval(() => {
  if (at >= bytes.length) {
    clearInterval(timer);
    if (spec.linger) setTimeout(() => process.exit(0), 120_000);
    return;
  }
  appendFileSync(spec.out, bytes.subarray(at, at + spec.chunk));
  at += spec.chunk;
}, spec.intervalMs);
