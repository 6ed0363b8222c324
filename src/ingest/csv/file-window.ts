/**
 * The part of a file held in memory while it is read: one buffer that is refilled in place as lines are
 * consumed, so a file of any size is read in the memory of its longest line.
 */
import type { FileHandle } from 'node:fs/promises';
import { InputError } from '../../model.js';
import { openFile } from '../file.js';

/** Bytes read at a time. */
export const CHUNK = 1 << 20;
/** The longest line accepted; a file with no line break in its first MAX_LINE bytes is not a metrics CSV. */
export const MAX_LINE = 8 << 20;

export class FileWindow {
  buf: Buffer = Buffer.allocUnsafe(CHUNK);
  /** Bytes of `buf` that hold file content. */
  filled = 0;
  /** File offset of the byte after `buf[filled - 1]`. */
  fileOffset = 0;
  eof = false;
  private fh: FileHandle | null = null;

  constructor(
    readonly source: string,
    /** Told how many bytes each read adds, for progress. */
    private readonly onBytes?: (bytes: number) => void,
  ) {}

  /**
   * The file is open only while it is being read: the header is read up front, the rows when the batches
   * are drained, and a table that is never drained holds no file handle.
   */
  async open(): Promise<void> {
    this.fh = await openFile(this.source);
  }

  async close(): Promise<void> {
    const fh = this.fh;
    this.fh = null;
    await fh?.close();
  }

  /** Read until the buffer is full or the file ends. */
  async fill(): Promise<void> {
    while (!this.eof && this.filled < this.buf.length) {
      const { bytesRead } = await this.handle().read(
        this.buf,
        this.filled,
        this.buf.length - this.filled,
        this.fileOffset,
      );
      if (bytesRead === 0) this.eof = true;
      this.onBytes?.(bytesRead);
      this.filled += bytesRead;
      this.fileOffset += bytesRead;
    }
  }

  /**
   * Drop the consumed bytes before `from`; grow the buffer when it is full of one unfinished line (`line`
   * is that line's number, for the error when it outgrows MAX_LINE).
   */
  compact(from: number, line: number): void {
    this.buf.copyWithin(0, from, this.filled);
    this.filled -= from;
    if (this.filled < this.buf.length) return;
    if (this.buf.length >= MAX_LINE) {
      throw new InputError(
        this.source,
        line,
        `no line break in ${MAX_LINE >> 20} MiB: one giant line is not a metrics CSV`,
      );
    }
    const bigger = Buffer.allocUnsafe(this.buf.length * 2);
    this.buf.copy(bigger, 0, 0, this.filled);
    this.buf = bigger;
  }

  /**
   * The next bytes after the window, in a buffer of their own (the consumer may keep them), or null at
   * the end of the file.
   */
  async readAhead(): Promise<Buffer | null> {
    if (this.eof || !this.fh) return null;
    const chunk = Buffer.allocUnsafe(CHUNK);
    const { bytesRead } = await this.fh.read(chunk, 0, CHUNK, this.fileOffset);
    if (bytesRead === 0) {
      this.eof = true;
      return null;
    }
    this.fileOffset += bytesRead;
    this.onBytes?.(bytesRead);
    return chunk.subarray(0, bytesRead);
  }

  private handle(): FileHandle {
    if (!this.fh) throw new Error(`${this.source}: read before open`);
    return this.fh;
  }
}
