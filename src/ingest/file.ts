/** Opening an input file, with the usual failures turned into one-line InputErrors. */
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { InputError } from '../model.js';

/** Which file a path was when it was checked: device and inode. */
interface FileIdentity {
  dev: number;
  ino: number;
}

/**
 * Paths checked before they are opened (a manifest's metrics files, checked to lie inside the allowed
 * folders), with the file each was when checked. Opening such a path does not follow a symlink in its
 * last part and compares the opened file with the checked one, so a file or folder swapped in between the
 * check and the open is refused rather than read.
 */
export class CheckedFiles {
  private readonly byPath = new Map<string, FileIdentity>();

  add(path: string, file: FileIdentity): void {
    this.byPath.set(path, { dev: file.dev, ino: file.ino });
  }

  get(path: string): FileIdentity | undefined {
    return this.byPath.get(path);
  }
}

export const checkedFiles = new CheckedFiles();

/** The file extensions a run's metrics file has when its name says so (a folder's files are told apart by them). */
export const METRICS_EXT: ReadonlySet<string> = new Set(['.csv', '.tsv', '.json', '.jsonl']);

/**
 * Opened without blocking (O_NONBLOCK): opening a FIFO for reading otherwise waits for a writer for ever.
 * On a regular file the flag changes nothing.
 */
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** What a file that is not a regular file or a directory is, for the refusal; null for those two. */
export function specialKind(stat: Stats): string | null {
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return null;
}

/** Refuse, before any read, an input that is a FIFO, a socket or a device: reading one may never end. */
export function refuseSpecialFile(source: string, stat: Stats): void {
  const kind = specialKind(stat);
  if (kind) throw new InputError(source, null, `is ${kind}, not a regular file; refused before any read`);
}

/**
 * A whole input file as UTF-8 text (config, comment file, manifest, history), refused as InputError when
 * it is a FIFO, socket or device; other failures are thrown as node reports them, for the caller to word.
 */
export async function readRegularText(path: string): Promise<string> {
  const fh = await open(path, constants.O_RDONLY | NONBLOCK);
  try {
    refuseSpecialFile(path, await fh.stat());
    return await fh.readFile('utf8');
  } finally {
    await fh.close();
  }
}

/** Open `source` for reading; a missing file, a directory, a FIFO or device, or no permission is an InputError. */
export async function openFile(source: string): Promise<FileHandle> {
  const checked = checkedFiles.get(source);
  try {
    // O_NOFOLLOW is absent on Windows, where the identity check below still applies.
    const fh = await open(source, constants.O_RDONLY | NONBLOCK | (checked ? (constants.O_NOFOLLOW ?? 0) : 0));
    const stat = await fh.stat();
    if (specialKind(stat)) {
      await fh.close();
      refuseSpecialFile(source, stat);
    }
    if (checked && (stat.dev !== checked.dev || stat.ino !== checked.ino)) {
      await fh.close();
      throw new InputError(source, null, 'is not the file that was checked (replaced since); refused');
    }
    if (stat.isDirectory()) {
      await fh.close();
      throw new InputError(source, null, 'is a directory, not a metrics file');
    }
    return fh;
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new InputError(source, null, 'became a symlink after it was checked; refused');
    if (code === 'ENOENT') throw new InputError(source, null, 'file not found');
    if (code === 'EISDIR') throw new InputError(source, null, 'is a directory, not a metrics file');
    if (code === 'EACCES') throw new InputError(source, null, 'permission denied');
    throw new InputError(source, null, `cannot open: ${(e as Error).message}`);
  }
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export async function readHead(source: string, bytes: number): Promise<Buffer> {
  const fh = await openFile(source);
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

const LF = 0x0a;
const blankByte = (b: number): boolean => b === LF || b === 0x0d || b === 0x20 || b === 0x09;

/**
 * The first `bytes` bytes from the file's first line that is not blank, and how many lines came before it.
 * A rank's file split out of a log of many ranks (split-ranks.ts) holds the other ranks' lines as blank
 * lines, so its first row can come after any number of them; the bytes that decide a file's kind are its
 * first written ones. Linear: the blank run is read once, a chunk at a time.
 */
export async function readHeadAfterBlankLines(
  source: string,
  bytes: number,
): Promise<{ head: Buffer; linesBefore: number }> {
  const fh = await openFile(source);
  try {
    const chunk = Buffer.alloc(64 << 10);
    let linesBefore = 0;
    let lineStart = 0;
    for (let pos = 0; ; ) {
      const { bytesRead } = await fh.read(chunk, 0, chunk.length, pos);
      if (bytesRead === 0) return { head: Buffer.alloc(0), linesBefore };
      let i = 0;
      while (i < bytesRead && blankByte(chunk[i]!)) {
        if (chunk[i] === LF) {
          linesBefore++;
          lineStart = pos + i + 1;
        }
        i++;
      }
      if (i < bytesRead) break;
      pos += bytesRead;
    }
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(head, 0, bytes, lineStart);
    return { head: head.subarray(0, bytesRead), linesBefore };
  } finally {
    await fh.close();
  }
}

/** A whole text file (UTF-8), with openFile's errors; a file over `maxBytes` is refused before it is read. */
export async function readTextFile(source: string, maxBytes = Number.POSITIVE_INFINITY): Promise<string> {
  const fh = await openFile(source);
  try {
    const { size } = await fh.stat();
    if (size > maxBytes)
      throw new InputError(source, null, `${Math.round(size / 2 ** 20)} MiB is too large for a metrics file`);
    return await fh.readFile('utf8');
  } finally {
    await fh.close();
  }
}
