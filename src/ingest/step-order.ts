/**
 * Turns rows as they arrive into column-major batches in step order, resolving restarts in the stream.
 *
 * A training job restarted from a checkpoint logs again from the checkpoint's step, so its file shows a
 * step go backwards. The later attempt wins: the rows it supersedes (steps ≥ the step it resumed at) are
 * dropped. A row with the same step as the row before it is merged into that row (later non-empty cells
 * win), which is how sparse loggers such as Lightning's CSVLogger write train and validation values of
 * one step on two rows.
 *
 * Not every step that goes back is a restart. Lightning's CSVLogger writes values logged per batch during
 * validation (`val_loss_step`) on a step counter of their own, which starts again at 0 each validation:
 * rows that hold only such columns, none of which the rows a restart would replace hold, count their own
 * steps. Those rows are left out with a warning (the training's rows stay), and so is every later row that
 * holds only those columns; a real restart logs again what the replaced rows logged.
 *
 * Memory stays bounded: rows are held back in at most two blocks of `blockRows` rows, so a restart can
 * reach back at least `blockRows` rows. A restart that reaches further back than the held rows cannot
 * retract rows already handed on: those steps keep their first occurrence, the new attempt's rows up to
 * the last step handed on are dropped, and a warning says so.
 */
import type { Batch } from '../model.js';
import { CellKind } from './csv/cell.js';

class Block {
  readonly steps: Float64Array;
  readonly values: Float64Array[];
  readonly nanTokens: (number[] | undefined)[];
  length = 0;

  constructor(
    columns: number,
    readonly capacity: number,
  ) {
    this.steps = new Float64Array(capacity);
    this.values = Array.from({ length: columns }, () => new Float64Array(capacity));
    this.nanTokens = new Array<number[] | undefined>(columns).fill(undefined);
  }

  /** Note that row `row` of column `column` holds an explicit nan token. */
  markNanToken(column: number, row: number): void {
    const rows = this.nanTokens[column];
    if (rows) rows.push(row);
    else this.nanTokens[column] = [row];
  }

  /** Keep the first `n` rows. */
  truncate(n: number): void {
    this.length = n;
    for (let c = 0; c < this.nanTokens.length; c++) {
      const rows = this.nanTokens[c];
      if (!rows) continue;
      while (rows.length && rows[rows.length - 1]! >= n) rows.pop();
      if (!rows.length) this.nanTokens[c] = undefined;
    }
  }

  /** Number of leading rows whose step is below `step` (steps within a block increase strictly). */
  rowsBelow(step: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.steps[mid]! < step) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  toBatch(): Batch {
    const n = this.length;
    const full = n === this.capacity;
    const batch: Batch = {
      steps: full ? this.steps : this.steps.slice(0, n),
      values: this.values.map((v) => (full ? v : v.slice(0, n))),
    };
    if (this.nanTokens.some((rows) => rows !== undefined)) batch.nanTokens = this.nanTokens;
    return batch;
  }
}

/** Where restarts were seen, for one warning at the end. */
interface RestartLog {
  count: number;
  examples: string[];
  superseded: number;
  keptFirst: number;
  keptFirstExample: string | null;
}

export class StepOrderedRows {
  /** Scratch row the parsers fill before `commit`: a value and a CellKind per metric column. */
  readonly values: Float64Array;
  readonly kinds: Uint8Array;
  /** The full block before `current`, still within restart reach; length 0 when there is none. */
  private held: Block;
  private current: Block;
  private ready: Block[] = [];
  /** Highest step in a block out of restart reach (ready or taken), or -Infinity. */
  private lastTaken = -Infinity;
  private readonly restarts: RestartLog = {
    count: 0,
    examples: [],
    superseded: 0,
    keptFirst: 0,
    keptFirstExample: null,
  };
  private badSteps = 0;
  private firstBadStepLine = 0;
  /** Columns on a step counter of their own (see above), and the rows of theirs left out. */
  private readonly ownCounter = new Set<number>();
  private ownCounterRows = 0;
  private ownCounterFirstLine = 0;
  private hugeSteps = 0;
  private firstHugeStep = '';
  /** Cells given two different numbers at one step: how many, and the first. */
  private conflicts = 0;
  private firstConflict: { column: number; step: number; kept: number; earlier: number; line: number } | null = null;

