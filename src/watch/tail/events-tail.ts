/**
 * One TensorBoard event file followed as it is written, as CsvTail follows a CSV: an offset is kept and
 * only whole records appended since the last look are read (a record still being written waits for its
 * last bytes); a file truncated or replaced is read again from its start. Each event with scalars is a
 * row at its step; a tag seen for the first time widens the columns (the listener's layout), as a CSV
 * logger that learns a new column does.
 */
import { InputError } from '../../model.js';
import { CellKind } from '../../ingest/csv/cell.js';
import { decodeEvent, recordAt } from '../../ingest/index.js';
import type { LiveRowListener } from './live-rows.js';
import { OpenFile } from './open-file.js';

const CHUNK = 1 << 20;
/** A record longer than this is not waited for: it is no scalar event. */
const MAX_PENDING = 256 << 20;

export class EventsTail {
  private offset = 0;
  private readonly file: OpenFile;
  /** The bytes of a record not yet whole. */
  private pending: Buffer = Buffer.alloc(0);
  private readonly tags = new Map<string, number>();
  private values = new Float64Array(0);
  private kinds = new Uint8Array(0);

  constructor(
    readonly path: string,
    private readonly listener: LiveRowListener,
  ) {
    this.file = new OpenFile(path);
  }

  get bytesRead(): number {
    return this.offset;
  }

  async poll(): Promise<boolean> {
    const look = this.file.look();
    if (!look || look.unchanged) return false;
    if (look.replaced || look.size < this.offset) this.restart(look.replaced ? 'replaced' : 'truncated');
    if (look.size <= this.offset) return false;
    while (this.offset < look.size) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, look.size - this.offset));
      const n = this.file.read(chunk, chunk.length, this.offset);
      if (n === 0) break;
      this.offset += n;
      this.consume(chunk.subarray(0, n));
    }
    return true;
  }

  close(): void {
    this.file.close();
  }

  private consume(chunk: Buffer): void {
    const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    const base = this.offset - buf.length;
    for (;;) {
      const r = recordAt(buf, at, buf.length, this.path, base + at);
      if ('need' in r) break;
      if ('data' in r) this.event(r.data);
      at = r.next;
    }
    this.pending = Buffer.from(buf.subarray(at));
    if (this.pending.length > MAX_PENDING)
      throw new InputError(this.path, null, `a record over ${MAX_PENDING >> 20} MiB is not a scalar event`);
  }

  private event(data: Uint8Array): void {
    const event = decodeEvent(data);
    // A record that is not an Event: the report after the run counts it.
    if (!event?.scalars.length) return;
    let widened = false;
    for (const { tag } of event.scalars)
      if (!this.tags.has(tag)) {
        this.tags.set(tag, this.tags.size);
        widened = true;
      }
    if (widened) {
      this.values = new Float64Array(this.tags.size);
      this.kinds = new Uint8Array(this.tags.size);
      this.listener.layout([...this.tags.keys()], 'step');
    }
    this.values.fill(Number.NaN);
    this.kinds.fill(CellKind.Missing);
    for (const { tag, value } of event.scalars) {
      const c = this.tags.get(tag)!;
      this.values[c] = value;
      this.kinds[c] = Number.isNaN(value) ? CellKind.NanToken : CellKind.Number;
    }
    this.listener.row(event.step, this.values, this.kinds);
  }

  private restart(why: 'truncated' | 'replaced'): void {
    this.offset = 0;
    this.pending = Buffer.alloc(0);
    this.tags.clear();
    this.listener.restarted(why);
  }
}
