/**
 * The WebAssembly row scanner (assembly/scan-rows.ts) behind a small class: it owns the module's memory
 * layout, copies a region of the read buffer in once and hands back each call's rows as views.
 */
import { instantiate, reserve, type WasmMemory } from '../../wasm.js';
import { SCAN_ROWS_WASM } from './scan-rows-module.js';

interface ScanRowsExports {
  memory: WasmMemory;
  dataEnd(): number;
  scanRows(
    from: number,
    to: number,
    line: number,
    fieldMap: number,
    nFields: number,
    delim: number,
    hasStep: number,
    rowIndex: number,
    steps: number,
    values: number,
    capacity: number,
    meta: number,
    result: number,
  ): number;
}

let instance: ScanRowsExports | null = null;

/** One instance for the process; calls never overlap (a load and its scans run in one synchronous stretch). */
function scanRowsModule(): ScanRowsExports {
  instance ??= instantiate<ScanRowsExports>(SCAN_ROWS_WASM);
  return instance;
}

/** Staging bytes per call: the rows of one call, column-major. */
const STAGING_BYTES = 2 << 20;

/** The rows one `scan` call read; views into the module's memory, valid until the next `load` or `scan`. */
export interface ScannedRows {
  rows: number;
  /** Where reading stopped, in the loaded buffer. */
  stoppedAt: number;
  /** Line number of the line at `stoppedAt`. */
  nextLine: number;
  /** Every row was read here and the steps increase strictly. */
  plain: boolean;
  /** Row r's step (its row index when the file has no step column). */
  steps: Float64Array;
  /** Row r's value of metric column c at `values[c * capacity + r]`; NaN for an empty cell. */
  values: Float64Array;
  capacity: number;
  /** Row r was read here (1), or its line must be read by the JavaScript scanner (0). */
  simple: Uint8Array;
  /** Row r's line: its first byte in the loaded buffer, and its line number. */
  lineStart(r: number): number;
  lineNo: Int32Array;
}

export class RowScanner {
  private readonly wasm = scanRowsModule();
  private readonly capacity: number;
  /** Byte offsets in the module's memory. */
  private readonly fieldMapAt: number;
  private readonly resultAt: number;
  private readonly stepsAt: number;
  private readonly valuesAt: number;
  private readonly metaAt: number;
  private readonly inputAt: number;
  /** Offset of the loaded buffer in the module's memory: memory address = buffer index + shift. */
  private shift = 0;
  private loadedTo = 0;

  constructor(
    private readonly fieldMap: Int32Array,
    private readonly columns: number,
    private readonly delimiter: number,
    private readonly hasStep: boolean,
  ) {
    this.capacity = Math.max(16, Math.floor(STAGING_BYTES / (8 * (columns + 1) + 9)));
    const align = (n: number) => Math.ceil(n / 8) * 8;
    this.fieldMapAt = align(this.wasm.dataEnd());
    this.resultAt = align(this.fieldMapAt + 4 * fieldMap.length);
    this.stepsAt = this.resultAt + 16;
    this.valuesAt = this.stepsAt + 8 * this.capacity;
    this.metaAt = this.valuesAt + 8 * this.capacity * columns;
    this.inputAt = align(this.metaAt + 9 * this.capacity);
  }

  /** Copy `buf[from, to)` (complete lines, ending with a line feed) into the module. */
  load(buf: Uint8Array, from: number, to: number): void {
    const memory = this.wasm.memory;
    reserve(memory, this.inputAt + (to - from) + 16);
    new Uint8Array(memory.buffer, this.inputAt, to - from).set(buf.subarray(from, to));
    // The field map goes in on every load: another table may have used the module since.
    new Int32Array(memory.buffer, this.fieldMapAt, this.fieldMap.length).set(this.fieldMap);
    this.shift = this.inputAt - from;
    this.loadedTo = to;
  }

  /** Read rows from `from` (in the loaded buffer) on: at most `capacity` of them. */
  scan(from: number, line: number, rowIndex: number): ScannedRows {
    const { wasm, capacity, shift } = this;
    const rows = wasm.scanRows(
      from + shift,
      this.loadedTo + shift,
      line,
      this.fieldMapAt,
      this.fieldMap.length,
      this.delimiter,
      this.hasStep ? 1 : 0,
      rowIndex,
      this.stepsAt,
      this.valuesAt,
      capacity,
      this.metaAt,
      this.resultAt,
    );
    const buffer = wasm.memory.buffer;
    const result = new Int32Array(buffer, this.resultAt, 4);
    const starts = new Uint32Array(buffer, this.metaAt, capacity);
    return {
      rows,
      stoppedAt: result[1]! - shift,
      nextLine: result[2]!,
      plain: result[3] === 1,
      steps: new Float64Array(buffer, this.stepsAt, rows),
      values: new Float64Array(buffer, this.valuesAt, capacity * this.columns),
      capacity,
      simple: new Uint8Array(buffer, this.metaAt + 8 * capacity, rows),
      lineStart: (r) => starts[r]! - shift,
      lineNo: new Int32Array(buffer, this.metaAt + 4 * capacity, rows),
    };
  }
}