  constructor(
    private readonly columns: number,
    private readonly blockRows: number,
    /** What a position in the input is called in warnings: `line` for text, `record` for event files. */
    private readonly at: 'line' | 'record' = 'line',
    /**
     * The columns' names, for warnings; given by a reader of rows that hold several columns each (a
     * CSV), where a column may count its own steps. An event file's records hold one value each.
     */
    private readonly names?: readonly string[],
  ) {
    this.values = new Float64Array(columns);
    this.kinds = new Uint8Array(columns);
    this.current = new Block(columns, blockRows);
    // An empty block rather than null keeps the field's type fixed for the optimiser.
    this.held = new Block(columns, 0);
  }

  /** Clear the scratch row (all cells missing). */
  clearRow(): void {
    this.values.fill(NaN);
    this.kinds.fill(CellKind.Missing);
  }

  /** Add the scratch row at `step`; `line` is its line in the file, for warnings. */
  commit(step: number, line: number): void {
    if (Number.isNaN(step)) {
      if (this.badSteps++ === 0) this.firstBadStepLine = line;
      return;
    }
    if (!(Math.abs(step) <= Number.MAX_SAFE_INTEGER)) {
      if (this.hugeSteps++ === 0) this.firstHugeStep = `${this.at} ${line}: ${step}`;
      return;
    }
    // The last row held: in the current block, else at the end of the held one (no object per row).
    const block = this.current.length ? this.current : this.held;
    const row = block.length - 1;
    if (row >= 0 && step === block.steps[row]) {
      this.merge(block, row, line);
      return;
    }
    const lastStep = row >= 0 ? block.steps[row]! : this.lastTaken;
    if (this.onOwnCounter(step, lastStep)) {
      if (this.ownCounterRows++ === 0) this.ownCounterFirstLine = line;
      return;
    }
    if (step <= lastStep) this.restart(step, lastStep, line);
    if (step <= this.lastTaken) {
      this.restarts.keptFirst++;
      return;
    }
    this.append(step);
  }

  /** Blocks complete and out of restart reach, as batches. */
  take(): Batch[] {
    const out = this.ready.map((b) => b.toBatch());
    this.ready = [];
    return out;
  }

  /** Everything left, once the input has ended. */
  finish(): Batch[] {
    this.pass(this.held);
    this.pass(this.current);
    this.held = new Block(this.columns, 0);
    this.current = new Block(this.columns, 1);
    return this.take();
  }

  /**
   * Non-fatal findings so far, one line each. `names` are the columns' names and `source` the file, for
   * the warning about a step logged twice (without them it says the column's number).
   */
  warnings(names: readonly string[] = [], source = ''): string[] {
    const out: string[] = [];
    const r = this.restarts;
    if (r.count) {
      out.push(
        `${r.count} restart${r.count === 1 ? '' : 's'} (step went back): ${r.examples.join('; ')}${r.count > r.examples.length ? '; …' : ''}` +
          ` — ${r.superseded} earlier row${r.superseded === 1 ? '' : 's'} replaced by the later attempt`,
      );
    }
    if (r.keptFirst) {
      out.push(
        `${r.keptFirst} row${r.keptFirst === 1 ? '' : 's'} of a restart reached back past the ${this.blockRows} rows held for restarts (${r.keptFirstExample}); those steps keep their first occurrence`,
      );
    }
    if (this.ownCounterRows) {
      const names = [...this.ownCounter].map((c) => JSON.stringify(this.names?.[c] ?? `column ${c + 1}`)).join(', ');
      out.push(
        `${names}: logged on a step counter of their own (the step went back on rows that hold only them, first at ${this.at} ${this.ownCounterFirstLine}, as Lightning writes values of each validation batch): their ${this.ownCounterRows} row${this.ownCounterRows === 1 ? '' : 's'} left out, the other columns' steps kept`,
      );
    }
    if (this.badSteps) {
      out.push(
        `${this.badSteps} row${this.badSteps === 1 ? '' : 's'} without a numeric step skipped (first at ${this.at} ${this.firstBadStepLine})`,
      );
    }
    if (this.hugeSteps) {
      out.push(
        `${this.hugeSteps} row${this.hugeSteps === 1 ? '' : 's'} with a step beyond ±${Number.MAX_SAFE_INTEGER} (2^53 − 1, past which steps are no longer exact) skipped (first at ${this.firstHugeStep})`,
      );
    }
    const c = this.firstConflict;
    if (c) {
      const name = names[c.column] ?? `column ${c.column + 1}`;
      const more = this.conflicts > 1 ? `; ${this.conflicts} such cells in all` : '';
      out.push(
        `${source ? `${source}: ` : ''}${this.at} ${c.line}: step ${c.step} logged twice with different values, "${name}" ${c.earlier} then ${c.kept} (the later kept)${more}`,
      );
    }
    return out;
  }

