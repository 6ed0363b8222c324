/**
 * TensorBoard event files as a Table: one file, or a run directory of them (a resumed job leaves one per
 * attempt), read in file-name order as TensorBoard's directory loader reads them (the names start with
 * the writer's start time). Every scalar tag becomes a column named as written (`train/loss`,
 * `lr-AdamW`), classified as any column is; the step is the event's. Other summaries (images,
 * histograms, text) are skipped. A file cut inside its last record (a job killed mid-write) is a warning
 * and marks the table truncated, like a cut CSV row; a record whose data fails its CRC, or that is not an
 * Event as the schema says, is skipped and counted; so is an event at a step beyond ±2⁵³.
 *
 * Points are merged as TensorBoard merges them: by tag and step, the later write winning where a step
 * was written twice (a resumed job), and nothing dropped but what a `SessionLog.START` at step S (a
 * writer opened with `purge_step`) purges: the points read before it at S and after, in every file read
 * so far. A step going back is not a purge by itself: Lightning writes its test phase to a second file
 * from step 0, with tags of its own.
 *
 * One pass, each record decoded once, its points written straight into rows held in memory
 * (event-rows.ts), where a purge is exact. Held rows cost 8 bytes a cell: past MAX_HELD_CELLS (a file of
 * some 400 MiB of scalar events) the rows are handed on as they fill instead, in bounded memory, after one
 * look at the rest of the files for their tags, their step order and where they purge (the columns must
 * be known before the first batch). Points that go back to a step with no row of its own (a resumed run
 * logging at other steps, overlapping files) make the run read as points instead (step-map.ts), each
 * placed at its own step, every point held.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Batch, InputError, type Table } from '../../model.js';
import { type StepColumn, StepMap } from '../step-map.js';
import { Decoded, EventDecoder } from './event-decoder.js';
import { EventRows } from './event-rows.js';
import { TagTable } from './tag-table.js';
import { type RecordWalk, type WalkFrom, walkChunks, walkRecords } from './tfrecord.js';

const EVENT_FILE = /^events\.out\.tfevents\./;
const DEFAULT_BATCH = 65_536;
/** Cells (8 bytes each) held before the rows are streamed instead: 64 MiB. */
export const MAX_HELD_CELLS = 8 << 20;
/** Cells of a block while streaming: 16 MiB. */
const STREAMED_BLOCK_CELLS = 2 << 20;

/** The event files of a run directory, in the order TensorBoard reads them; [] when there are none. */
export async function eventFilesIn(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => EVENT_FILE.test(n)).sort();
  return names.map((n) => join(dir, n));
}

export interface EventsTableOptions {
  /** Rows per batch (default 65,536). */
  batchSize?: number;
  /** Told how many bytes each read adds, for progress. */
  onBytes?: (bytes: number) => void;
  /** Told of bytes to be read again (the rest of a run past the held limit is looked at first). */
  onMoreBytes?: (bytes: number) => void;
  /** Cells held before streaming (tests set it low). */
  maxHeldCells?: number;
}

/** Where in the input a record is: the file (index in the list) and the record's place in it. */
interface Position {
  file: number;
  from: WalkFrom;
}

/** Per file: what its reading skipped, for one warning each. */
interface FileAccount {
  corrupt: number;
  truncated: boolean;
  malformed: number;
  firstMalformed: number;
  unsafe: number;
  firstUnsafe: string;
}

export async function openEventsTable(path: string, options: EventsTableOptions = {}): Promise<Table> {
  const isDir = (await stat(path)).isDirectory();
  const files = isDir ? await eventFilesIn(path) : [path];
  if (!files.length)
    throw new InputError(path, null, 'is a directory with no TensorBoard event file (events.out.tfevents.*)');
  const reader = new EventsReader(path, files, isDir, options);
  return reader.open();
}

class EventsReader {
  private readonly tags = new TagTable();
  private readonly decoder = new EventDecoder();
  private readonly batchSize: number;
  private readonly maxCells: number;
  private readonly accounts: FileAccount[];
  private rows: EventRows;
  /** Set once a point went back to a step with no row: every point from then on. */
  private points: StepMap | null = null;
  private purged = 0;
  private file = 0;

  constructor(
    private readonly source: string,
    private readonly files: string[],
    private readonly isDir: boolean,
    private readonly options: EventsTableOptions,
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.maxCells = options.maxHeldCells ?? MAX_HELD_CELLS;
    this.rows = new EventRows(this.batchSize);
    this.accounts = files.map(() => ({
      corrupt: 0,
      truncated: false,
      malformed: 0,
      firstMalformed: 0,
      unsafe: 0,
      firstUnsafe: '',
    }));
  }

