/**
 * Everything the watched command started, found again at the end: the command's environment carries a
 * cookie of this watch's own (TRAINING_METRICS_GATE_WATCH), which every process it starts inherits, in its
 * process group or not (a `setsid` daemon, a double fork whose parent is long gone). /proc tells each
 * process's environment to its owner. The same device as Jenkins' ProcessTreeKiller.
 *
 * What escapes: a process that clears or rewrites its environment, one owned by another user, and any
 * process where there is no /proc (macOS): there only the process group is signalled.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export const WATCH_COOKIE = 'TRAINING_METRICS_GATE_WATCH';

export function newCookie(): string {
  return randomUUID();
}

/** Pids of the processes (this one left out) whose environment holds `WATCH_COOKIE=cookie`. */
export function processesWithCookie(cookie: string, proc = '/proc'): number[] {
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return [];
  }
  const needle = Buffer.from(`${WATCH_COOKIE}=${cookie}\u0000`);
  const found: number[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const environ = readFileSync(`${proc}/${name}/environ`);
      const at = environ.indexOf(needle);
      // The variable starts the block or follows a NUL: never the tail of another variable's value.
      if (at === 0 || (at > 0 && environ[at - 1] === 0)) found.push(Number(name));
    } catch {
      // gone already, or not ours to read
    }
  }
  return found;
}