  /** Put a block out of restart reach. */
  private pass(block: Block): void {
    if (block.length) {
      this.ready.push(block);
      this.lastTaken = block.steps[block.length - 1]!;
    }
  }

  /**
   * Whether the scratch row is on a step counter of its own: it holds only columns already known to be,
   * or its step went back and none of the columns it holds has a value in the rows a restart would replace.
   */
  private onOwnCounter(step: number, lastStep: number): boolean {
    const filled: number[] = [];
    for (let c = 0; c < this.columns; c++) {
      const kind = this.kinds[c];
      if (kind === CellKind.Number || kind === CellKind.NanToken) filled.push(c);
    }
    if (filled.length === 0 || !this.names) return false;
    if (filled.every((c) => this.ownCounter.has(c))) return true;
    if (step > lastStep || step <= this.lastTaken) return false;
    const later = [this.held, this.current].filter((b) => b.length);
    let replaced = false;
    for (const b of later) {
      const from = b.rowsBelow(step);
      if (from >= b.length) continue;
      replaced = true;
      for (const c of filled)
        for (let r = from; r < b.length; r++)
          if (!Number.isNaN(b.values[c]![r]!) || b.nanTokens[c]?.includes(r)) return false;
    }
    if (!replaced) return false;
    for (const c of filled) this.ownCounter.add(c);
    return true;
  }

  private restart(step: number, lastStep: number, line: number): void {
    const r = this.restarts;
    if (r.count++ < 5) r.examples.push(`${this.at} ${line}: step ${step} after ${lastStep}`);
    if (step <= this.lastTaken && r.keptFirstExample === null) {
      r.keptFirstExample = `${this.at} ${line}: step ${step}, rows up to step ${this.lastTaken} already passed on`;
    }
    // Drop held rows with steps ≥ `step`: they belong to the attempt that was abandoned.
    const keep = this.current.rowsBelow(step);
    r.superseded += this.current.length - keep;
    this.current.truncate(keep);
    if (keep === 0 && this.held.length) {
      const keepHeld = this.held.rowsBelow(step);
      r.superseded += this.held.length - keepHeld;
      this.held.truncate(keepHeld);
      this.current = this.held;
      this.held = new Block(this.columns, 0);
    }
  }

  /** The current block, after moving a full one to `held` (and the held one out of restart reach). */
  private blockWithRoom(): Block {
    if (this.current.length === this.current.capacity) {
      this.pass(this.held);
      this.held = this.current;
      this.current = new Block(this.columns, this.blockRows);
    }
    return this.current;
  }

  private append(step: number): void {
    const block = this.blockWithRoom();
    const row = block.length++;
    block.steps[row] = step;
    for (let c = 0; c < this.columns; c++) {
      block.values[c]![row] = this.values[c]!;
      if (this.kinds[c] === CellKind.NanToken) block.markNanToken(c, row);
    }
  }

  private merge(block: Block, row: number, line: number): void {
    for (let c = 0; c < this.columns; c++) {
      const kind = this.kinds[c]!;
      if (kind === CellKind.Missing || kind === CellKind.Text) continue;
      const earlier = block.values[c]![row]!;
      const value = this.values[c]!;
      // Both numbers, and not the same one (a line written twice is no conflict): said, the later kept.
      if (kind === CellKind.Number && !Number.isNaN(earlier) && !Number.isNaN(value) && earlier !== value) {
        if (this.conflicts++ === 0)
          this.firstConflict = { column: c, step: block.steps[row]!, kept: value, earlier, line };
      }
      block.values[c]![row] = value;
      const tokens = block.nanTokens[c];
      const marked = tokens !== undefined && tokens[tokens.length - 1] === row;
      if (kind === CellKind.NanToken && !marked) block.markNanToken(c, row);
      if (kind === CellKind.Number && marked) {
        tokens.pop();
        if (!tokens.length) block.nanTokens[c] = undefined;
      }
    }
  }
}
