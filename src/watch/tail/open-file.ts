/**
 * The tailed file's descriptor, kept open between looks: a look is one stat of the path, and the file is
 * opened again only when the path names another file (another device or inode) or was not open. The
 * calls are synchronous: they are a stat and a read of a few kilobytes of a local file, cheaper done at
 * once than sent through the thread pool and back as a promise several times a second.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';

/** What a look found at the path. */
export interface FileLook {
  size: number;
  /** Another file than the one read before (another inode or device): read it from its start. */
  replaced: boolean;
  /** Size and modification time as at the last look: nothing was written since. */
  unchanged: boolean;
}

export class OpenFile {
  private fd: number | null = null;
  private identity: { dev: number; ino: number } | null = null;
  private size = -1;
  private mtimeMs = -1;

  constructor(readonly path: string) {}

  /** Stat the path (and open it when needed); null when there is no file there (yet). */
  look(): FileLook | null {
    let st: Stats | undefined = statSync(this.path, { throwIfNoEntry: false });
    if (!st?.isFile()) {
      // Gone (being replaced, perhaps): let go of it, but remember which file it was.
      this.close();
      return null;
    }
    const before = this.identity;
    if (this.fd === null || !sameFile(before, st)) {
      this.close();
      this.fd = openSync(this.path, 'r');
      // The opened file's own stat: the path may have been replaced again between the stat and the open.
      st = fstatSync(this.fd);
    }
    const replaced = before !== null && !sameFile(before, st);
    const unchanged = !replaced && st.size === this.size && st.mtimeMs === this.mtimeMs;
    this.identity = { dev: st.dev, ino: st.ino };
    this.size = st.size;
    this.mtimeMs = st.mtimeMs;
    return { size: st.size, replaced, unchanged };
  }

  /** Read into `buf` from `position`; the number of bytes read (0 at the end of the file). */
  read(buf: Buffer, length: number, position: number): number {
    if (this.fd === null) return 0;
    return readSync(this.fd, buf, 0, length, position);
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}

function sameFile(a: { dev: number; ino: number } | null, b: Stats): boolean {
  return a !== null && a.dev === b.dev && a.ino === b.ino;
}
