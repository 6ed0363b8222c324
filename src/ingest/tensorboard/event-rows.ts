/**
 * An event file's points as rows in step order, each point written straight into its column: blocks of
 * column arrays (a batch each), a column allocated in a block only once a point of its tag lands there,
 * so a tag first seen late costs nothing before it. A point at the last row's step joins that row (the
 * later write of a cell wins, and is counted when it changes the value); a point at a later step starts a
 * row; one at an earlier step goes into that step's row when there is one (a resumed job writing its
 * steps again) and is refused otherwise, for the caller to read the file as points instead.
 *
 * Held whole (nothing handed on until the end) a START purge is exact: `truncateFrom` drops the rows from
 * its step on. Streamed, `take` hands on the blocks that are full.
 */
import type { Batch } from '../../model.js';

/** A first block's rows: a short run costs little; a long one grows it a few times only. */
const FIRST_ROWS = 4096;

class Block {
  steps: Float64Array;
  cols: (Float64Array | undefined)[] = [];
  /** Per column, rows written an explicit NaN (a later write may have replaced one: checked at the end). */
  nan: (number[] | undefined)[] = [];
  /** Whether any explicit NaN was written (most blocks have none: no lookup then). */
  nanWritten = false;
  length = 0;

  constructor(public capacity: number) {
    this.steps = new Float64Array(capacity);
  }

  /** Room for `capacity` rows: arrays copied into larger ones. */
  resize(capacity: number): void {
    const steps = new Float64Array(capacity);
    steps.set(this.steps.subarray(0, this.length));
    this.steps = steps;
    this.cols = this.cols.map((c) => {
      if (!c) return c;
      const a = new Float64Array(capacity).fill(Number.NaN);
      a.set(c.subarray(0, this.length));
      return a;
    });
    this.capacity = capacity;
  }

  /** Row index of `step`, or -1. */
  rowOf(step: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.steps[mid]! < step) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.length && this.steps[lo] === step ? lo : -1;
  }

  /** Cells of rows `from` on that hold a point (a number or an explicit NaN). */
  pointsFrom(from: number): number {
    let n = 0;
    for (let c = 0; c < this.cols.length; c++) {
      const a = this.cols[c];
      if (!a) continue;
      for (let r = from; r < this.length; r++) if (!Number.isNaN(a[r]!)) n++;
      const nan = this.nan[c];
      if (nan) n += new Set(nan.filter((r) => r >= from && Number.isNaN(a[r]!))).size;
    }
    return n;
  }

  /** Keep the rows before `from`; the cells after them missing again, for rows written there anew. */
  dropFrom(from: number): void {
    for (let c = 0; c < this.cols.length; c++) {
      this.cols[c]?.fill(Number.NaN, from, this.length);
      const nan = this.nan[c];
      if (nan) this.nan[c] = nan.filter((r) => r < from);
    }
    this.length = from;
  }

  toBatch(columns: number): Batch {
    const n = this.length;
    const whole = n === this.capacity;
    const values: Float64Array[] = [];
    let nanTokens: (number[] | undefined)[] | undefined;
    for (let c = 0; c < columns; c++) {
      const a = this.cols[c];
      values.push(a ? (whole ? a : a.slice(0, n)) : new Float64Array(n).fill(Number.NaN));
      const rows = this.nan[c];
      if (!a || !rows) continue;
      const kept = [...new Set(rows)].filter((r) => r < n && Number.isNaN(a[r]!)).sort((x, y) => x - y);
      if (!kept.length) continue;
      nanTokens ??= new Array<number[] | undefined>(columns).fill(undefined);
      nanTokens[c] = kept;
    }
    const batch: Batch = { steps: whole ? this.steps : this.steps.slice(0, n), values };
    if (nanTokens) batch.nanTokens = nanTokens;
    return batch;
  }
}

export class EventRows {
  /** Full blocks, oldest first, not yet handed on. */
  private full: Block[] = [];
  private cur: Block;
  /** The last row's step, or -Infinity before the first. */
  lastStep = Number.NEGATIVE_INFINITY;
  /** Cells allocated: what memory the held rows take, in 8-byte numbers. */
  cells = 0;
  /** Points written again at their step and tag with another value (the later kept). */
  replaced = 0;
  /** By column: whether a batch handed on held a finite value of it. */
  readonly finite: boolean[] = [];

  /** `blockRows`: rows a block holds (a batch); lowered for streaming a table of many columns. */
  constructor(public blockRows: number) {
    this.cur = new Block(Math.min(FIRST_ROWS, blockRows));
  }

