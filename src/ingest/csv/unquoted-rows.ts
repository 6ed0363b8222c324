/**
 * The byte scanner: reads complete lines without a quote character straight from the file's bytes, one
 * pass that splits fields and reads numbers (number-bytes.ts) without making a string per cell. Most
 * training CSVs are all-numeric and unquoted, so this is where nearly all rows are read; a cell that is
 * not a plain decimal (a token, text, an empty cell) is classified by the cell grammar as csv-parse's
 * cells are, so both readers give identical rows.
 */
import { type Cell, CellKind, classifyCell, MAX_CELL } from './cell.js';
import { STEP_FIELD, TEXT_FIELD } from './column-types.js';
import { isHeaderRecord } from './header.js';
import { CR, LF } from './line-bytes.js';
import { beginRegion, scanNumber, scanned } from './number-bytes.js';
import { classifyOddBytes } from './token-bytes.js';
import { type RowSink, TRACEBACK_START } from './row-sink.js';

const TAB = 0x09;
const TRACEBACK = Buffer.from(TRACEBACK_START);

/** Index of the end of the field starting at `i`: the delimiter, the line feed, or a CR before it. */
function fieldEnd(buf: Buffer, i: number, delim: number): number {
  for (;;) {
    const c = buf[i];
    if (c === delim || c === LF || (c === CR && buf[i + 1] === LF)) return i;
    i++;
  }
}

export class UnquotedRows {
  private readonly delim: number;
  /** In a tab-separated file a tab ends a field instead of padding a number. */
  private readonly tabIsBlank: boolean;
  /** The classification of the last cell that was not a plain decimal. */
  private readonly cell: Cell = { kind: CellKind.Missing, value: NaN };
  /** The first byte of a repeated header line (after blanks): only lines starting with it are compared. */
  private readonly headerFirst: number;

  constructor(
    /** Field index → metric column, TEXT_FIELD or STEP_FIELD (column-types.ts). */
    private readonly fieldMap: Int32Array,
    private readonly delimiter: string,
    private readonly sink: RowSink,
    /** The header's column names, to skip the header where it is repeated (none: nothing is skipped). */
    private readonly names: string[] = [],
  ) {
    this.delim = delimiter.charCodeAt(0);
    this.tabIsBlank = this.delim !== TAB;
    // An empty first header field was named `column1`: its repeat starts with the delimiter.
    this.headerFirst = names.length === 0 ? -1 : names[0] === 'column1' ? this.delim : Buffer.from(names[0]!)[0]!;
  }

  /**
   * Read the lines in `buf[from, to)`: complete (`to` just after a line feed) and without a quote.
   * `line` is the number of the first; returns the number of the line after the last.
   */
  read(buf: Buffer, from: number, to: number, line: number): number {
    beginRegion(buf, from, to);
    let i = from;
    while (i < to) {
      const c = buf[i];
      if (c === LF || (c === CR && buf[i + 1] === LF)) {
        i += c === LF ? 1 : 2; // a blank line
      } else {
        i = this.repeatedHeaderEnd(buf, i, to, line) || this.readRow(buf, i, to, line);
      }
      line++;
    }
    return line;
  }

  /**
   * When the line starting at `i` repeats the header, note it and return the index after its line end;
   * else 0. Only a line whose first byte is the header's is decoded and compared, so data rows cost a
   * byte comparison or two.
   */
  private repeatedHeaderEnd(buf: Buffer, i: number, to: number, line: number): number {
    let k = i;
    while (buf[k] === 0x20 || (buf[k] === TAB && this.tabIsBlank)) k++;
    if (buf[k] !== this.headerFirst) return 0;
    let end = buf.indexOf(LF, i);
    if (end < 0 || end >= to) end = to;
    const text = buf.toString('utf8', i, end > i && buf[end - 1] === CR ? end - 1 : end);
    if (!isHeaderRecord(text.split(this.delimiter), this.names)) return 0;
    this.sink.repeatedHeader(line);
    return end < to ? end + 1 : to;
  }

  /** Read the row starting at `i` into the sink and commit it; returns the index after its line end. */
  private readRow(buf: Buffer, i: number, to: number, line: number): number {
    const { fieldMap, delim, tabIsBlank, sink } = this;
    const rowStart = i;
    const nFields = fieldMap.length;
    const values = sink.values;
    const kinds = sink.kinds;
    let step = NaN;
    let field = 0;
    // Every field of the row writes its column, so only a short row needs the rest cleared (below).
    for (;;) {
      const m = field < nFields ? fieldMap[field]! : TEXT_FIELD;
      let j: number;
      if (m === TEXT_FIELD) j = fieldEnd(buf, i, delim);
      else {
        j = scanNumber(buf, i, to, tabIsBlank);
        let v = scanned[0]!;
        let kind = CellKind.Number;
        const c = buf[j];
        if (Number.isNaN(v) || !(c === delim || c === LF || (c === CR && buf[j + 1] === LF)) || j - i > MAX_CELL) {
          // Not a plain decimal: a token, an empty cell, text, or a cell too long to be a number.
          j = fieldEnd(buf, j, delim);
          this.classifyOdd(buf, i, j, m, line);
          v = this.cell.value;
          kind = this.cell.kind;
        }
        if (m === STEP_FIELD) step = kind === CellKind.Number ? v : NaN;
        else {
          values[m] = v;
          kinds[m] = kind;
        }
      }
      field++;
      const c = buf[j];
      if (c === delim) {
        i = j + 1;
        continue;
      }
      i = c === LF ? j + 1 : j + 2;
      break;
    }
    for (let f = field; f < nFields; f++) {
      const m = fieldMap[f]!;
      if (m >= 0) {
        values[m] = NaN;
        kinds[m] = CellKind.Missing;
      }
    }
    // A row without a step is rare: only then are its first bytes compared with a traceback's.
    const end = rowStart + TRACEBACK.length;
    if (Number.isNaN(step) && end <= buf.length && buf.compare(TRACEBACK, 0, TRACEBACK.length, rowStart, end) === 0)
      sink.traceback?.(line);
    sink.endRow(step, field, line);
    return i;
  }

  /** Classify the cell `buf[i, j)` of field map entry `m` into `this.cell`, noting text in a metric column. */
  private classifyOdd(buf: Buffer, i: number, j: number, m: number, line: number): void {
    const cell = this.cell;
    if (j === i) {
      cell.kind = CellKind.Missing;
      cell.value = NaN;
      return;
    }
    if (!classifyOddBytes(buf, i, j, cell)) classifyCell(buf.toString('utf8', i, j), cell);
    // Only the first text cell of a column is shown, so only that one is made a string.
    if (cell.kind === CellKind.Text && m >= 0)
      this.sink.textCell(m, line, this.sink.hasText(m) ? '' : buf.toString('utf8', i, j).trim());
  }
}
