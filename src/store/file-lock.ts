/**
 * An exclusive lock beside a file, for writers on one machine: `<file>.lock`, holding the owner's host,
 * pid and a random token. It is written whole to a file of its own first and then linked into place
 * (link fails when the lock exists), so a lock is never seen half-written: a writer killed while taking
 * it leaves no empty lock that would block every later writer. A lock whose owner is gone (same host,
 * process not alive), one that cannot be read for longer than a writer takes to write it (left by an
 * older version), or one older than `staleMs` (a hung or remote owner) is broken: renamed aside first, so
 * two processes breaking the same stale lock cannot remove each other's fresh one.
 */
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';

export interface LockOptions {
  /** Give up after this long (ms). */
  timeoutMs?: number;
  /** A lock older than this is taken as abandoned (ms). */
  staleMs?: number;
}

interface LockContent {
  host: string;
  pid: number;
  token: string;
}

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

/** Run `work` holding the lock on `path`; the lock is released (if still ours) whatever `work` does. */
export async function withFileLock<T>(path: string, work: () => Promise<T>, o: LockOptions = {}): Promise<T> {
  const lock = `${path}.lock`;
  const mine: LockContent = { host: hostname(), pid: process.pid, token: randomBytes(8).toString('hex') };
  await acquire(lock, mine, o.timeoutMs ?? 60_000, o.staleMs ?? 10 * 60_000);
  try {
    return await work();
  } finally {
    await release(lock, mine);
  }
}

async function acquire(lock: string, mine: LockContent, timeoutMs: number, staleMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    if (await create(lock, mine)) return;
    if (await isStale(lock, staleMs)) {
      await breakLock(lock, staleMs);
      continue;
    }
    if (Date.now() > deadline)
      throw new LockTimeoutError(`${lock} is held by another writer (remove it if no writer is running)`);
    await sleep(Math.min(200, 5 * attempt) * (0.5 + Math.random()));
  }
}

/** Take the lock: its content written whole beside it, then linked into place; false when it is held. */
async function create(lock: string, mine: LockContent): Promise<boolean> {
  const whole = `${lock}.${mine.token}.new`;
  const handle = await open(whole, 'wx');
  try {
    await handle.writeFile(JSON.stringify(mine));
  } finally {
    await handle.close();
  }
  try {
    await link(whole, lock);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return false;
  } finally {
    await unlink(whole).catch(() => undefined);
  }
}

/** An unreadable lock older than this was left half-written (by a version that wrote it in place). */
const UNREADABLE_STALE_MS = 5_000;

async function isStale(lock: string, staleMs: number): Promise<boolean> {
  const owner = await readLock(lock);
  if (owner === 'gone') return false; // released meanwhile: just try again
  if (owner && owner.host === hostname() && !alive(owner.pid)) return true;
  try {
    const age = Date.now() - (await stat(lock)).mtimeMs;
    return age > staleMs || (owner === null && age > UNREADABLE_STALE_MS);
  } catch {
    return false;
  }
}

/** Move the stale lock aside and check it is still a stale one; a fresh lock moved by mistake goes back. */
async function breakLock(lock: string, staleMs: number): Promise<void> {
  const aside = `${lock}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(lock, aside);
  } catch {
    return; // someone else broke or released it
  }
  if (!(await isStale(aside, staleMs))) {
    // Another breaker won and a live writer's lock was moved: put it back unless a newer one exists.
    await link(aside, lock).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

async function release(lock: string, mine: LockContent): Promise<void> {
  const owner = await readLock(lock);
  if (owner && owner !== 'gone' && owner.token === mine.token) await unlink(lock).catch(() => undefined);
}

/** The lock's owner; null when unreadable (being written), 'gone' when there is no lock. */
async function readLock(lock: string): Promise<LockContent | null | 'gone'> {
  try {
    const data = JSON.parse(await readFile(lock, 'utf8')) as Partial<LockContent>;
    return typeof data.pid === 'number' && typeof data.host === 'string' && typeof data.token === 'string'
      ? (data as LockContent)
      : null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, owned by someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