  /** Write `value` at `step` in column `col`; false when `step` is before the last row's and has no row. */
  set(step: number, col: number, value: number): boolean {
    if (step !== this.lastStep) {
      if (step > this.lastStep) this.newRow(step);
      else return this.setEarlier(step, col, value);
    }
    this.write(this.cur, this.cur.length - 1, col, value);
    return true;
  }

  /** Drop the rows at `step` and after; the points they held. */
  truncateFrom(step: number): number {
    let dropped = 0;
    const blocks = [...this.full, this.cur];
    while (blocks.length) {
      const b = blocks[blocks.length - 1]!;
      const from = b.length && b.steps[b.length - 1]! >= step ? lowerBound(b, step) : b.length;
      if (from === b.length) break;
      dropped += b.pointsFrom(from);
      b.dropFrom(from);
      if (from > 0) break;
      blocks.pop();
    }
    // The last block with rows left is where rows are added again.
    const last = blocks.pop() ?? new Block(Math.min(FIRST_ROWS, this.blockRows));
    this.full = blocks;
    this.cur = last;
    this.lastStep = last.length ? last.steps[last.length - 1]! : Number.NEGATIVE_INFINITY;
    this.cells = [...this.full, this.cur].reduce((n, b) => n + b.cols.filter(Boolean).length * b.capacity, 0);
    return dropped;
  }

  /** Every point held, in row order: for reading the file as points from here on. */
  *points(): Generator<[step: number, col: number, value: number]> {
    for (const b of [...this.full, this.cur])
      for (let c = 0; c < b.cols.length; c++) {
        const a = b.cols[c];
        if (!a) continue;
        const nan = new Set(b.nan[c]);
        for (let r = 0; r < b.length; r++) if (!Number.isNaN(a[r]!) || nan.has(r)) yield [b.steps[r]!, c, a[r]!];
      }
  }

  /** The full blocks as batches of `columns` columns, handed on and no longer held. */
  take(columns: number): Batch[] {
    const out = this.full.map((b) => this.handOn(b, columns));
    this.full = [];
    return out;
  }

  /** Every block left as batches, handed on one by one and no longer held. */
  *finish(columns: number): Generator<Batch> {
    const blocks = [...this.full, this.cur];
    this.full = [];
    this.cur = new Block(Math.min(FIRST_ROWS, this.blockRows));
    while (blocks.length) {
      const b = blocks.shift()!;
      if (b.length) yield this.handOn(b, columns);
    }
  }

  private handOn(b: Block, columns: number): Batch {
    const batch = b.toBatch(columns);
    batch.values.forEach((v, c) => {
      if (!this.finite[c] && v.some(Number.isFinite)) this.finite[c] = true;
    });
    return batch;
  }

  private newRow(step: number): void {
    let b = this.cur;
    if (b.length === b.capacity) {
      if (b.capacity < this.blockRows) {
        this.cells += b.cols.filter(Boolean).length * (Math.min(b.capacity * 2, this.blockRows) - b.capacity);
        b.resize(Math.min(b.capacity * 2, this.blockRows));
      } else {
        this.full.push(b);
        b = this.cur = new Block(this.blockRows);
      }
    }
    b.steps[b.length++] = step;
    this.lastStep = step;
  }

  private setEarlier(step: number, col: number, value: number): boolean {
    for (const b of [...this.full, this.cur].reverse()) {
      if (!b.length || b.steps[0]! > step) continue;
      const row = b.rowOf(step);
      if (row < 0) return false;
      this.write(b, row, col, value);
      return true;
    }
    return false;
  }

  private write(b: Block, row: number, col: number, value: number): void {
    let a = col < b.cols.length ? b.cols[col] : undefined;
    if (a === undefined) {
      a = new Float64Array(b.capacity).fill(Number.NaN);
      while (b.cols.length < col) b.cols.push(undefined);
      b.cols[col] = a;
      this.cells += b.capacity;
    }
    const old = a[row]!;
    // A value there before, or a NaN the trainer wrote, is a point replaced.
    if (!Number.isNaN(old)) {
      if (old !== value || (old === 0 && 1 / old !== 1 / value)) this.replaced++;
    } else if (b.nanWritten && !Number.isNaN(value) && b.nan[col]?.includes(row)) this.replaced++;
    a[row] = value;
    if (Number.isNaN(value)) {
      b.nanWritten = true;
      while (b.nan.length <= col) b.nan.push(undefined);
      const rows = b.nan[col];
      if (rows) rows.push(row);
      else b.nan[col] = [row];
    }
  }
}

function lowerBound(b: Block, step: number): number {
  let lo = 0;
  let hi = b.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (b.steps[mid]! < step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