  async open(): Promise<Table> {
    const stopped = await this.readHeld();
    if (stopped && !this.points) {
      const sizes = await Promise.all(this.files.map(async (f) => (await stat(f)).size));
      const left = sizes.slice(stopped.file).reduce((n, s) => n + s, 0) - stopped.from.offset;
      this.options.onMoreBytes?.(left);
      const rest = await this.lookAhead(stopped);
      if (rest) return this.streamedTable(stopped, rest);
      // The rest goes back in steps: the whole run is read again as points.
      this.options.onMoreBytes?.(sizes.reduce((n, s) => n + s, 0));
      this.reset();
      this.points = new StepMap(this.source);
      await this.readHeld();
    }
    if (!this.tags.size) throw new InputError(this.source, null, 'TensorBoard events with no scalar summary');
    return this.points ? this.pointsTable(this.points) : this.heldTable();
  }

  /** The first pass: every record into the held rows (or the points); where it stopped when they grew too large. */
  private async readHeld(): Promise<Position | null> {
    for (this.file = 0; this.file < this.files.length; this.file++) {
      const walk = await walkRecords(this.files[this.file]!, this.onHeld, undefined, this.options.onBytes);
      this.account(walk);
      if (walk.stoppedAt) return { file: this.file, from: walk.stoppedAt };
    }
    return null;
  }

  private readonly onHeld = (buf: Uint8Array, start: number, end: number, index: number): boolean => {
    const d = this.decoder;
    if (!this.decoded(d.decode(buf, start, end), index)) return true;
    if (d.start) {
      if (this.points) this.points.purgeFrom(d.step);
      else this.purged += this.rows.truncateFrom(d.step);
    }
    if (d.count === 0) return true;
    const step = d.step;
    for (let i = 0; i < d.count; i++) {
      const col = this.tags.intern(buf, d.tagStart[i]!, d.tagEnd[i]!);
      if (this.points) this.pointColumns(col).addNumber(step, d.values[i]!);
      else if (!this.rows.set(step, col, d.values[i]!)) {
        this.toPoints();
        this.pointColumns(col).addNumber(step, d.values[i]!);
      }
    }
    return this.points !== null || this.rows.cells <= this.maxCells;
  };

  /** Whether a record decoded as an event to read; counted in its file's account when not. */
  private decoded(result: Decoded, index: number): boolean {
    if (result === Decoded.Ok) return true;
    const a = this.accounts[this.file]!;
    if (result === Decoded.Malformed) {
      if (a.malformed++ === 0) a.firstMalformed = index;
    } else if (a.unsafe++ === 0) a.firstUnsafe = `record ${index}: step ${this.decoder.stepText}`;
    return false;
  }

  /** The points' columns by tag index. */
  private columns: StepColumn[] = [];

  private pointColumns(col: number): StepColumn {
    let c = this.columns[col];
    if (!c) {
      c = this.points!.column(this.tags.names[col]!);
      this.columns[col] = c;
    }
    return c;
  }

  /** From held rows to points: every point held so far moves over. */
  private toPoints(): void {
    this.points = new StepMap(this.source);
    for (const [step, col, value] of this.rows.points()) this.pointColumns(col).addNumber(step, value);
    this.carriedReplaced = this.rows.replaced;
    this.rows = new EventRows(this.batchSize);
  }

  private carriedReplaced = 0;

  private reset(): void {
    this.rows = new EventRows(this.batchSize);
    this.columns = [];
    this.purged = 0;
    this.carriedReplaced = 0;
    for (const a of this.accounts) Object.assign(a, { corrupt: 0, truncated: false, malformed: 0, unsafe: 0 });
  }

  private account(walk: RecordWalk): void {
    const a = this.accounts[this.file]!;
    a.corrupt += walk.corrupt;
    a.truncated ||= walk.truncated;
  }

  /**
   * One look at the records from `from` on: their tags (columns from the start), whether their points
   * keep step order once purges are applied, and where the purges are (record ordinal, step). Null when
   * a point would go back to an earlier step.
   */
  private async lookAhead(from: Position): Promise<{ starts: number[]; steps: number[] } | null> {
    let last = this.rows.lastStep;
    let ordinal = 0;
    let ordered = true;
    const starts: number[] = [];
    const steps: number[] = [];
    const d = this.decoder;
    const onRecord = (buf: Uint8Array, start: number, end: number): boolean => {
      ordinal++;
      if (d.decode(buf, start, end) !== Decoded.Ok) return true;
      if (d.start) {
        starts.push(ordinal);
        steps.push(d.step);
        // Points before the START at its step and after are dropped: those after it need only not go below it.
        last = Math.min(last, d.step);
      }
      if (d.count === 0) return true;
      if (d.step < last) {
        ordered = false;
        return false;
      }
      last = d.step;
      for (let i = 0; i < d.count; i++) this.tags.intern(buf, d.tagStart[i]!, d.tagEnd[i]!);
      return true;
    };
    for (let f = from.file; f < this.files.length && ordered; f++)
      await walkRecords(this.files[f]!, onRecord, f === from.file ? from.from : undefined, this.options.onBytes);
    return ordered ? { starts, steps } : null;
  }

