/**
 * Collects cells keyed by step for the shapes read whole (Megatron golden values, HF trainer_state,
 * JSON-lines logs, TensorBoard events out of step order), then hands them on as a Table in step order. A
 * later cell for the same step and column replaces an earlier one.
 */
import { plainRecord } from '../../own-keys.js';
import { InputError, type Table } from '../../model.js';
import { tableFromColumns } from '../table-from-columns.js';
import { CellKind, classifyCell, type Cell } from '../csv/cell.js';

export class StepMap {
  private readonly rows = new Map<number, Map<string, Cell>>();
  private readonly columnOrder = new Map<string, true>();
  private readonly textValues = new Map<string, number>();
  /** Cells set again at their step and column with another value (the later one kept). */
  replaced = 0;
  /** Cells dropped by purgeFrom. */
  purged = 0;

  constructor(private readonly source: string) {}

  /**
   * Record `value` (a number, a numeric token string such as `"nan"`, or null for missing) at `step`. A
   * NaN number is an explicit NaN, as the token is.
   */
  set(step: number, column: string, value: unknown): void {
    const cell: Cell = { kind: CellKind.Missing, value: NaN };
    if (typeof value === 'number') {
      cell.kind = Number.isNaN(value) ? CellKind.NanToken : CellKind.Number;
      cell.value = value;
    } else if (typeof value === 'string') {
      classifyCell(value, cell);
    } else if (value !== null && value !== undefined) {
      cell.kind = CellKind.Text;
    }
    if (cell.kind === CellKind.Text) {
      this.textValues.set(column, (this.textValues.get(column) ?? 0) + 1);
      return;
    }
    if (!this.columnOrder.has(column)) this.columnOrder.set(column, true);
    if (cell.kind === CellKind.Missing) return;
    let row = this.rows.get(step);
    if (!row) {
      row = new Map();
      this.rows.set(step, row);
    }
    const before = row.get(column);
    if (before && !Object.is(before.value, cell.value)) this.replaced++;
    row.set(column, cell);
  }

  /**
   * The warning for cells set again with another value (a job restarted or resumed into the same file:
   * detectron2 and TensorBoard append), or null: which value was kept is said, never left silent.
   */
  replacedNote(): string | null {
    const n = this.replaced;
    return n
      ? `${n} point${n === 1 ? '' : 's'} written again at their step with another value (a resumed job): the later write is kept`
      : null;
  }

  /** Drop every cell at `step` and after (TensorBoard's purge at a SessionLog START). */
  purgeFrom(step: number): void {
    for (const [s, row] of this.rows) {
      if (s < step) continue;
      this.purged += row.size;
      this.rows.delete(s);
    }
  }

  /**
   * The collected cells as a Table; an InputError when no column has a finite value. `padding` names a
   * format whose files are padded with NaN past their last logged step (Megatron's golden values run every
   * metric to `end_step` with "nan"): steps after the last finite value of any metric, holding nothing but
   * NaN, are that padding and are left out with a warning. Elsewhere a NaN is a NaN.
   */
  toTable(stepColumn: string | null, batchSize: number, warnings: string[], padding?: string): Table {
    let steps = [...this.rows.keys()].sort((a, b) => a - b);
    if (padding) steps = this.withoutPadding(steps, padding, warnings);
    const names = [...this.columnOrder.keys()];
    // Column names are the file's: `constructor` or `__proto__` must stay a key, never a prototype's property.
    const columns = plainRecord<Float64Array>();
    const nanTokens = plainRecord<number[]>();
    const empty: string[] = [];
    for (const name of names) {
      const values = new Float64Array(steps.length).fill(NaN);
      const tokens: number[] = [];
      let finite = false;
      steps.forEach((step, i) => {
        const cell = this.rows.get(step)!.get(name);
        if (!cell) return;
        values[i] = cell.value;
        if (cell.kind === CellKind.NanToken) tokens.push(i);
        if (Number.isFinite(cell.value)) finite = true;
      });
      columns[name] = values;
      if (tokens.length) nanTokens[name] = tokens;
      if (!finite) empty.push(name);
    }
    for (const [column, count] of this.textValues) {
      if (!this.columnOrder.has(column))
        warnings.push(`text field "${column}" left out (${count} value${count === 1 ? '' : 's'})`);
      else warnings.push(`field "${column}": ${count} value${count === 1 ? '' : 's'} not a number, read as missing`);
    }
    if (!steps.length || empty.length === names.length) {
      throw new InputError(this.source, null, 'no metric has a finite value');
    }
    if (empty.length)
      warnings.push(
        `column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`,
      );
    return tableFromColumns(this.source, steps, columns, { stepColumn, nanTokens, batchSize, warnings });
  }

  private withoutPadding(steps: number[], format: string, warnings: string[]): number[] {
    let end = steps.length;
    while (end > 0 && [...this.rows.get(steps[end - 1]!)!.values()].every((c) => c.kind === CellKind.NanToken)) end--;
    if (end === steps.length || end === 0) return steps;
    const pad = steps.length - end;
    const span = pad === 1 ? `step ${steps[end]}` : `steps ${steps[end]}–${steps[steps.length - 1]}`;
    warnings.push(
      `${pad} trailing step${pad === 1 ? '' : 's'} (${span}) hold${pad === 1 ? 's' : ''} only "nan": ${format} pad past the last logged step this way; not counted as steps, the run ends at step ${steps[end - 1]}`,
    );
    return steps.slice(0, end);
  }
}
