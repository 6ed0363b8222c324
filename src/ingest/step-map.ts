/**
 * Collects points keyed by step for the shapes read whole (Megatron golden values, HF trainer_state,
 * JSON-lines logs, TensorBoard events out of step order), then hands them on as a Table in step order.
 * A later point for the same step and column replaces an earlier one.
 *
 * Each column keeps its points as two typed arrays (step, value) in the order they came, so a value costs
 * 16 bytes and no object. The table is built once at the end: the steps of all columns merged, each
 * column placed on them by one walk (points that came out of step order are sorted first, stably, so the
 * later write of a step still wins). Linear in the points when they come in step order, n log n otherwise.
 */
import { plainRecord } from '../own-keys.js';
import { InputError, type Table } from '../model.js';
import { CellKind, classifyCell, type Cell } from './csv/cell.js';
import { tableFromColumns } from './table-from-columns.js';

/** One column's points, in the order they were added. */
export class StepColumn {
  steps = new Float64Array(16);
  values = new Float64Array(16);
  length = 0;
  /** Steps strictly increasing so far: placed without sorting. */
  increasing = true;
  /** Values that were text, read as missing. */
  text = 0;
  /** Whether a value other than text came (a column of the table), and when first. */
  order = -1;

  constructor(
    readonly name: string,
    private readonly map: StepMap,
  ) {}

  /**
   * Add `value` (a number, a numeric token string such as `"nan"`, or null for missing) at `step`. A NaN
   * number is an explicit NaN, as the token is.
   */
  add(step: number, value: unknown): void {
    if (typeof value === 'number') this.addNumber(step, value);
    else if (typeof value === 'string') {
      const cell = classifyCell(value, this.map.cell);
      if (cell.kind === CellKind.Number || cell.kind === CellKind.NanToken) this.addNumber(step, cell.value);
      else if (cell.kind === CellKind.Missing) this.seen();
      else this.text++;
    } else if (value === null || value === undefined) this.seen();
    else this.text++;
  }

  /** Add a number at `step` (NaN: an explicit NaN). */
  addNumber(step: number, value: number): void {
    if (this.order < 0) this.seen();
    const n = this.length;
    if (n === this.steps.length) this.grow();
    if (n > 0 && !(step > this.steps[n - 1]!)) this.increasing = false;
    this.steps[n] = step;
    this.values[n] = value;
    this.length = n + 1;
  }

  /** Drop the points at `step` and after; how many. */
  purgeFrom(step: number): number {
    let kept = 0;
    for (let i = 0; i < this.length; i++)
      if (this.steps[i]! < step) {
        this.steps[kept] = this.steps[i]!;
        this.values[kept++] = this.values[i]!;
      }
    const dropped = this.length - kept;
    this.length = kept;
    return dropped;
  }

  private seen(): void {
    if (this.order < 0) this.order = this.map.nextOrder++;
  }

  /** Room for `n` more points without growing on the way (a list whose length is known). */
  reserve(n: number): void {
    if (this.length + n > this.steps.length) this.resize(this.length + n);
  }

  private grow(): void {
    this.resize(this.steps.length * 2);
  }

  private resize(capacity: number): void {
    const steps = new Float64Array(capacity);
    steps.set(this.steps.subarray(0, this.length));
    this.steps = steps;
    const values = new Float64Array(capacity);
    values.set(this.values.subarray(0, this.length));
    this.values = values;
  }
}

interface Built {
  /** Every column's steps, sorted, each once. */
  steps: Float64Array;
  /** The columns of the table, in order of their first value. */
  columns: StepColumn[];
  /** Per column, its values on `steps` (NaN where it has none). */
  dense: Float64Array[];
  /** Per column, 1 where it has a point (an explicit NaN is a point; a missing cell is not). */
  held: Uint8Array[];
  replaced: number;
}

export class StepMap {
  private readonly byName = new Map<string, StepColumn>();
  /** Scratch cell for classifying text values. */
  readonly cell: Cell = { kind: CellKind.Missing, value: Number.NaN };
  nextOrder = 0;
  /** Points dropped by purgeFrom. */
  purged = 0;
  private built: Built | null = null;

  constructor(private readonly source: string) {}

  /** The column named `name`, made when new. */
  column(name: string): StepColumn {
    let c = this.byName.get(name);
    if (!c) {
      c = new StepColumn(name, this);
      this.byName.set(name, c);
    }
    return c;
  }

  /** Add `value` at `step` in column `name` (see StepColumn.add). */
  set(step: number, name: string, value: unknown): void {
    this.column(name).add(step, value);
  }

  /** Drop every point at `step` and after (TensorBoard's purge at a SessionLog START). */
  purgeFrom(step: number): void {
    for (const c of this.byName.values()) this.purged += c.purgeFrom(step);
  }

  /** Points set again at their step and column with another value (the later one kept). */
  get replaced(): number {
    return this.build().replaced;
  }

  /**
   * The warning for points set again with another value (a job restarted or resumed into the same file:
   * detectron2 and TensorBoard append), or null: which value was kept is said, never left silent.
   */
  replacedNote(): string | null {
    const n = this.replaced;
    return n
      ? `${n} point${n === 1 ? '' : 's'} written again at their step with another value (a resumed job): the later write is kept`
      : null;
  }