  /** Held rows first, then the rest of the records streamed, each point dropped that a later START purges. */
  private streamedTable(from: Position, rest: { starts: number[]; steps: number[] }): Table {
    // The purge floor after each START: the lowest step of it and every START after it.
    const floor = rest.steps.slice();
    for (let i = floor.length - 2; i >= 0; i--) floor[i] = Math.min(floor[i]!, floor[i + 1]!);
    if (floor.length) this.purged += this.rows.truncateFrom(floor[0]!);
    const warnings: string[] = [];
    const truncated = { value: false };
    const columns = this.tags.names.slice();
    const self = this;
    return {
      source: this.source,
      columns,
      stepColumn: 'step',
      warnings,
      truncated,
      batches: (async function* (): AsyncGenerator<Batch> {
        const rows = self.rows;
        // Streamed, a block is what memory holds besides a chunk: many columns (tags) make it fewer rows.
        rows.blockRows = Math.min(self.batchSize, Math.max(256, Math.floor(STREAMED_BLOCK_CELLS / columns.length)));
        yield* rows.take(columns.length);
        let ordinal = 0;
        let next = 0; // the first START after the current record
        const d = self.decoder;
        const onRecord = (buf: Uint8Array, start: number, end: number, index: number): boolean => {
          ordinal++;
          while (next < rest.starts.length && rest.starts[next]! <= ordinal) next++;
          if (!self.decoded(d.decode(buf, start, end), index) || d.count === 0) return true;
          if (next < floor.length && d.step >= floor[next]!) {
            self.purged += d.count;
            return true;
          }
          for (let i = 0; i < d.count; i++) {
            const col = self.tags.find(buf, d.tagStart[i]!, d.tagEnd[i]!);
            if (!rows.set(d.step, col, d.values[i]!))
              throw new Error('event rows out of step order after the look ahead');
          }
          return true;
        };
        for (self.file = from.file; self.file < self.files.length; self.file++) {
          const at = self.file === from.file ? from.from : undefined;
          const chunks = walkChunks(self.files[self.file]!, onRecord, at, self.options.onBytes);
          for (let r = await chunks.next(); ; r = await chunks.next()) {
            yield* rows.take(columns.length);
            if (r.done) {
              self.account(r.value);
              break;
            }
          }
        }
        yield* rows.finish(columns.length);
        warnings.push(...self.findings(rows.replaced), ...self.emptyColumns(columns, rows));
        truncated.value = self.accounts.some((a) => a.truncated);
      })(),
    };
  }

  private heldTable(): Table {
    const columns = this.tags.names.slice();
    const warnings = this.findings(this.rows.replaced);
    const truncated = { value: this.accounts.some((a) => a.truncated) };
    const rows = this.rows;
    const self = this;
    return {
      source: this.source,
      columns,
      stepColumn: 'step',
      warnings,
      truncated,
      batches: (async function* () {
        yield* rows.finish(columns.length);
        warnings.push(...self.emptyColumns(columns, rows));
      })(),
    };
  }

  /** Once every batch is handed on: the columns without a finite value, said as the points table says them. */
  private emptyColumns(columns: string[], rows: EventRows): string[] {
    const empty = columns.filter((_, c) => !rows.finite[c]);
    if (empty.length === columns.length) throw new InputError(this.source, null, 'no metric has a finite value');
    return empty.length
      ? [`column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`]
      : [];
  }

  private pointsTable(points: StepMap): Table {
    const found = this.findings(this.carriedReplaced + points.replaced);
    const table = points.toTable('step', this.batchSize, found);
    if (this.accounts.some((a) => a.truncated)) table.truncated.value = true;
    return table;
  }

  /** The warnings of the reading: per file what was skipped, then the run's replaced and purged points. */
  private findings(replaced: number): string[] {
    const out: string[] = [];
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    this.files.forEach((file, i) => {
      const a = this.accounts[i]!;
      const name = this.isDir ? file.slice(this.source.length).replace(/^[/\\]/, '') : file;
      if (a.corrupt)
        out.push(`${name}: ${plural(a.corrupt, 'record', 'records')} failed their CRC32C and were left out`);
      if (a.malformed)
        out.push(
          `${name}: ${plural(a.malformed, 'record is', 'records are')} not a TensorBoard Event (a field of the wrong type or length; the first: record ${a.firstMalformed}) and left out`,
        );
      if (a.unsafe)
        out.push(
          `${name}: ${plural(a.unsafe, 'event', 'events')} at a step beyond ±2^53, where steps are no longer whole numbers, left out (the first: ${a.firstUnsafe})`,
        );
      if (a.truncated)
        out.push(`${name}: the file ends inside its last record (a job stopped mid-write); the record is left out`);
    });
    if (replaced)
      out.push(
        `${replaced} point${replaced === 1 ? '' : 's'} written again at their step with another value (a resumed job): the later write is kept`,
      );
    const purged = this.purged + (this.points?.purged ?? 0);
    if (purged)
      out.push(
        `${purged} point${purged === 1 ? '' : 's'} purged by a SessionLog START (a writer opened with purge_step), as TensorBoard purges them`,
      );
    return out;
  }
}
