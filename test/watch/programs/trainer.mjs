// A stand-in training job for watch's tests: appends CSV lines to a file over time, as a trainer's
// logger does, from a JSON spec: { out, header, lines, perTick, intervalMs, linger, exitCode, pidFile,
// grandchildren, detached, ignoreTerm }.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const pids = [process.pid];
for (let g = 0; g < (spec.grandchildren ?? 0); g++) {
  // Grandchildren in the same process group, as a launcher's workers are; one ignores SIGTERM when asked.
  const code = spec.ignoreTerm
    ? "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"
    : 'setInterval(() => {}, 1000)';
  pids.push(spawn(process.execPath, ['-e', code], { stdio: 'ignore' }).pid);
}
for (let g = 0; g < (spec.detached ?? 0); g++) {
  // Grandchildren that leave the group (setsid), as a daemon or a `setsid` launcher does.
  const daemon = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true });
  daemon.unref();
  pids.push(daemon.pid);
}
if (spec.pidFile) writeFileSync(spec.pidFile, JSON.stringify(pids));
if (spec.ignoreTerm) process.on('SIGTERM', () => {});
if (spec.header !== undefined) writeFileSync(spec.out, `${spec.header}\n`);
const lines = spec.lines ?? [];
let i = 0;
const tick = () => {
  const chunk = lines.slice(i, i + (spec.perTick ?? 1));
  i += chunk.length;
  if (chunk.length) appendFileSync(spec.out, chunk.map((l) => `${l}\n`).join(''));
  if (i < lines.length) setTimeout(tick, spec.intervalMs ?? 10);
  else setTimeout(() => process.exit(spec.exitCode ?? 0), spec.linger ?? 0);
};
tick();
