/**
 * One metrics file followed as it is written. The file is never read again as a whole: an offset is kept
 * and only the bytes appended since the last look are read; a last line without its line feed waits
 * until the line is complete. A file that does not exist yet is simply looked for again; one truncated
 * or replaced (a smaller size, another inode, other first bytes: a logger that rewrites the file when it
 * learns a new column) is read again from its start, and the listener is told first.
 */
import { CHUNK, MAX_LINE } from '../../ingest/csv/file-window.js';
import { LF } from '../../ingest/csv/line-bytes.js';
import { InputError } from '../../model.js';
import { CsvLines } from './csv-lines.js';
import type { LiveRowListener } from './live-rows.js';
import { OpenFile } from './open-file.js';

/** Bytes at the start of the file remembered to notice it was rewritten under the same inode. */
const HEAD_BYTES = 256;

export class CsvTail {
  private offset = 0;
  private readonly file: OpenFile;
  /** The bytes after the last line feed read: a line still being written. */
  private pending: Buffer = Buffer.alloc(0);
  private head: Buffer = Buffer.alloc(0);
  /** Where the file's first bytes are read again, to compare with `head`. */
  private readonly headNow = Buffer.alloc(HEAD_BYTES);
  private lines: CsvLines;

  constructor(
    readonly path: string,
    private readonly listener: LiveRowListener,
  ) {
    this.lines = new CsvLines(path, listener);
    this.file = new OpenFile(path);
  }

  /** Bytes read so far (for tests and the benchmark: growth is read, not the whole file). */
  get bytesRead(): number {
    return this.offset;
  }

  /** Read what was appended since the last call; false when nothing was (or the file is not there yet). */
  async poll(): Promise<boolean> {
    const look = this.file.look();
    // Not written since the last look (same size, same modification time): nothing to check or read.
    if (!look || look.unchanged) return false;
    if (look.replaced) this.restart('replaced');
    // Written: a rewrite may also have grown the file past the offset, so the first bytes are checked too.
    else if (look.size < this.offset || !this.sameHead()) this.restart('truncated');
    if (look.size <= this.offset) return false;
    await this.readFrom(look.size);
    return true;
  }

  /** Let go of the file (its descriptor is kept open between looks). */
  close(): void {
    this.file.close();
  }

  /** Read `[offset, size)` a chunk at a time, handing the complete lines on. */
  private async readFrom(size: number): Promise<void> {
    while (this.offset < size) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - this.offset));
      const bytesRead = this.file.read(chunk, chunk.length, this.offset);
      if (bytesRead === 0) return;
      if (this.head.length < HEAD_BYTES && this.offset < HEAD_BYTES) {
        this.head = Buffer.concat([this.head, chunk.subarray(0, Math.min(bytesRead, HEAD_BYTES - this.offset))]);
      }
      this.offset += bytesRead;
      await this.consume(chunk.subarray(0, bytesRead));
    }
  }

  private async consume(chunk: Buffer): Promise<void> {
    const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const end = buf.lastIndexOf(LF) + 1;
    this.pending = Buffer.from(buf.subarray(end));
    if (this.pending.length > MAX_LINE) {
      throw new InputError(
        this.path,
        null,
        `no line break in ${MAX_LINE >> 20} MiB: one giant line is not a metrics CSV`,
      );
    }
    if (end > 0) await this.lines.read(buf, end);
  }

  /** Whether the file still starts with the bytes it started with when first read. */
  private sameHead(): boolean {
    const n = this.head.length;
    if (!n) return true;
    return this.file.read(this.headNow, n, 0) === n && this.headNow.subarray(0, n).equals(this.head);
  }

  private restart(why: 'truncated' | 'replaced'): void {
    this.offset = 0;
    this.pending = Buffer.alloc(0);
    this.head = Buffer.alloc(0);
    this.lines = new CsvLines(this.path, this.listener);
    this.listener.restarted(why);
  }
}
