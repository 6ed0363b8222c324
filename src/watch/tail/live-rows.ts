/**
 * The row sink of a tailed file: each row the CSV readers commit is handed on at once (a live run needs
 * its NaN the moment its line is complete), instead of being held back in step order as a file read
 * after the run is (row-sink.ts). Restarts and repeated steps are the run state's business (run-state.ts).
 */
import { CellKind } from '../../ingest/csv/cell.js';
import type { RowSink } from '../../ingest/csv/row-sink.js';

/** Where a tailed file's rows go, one call per row; `values` and `kinds` are reused for the next row. */
export interface LiveRowListener {
  /** The metric columns the rows carry from now on (a header, or a new one with more columns). */
  layout(columns: readonly string[], stepColumn: string | null): void;
  /** A row: its step (its position when the file has no step column; NaN when its step cell is empty). */
  row(step: number, values: Float64Array, kinds: Uint8Array): void;
  /** The file was truncated or replaced: what it held before is gone, and it is read again from its start. */
  restarted(why: 'truncated' | 'replaced'): void;
}

export class LiveRows implements RowSink {
  readonly values: Float64Array;
  readonly kinds: Uint8Array;
  private rowIndex = 0;

  constructor(
    columns: number,
    private readonly hasStep: boolean,
    private readonly listener: LiveRowListener,
  ) {
    this.values = new Float64Array(columns);
    this.kinds = new Uint8Array(columns);
  }

  clearRow(): void {
    this.values.fill(Number.NaN);
    this.kinds.fill(CellKind.Missing);
  }

  /** Text in a metric column reads as missing; the report after the run warns about it. */
  textCell(): void {}

  /** True, so the scanner never makes a string of a text cell for us. */
  hasText(): boolean {
    return true;
  }

  /** A step beyond ±(2^53 − 1) is no step a run reaches (the job after the run skips its row too). */
  endRow(step: number): void {
    if (!this.hasStep || !(Math.abs(step) > Number.MAX_SAFE_INTEGER))
      this.listener.row(this.hasStep ? step : this.rowIndex, this.values, this.kinds);
    this.rowIndex++;
  }

  /** A repeated header is skipped (a log reopened in append mode). */
  repeatedHeader(): void {}
}
