/**
 * How every file the tool writes is written (reports, `--json`, the comment file, a history export, the
 * site's pages and the JSON history): to a temporary name in the same folder, then renamed over the name,
 * so a reader, or a run killed half way, finds the old file whole or the new one whole, never part of one.
 *
 * Never through a symlink. The temporary file is created exclusively and without following links
 * (O_CREAT | O_EXCL | O_NOFOLLOW), so nothing planted at its name is written; a symlink at the name itself
 * is replaced by the file, as rename replaces a name, and the file it pointed to is left as it was
 * (`replacedLink` says so, for the caller's warning). A folder or a special file at the name is refused.
 * A regular file's permission bits are kept.
 */
import { constants } from 'node:fs';
import { chmod, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface WriteOptions {
  /**
   * Flush the file to the disk before the rename (default true): a power cut then leaves the old file
   * or the new one too. A process killed needs no flush, as the kernel holds what was written.
   */
  sync?: boolean;
}

export interface WriteResult {
  /** The name was a symlink, now replaced by the file; what it pointed to is untouched. */
  replacedLink: boolean;
}

/** A temporary file's name beside `path`: hidden, random, short enough for any file name it stands beside. */
export function temporaryName(path: string): string {
  const random = Math.random().toString(36).slice(2, 10);
  return join(dirname(path), `.${basename(path).slice(0, 80)}.${process.pid}.${random}.tmp`);
}

/**
 * Whether `name` is a temporary file temporaryName made for `file` whose writer is gone (a killed build's
 * leftover), so it can be removed; one of a writer still running is not.
 */
export function isLeftoverOf(name: string, file: string): boolean {
  const prefix = `.${file.slice(0, 80)}.`;
  const m = name.startsWith(prefix) ? /^(\d+)\.[0-9a-z]+\.tmp$/.exec(name.slice(prefix.length)) : null;
  if (!m) return false;
  const pid = Number(m[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // EPERM: the process exists under another user.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function refused(path: string, what: string, code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${path} is ${what}, not a file: not replaced`), { code });
}

export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const existing = await lstat(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (existing?.isDirectory()) throw refused(path, 'a directory', 'EISDIR');
  if (existing && !existing.isFile() && !existing.isSymbolicLink()) throw refused(path, 'a special file', 'ENOTREG');
  const temp = temporaryName(path);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await open(temp, flags, 0o666);
  try {
    try {
      await handle.writeFile(data);
      if (options.sync ?? true) await handle.sync();
    } finally {
      await handle.close();
    }
    if (existing?.isFile()) await chmod(temp, existing.mode & 0o7777);
    await rename(temp, path);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
  return { replacedLink: existing?.isSymbolicLink() ?? false };
}

/** The warning a caller gives when writeFileAtomic replaced a symlink. */
export function replacedLinkWarning(path: string): string {
  return `${path} was a symbolic link: replaced by the file written; the file it pointed to was not written`;
}
