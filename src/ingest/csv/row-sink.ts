/**
 * Where both row readers (the byte scanner and csv-parse) put the rows they read: one scratch row they
 * fill, committed into step order by StepOrderedRows (which resolves restarts and merges repeated steps),
 * and the findings about rows that end up as warnings or as the errors of a table with nothing in it.
 */
import type { Batch } from '../../model.js';
import { InputError } from '../../model.js';
import { StepOrderedRows } from '../step-order.js';
import { TextCells } from './text-cells.js';

/** What a row reader writes into: the scratch row, its text cells, and the end of each row. */
export interface RowSink {
  /** The scratch row: a value and a CellKind per metric column. */
  readonly values: Float64Array;
  readonly kinds: Uint8Array;
  /** Mark every cell of the scratch row missing. */
  clearRow(): void;
  /** Text in metric column `column` (read as missing), for the warning. */
  textCell(column: number, line: number, text: string): void;
  /** Whether column `column` already had a text cell (only the first one's text is shown). */
  hasText(column: number): boolean;
  /** Commit the scratch row; `step` is NaN when the row has none, `fields` the number of fields on it. */
  endRow(step: number, fields: number, line: number): void;
  /** The line at `line` repeats the header: it is skipped, and counted for one warning. */
  repeatedHeader(line: number): void;
  /** The line at `line` starts a Python traceback (a row without a step that says so). */
  traceback?(line: number): void;
}

/** The line Python starts every traceback with. */
export const TRACEBACK_START = 'Traceback (most recent call last):';

export class CsvRows implements RowSink {
  readonly values: Float64Array;
  readonly kinds: Uint8Array;
  private readonly rows: StepOrderedRows;
  private readonly textCells: TextCells;
  /** Per metric column: 1 once a finite value has been handed on. */
  private readonly finite: Uint8Array;
  /** Rows are numbered by position when the file has no step column. */
  private rowIndex = 0;
  private rowsOut = 0;
  private longRows = 0;
  private firstLongRow = 0;
  /** Line number of a last line cut off mid-write, or 0. */
  private truncatedLine = 0;
  private headerRepeats = 0;
  private firstHeaderRepeat = 0;
  private tracebackLine = 0;

  constructor(
    private readonly source: string,
    private readonly columns: string[],
    /** Fields in the header. */
    private readonly fields: number,
    private readonly hasStep: boolean,
    stepBuffer: number,
  ) {
    this.rows = new StepOrderedRows(columns.length, stepBuffer, 'line', columns);
    this.values = this.rows.values;
    this.kinds = this.rows.kinds;
    this.textCells = new TextCells(columns);
    this.finite = new Uint8Array(columns.length);
  }

  clearRow(): void {
    this.rows.clearRow();
  }

  textCell(column: number, line: number, text: string): void {
    this.textCells.add(column, line, text);
  }

  hasText(column: number): boolean {
    return this.textCells.has(column);
  }

  endRow(step: number, fields: number, line: number): void {
    if (fields > this.fields && this.longRows++ === 0) this.firstLongRow = line;
    this.rows.commit(this.hasStep ? step : this.rowIndex, line);
    this.rowIndex++;
  }

  repeatedHeader(line: number): void {
    if (this.headerRepeats++ === 0) this.firstHeaderRepeat = line;
  }

  traceback(line: number): void {
    if (this.tracebackLine === 0) this.tracebackLine = line;
  }

  /** The last line, at `line`, was cut off mid-write: it is left out. */
  cutOff(line: number): void {
    this.truncatedLine = line;
  }

  /** Batches complete and out of restart reach. */
  take(): Batch[] {
    return this.handOn(this.rows.take());
  }

  /** Everything left, once the input has ended. */
  finish(): Batch[] {
    return this.handOn(this.rows.finish());
  }

  /**
   * After the last batch: the findings as warnings (and `truncated` set when the last line was cut off,
   * `crash` when a traceback was written into the file);
   * throws when no row, or no finite value, was read.
   */
  close(warnings: string[], truncated: { value: boolean }, crash: { at: string | null } = { at: null }): void {
    const rowWarnings = this.rows.warnings(this.columns, this.source);
    warnings.push(...rowWarnings, ...this.textCells.warnings());
    if (this.longRows) {
      warnings.push(
        `${this.longRows} row${this.longRows === 1 ? '' : 's'} had more fields than the header; extra fields ignored (first at line ${this.firstLongRow})`,
      );
    }
    if (this.headerRepeats) {
      warnings.push(
        `the header is repeated ${this.headerRepeats} time${this.headerRepeats === 1 ? '' : 's'} mid-file (first at line ${this.firstHeaderRepeat}; a log reopened in append mode?): those lines skipped`,
      );
    }
    if (this.tracebackLine) {
      crash.at = `${this.source}:${this.tracebackLine}`;
      warnings.push(
        `line ${this.tracebackLine}: a Python traceback: the training crashed and wrote its error into this file (the rows before it are read)`,
      );
    }
    if (this.truncatedLine) {
      truncated.value = true;
      warnings.push(
        `line ${this.truncatedLine}: last line is incomplete (file still being written?); left out, the ${this.rowsOut} complete rows kept`,
      );
    }
    // Every row skipped (steps past 2^53, none numeric): the refusal says why.
    if (this.rowsOut === 0)
      throw new InputError(
        this.source,
        null,
        `no complete data rows${rowWarnings.length ? ` (${rowWarnings.join('; ')})` : ''}`,
      );
    const empty = this.columns.filter((_, c) => !this.finite[c]);
    if (empty.length === this.columns.length) {
      throw new InputError(
        this.source,
        null,
        `no metric column has a finite value (${this.columns.length} column${this.columns.length === 1 ? '' : 's'}, all empty or NaN)`,
      );
    }
    if (empty.length) {
      warnings.push(
        `column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`,
      );
    }
  }

  /** Count the batches' rows and note which columns have a finite value. */
  private handOn(batches: Batch[]): Batch[] {
    for (const batch of batches) {
      this.rowsOut += batch.steps.length;
      for (let c = 0; c < this.columns.length; c++) {
        if (!this.finite[c] && batch.values[c]!.some(Number.isFinite)) this.finite[c] = 1;
      }
    }
    return batches;
  }
}