  /**
   * The collected points as a Table; an InputError when no column has a finite value. `padding` names a
   * format whose files are padded with NaN where nothing was logged (Megatron's golden values run every
   * metric from the start to `end_step` with "nan", so a run resumed half-way has them before its first
   * logged step, and a run stopped early after its last): steps before the first or after the last
   * finite value of any metric, holding nothing but NaN, are that padding and are left out with a warning.
   * Elsewhere a NaN is a NaN.
   */
  toTable(stepColumn: string | null, batchSize: number, warnings: string[], padding?: string): Table {
    const { steps: all, columns, dense, held } = this.build();
    let from = 0;
    let to = all.length;
    if (padding) [from, to] = this.withoutPadding(all, dense, padding, warnings);
    const steps = all.subarray(from, to);
    // Column names are the file's: `constructor` or `__proto__` must stay a key, never a prototype's property.
    const out = plainRecord<Float64Array>();
    const nanTokens = plainRecord<number[]>();
    const empty: string[] = [];
    columns.forEach((c, k) => {
      const values = dense[k]!.subarray(from, to);
      const tokens: number[] = [];
      let finite = false;
      for (let i = 0; i < values.length; i++) {
        const v = values[i]!;
        if (Number.isNaN(v)) {
          if (held[k]![i + from]) tokens.push(i);
        } else if (!finite && Number.isFinite(v)) finite = true;
      }
      out[c.name] = values;
      if (tokens.length) nanTokens[c.name] = tokens;
      if (!finite) empty.push(c.name);
    });
    for (const c of this.byName.values()) {
      if (!c.text) continue;
      if (c.order < 0) warnings.push(`text field "${c.name}" left out (${c.text} value${c.text === 1 ? '' : 's'})`);
      else warnings.push(`field "${c.name}": ${c.text} value${c.text === 1 ? '' : 's'} not a number, read as missing`);
    }
    if (!steps.length || empty.length === columns.length) {
      throw new InputError(this.source, null, 'no metric has a finite value');
    }
    if (empty.length)
      warnings.push(
        `column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`,
      );
    return tableFromColumns(this.source, steps, out, { stepColumn, nanTokens, batchSize, warnings });
  }

  /** The merged steps and each column's values on them, built once. */
  private build(): Built {
    if (this.built) return this.built;
    const columns = [...this.byName.values()].filter((c) => c.order >= 0).sort((a, b) => a.order - b.order);
    const steps = mergedSteps(columns);
    let replaced = 0;
    const dense: Float64Array[] = [];
    const heldAll: Uint8Array[] = [];
    for (const c of columns) {
      const values = new Float64Array(steps.length).fill(Number.NaN);
      const held = new Uint8Array(steps.length);
      const order = c.increasing ? null : stableOrder(c);
      let row = 0;
      let lastStep = Number.NaN;
      let lastValue = 0;
      for (let j = 0; j < c.length; j++) {
        const i = order ? order[j]! : j;
        const step = c.steps[i]!;
        const value = c.values[i]!;
        if (step === lastStep) {
          if (!Object.is(value, lastValue)) replaced++;
        } else while (steps[row]! !== step) row++;
        values[row] = value;
        held[row] = 1;
        lastStep = step;
        lastValue = value;
      }
      dense.push(values);
      heldAll.push(held);
      // Placed: the column's own arrays are not needed again (the map is spent once built).
      c.steps = c.values = new Float64Array(0);
    }
    this.built = { steps, columns, dense, held: heldAll, replaced };
    return this.built;
  }

  private withoutPadding(
    steps: Float64Array,
    dense: Float64Array[],
    format: string,
    warnings: string[],
  ): [number, number] {
    const onlyNan = (r: number) => dense.every((v) => Number.isNaN(v[r]!));
    let end = steps.length;
    while (end > 0 && onlyNan(end - 1)) end--;
    if (end === 0) return [0, steps.length];
    let start = 0;
    while (start < end && onlyNan(start)) start++;
    const span = (a: number, b: number) =>
      `${b - a} ${a === 0 ? 'leading' : 'trailing'} step${b - a === 1 ? ` (step ${steps[a]}) holds` : `s (steps ${steps[a]}–${steps[b - 1]}) hold`} only "nan"`;
    if (start > 0)
      warnings.push(
        `${span(0, start)}: ${format} pad the steps before a resumed run's first logged step this way; not counted as steps, the run starts at step ${steps[start]}`,
      );
    if (end < steps.length)
      warnings.push(
        `${span(end, steps.length)}: ${format} pad past the last logged step this way; not counted as steps, the run ends at step ${steps[end - 1]}`,
      );
    return [start, end];
  }
}

/** The steps of every column, sorted, each once. */
function mergedSteps(columns: StepColumn[]): Float64Array {
  const first = columns[0];
  if (!first) return new Float64Array(0);
  // The common case: every column logged at the same steps, in order.
  if (
    first.increasing &&
    columns.every((c) => c.increasing && c.length === first.length && sameSteps(c.steps, first.steps, c.length))
  )
    return first.steps.slice(0, first.length);
  const all = new Float64Array(columns.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of columns) {
    all.set(c.steps.subarray(0, c.length), at);
    at += c.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[n - 1]) all[n++] = all[i]!;
  return all.slice(0, n);
}

function sameSteps(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The indexes of a column's points sorted by step, the order they came in kept among equal steps. */
function stableOrder(c: StepColumn): Uint32Array {
  const order = Uint32Array.from({ length: c.length }, (_, i) => i);
  const steps = c.steps;
  return order.sort((a, b) => steps[a]! - steps[b]! || a - b);
}
