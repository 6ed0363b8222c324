// The command a fuzzed `watch` runs: it writes the case file again in chunks while watch tails it, as a
// trainer's logger does. First it truncates the file, replaces it with a new one under the same name, or
// leaves it (the rows then arrive a second time, as a resumed run logs its steps again). Chunk sizes,
// pauses and the mode come from a hash of the bytes, so a case does the same thing every time.
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
const bytes = readFileSync(file);
let h = 2166136261;
for (let i = 0; i < bytes.length; i += Math.max(1, bytes.length >> 12)) h = Math.imul(h ^ bytes[i], 16777619);
const rnd = () => {
  h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
  h >>>= 0;
  return (h % 10007) / 10007;
};
const mode = ['truncate', 'replace', 'again'][Math.floor(rnd() * 3)];
if (mode === 'truncate') writeFileSync(file, '');
if (mode === 'replace') {
  writeFileSync(`${file}.new`, '');
  renameSync(`${file}.new`, file);
}
const chunks = 1 + Math.floor(rnd() * 24);
const cuts = Array.from({ length: chunks - 1 }, () => Math.floor(rnd() * bytes.length)).sort((a, b) => a - b);
const ends = [...cuts, bytes.length];
let at = 0;
const step = () => {
  const end = ends.shift();
  if (end === undefined) return;
  appendFileSync(file, bytes.subarray(at, end));
  at = end;
  setTimeout(step, Math.floor(rnd() * 6));
};
step();
