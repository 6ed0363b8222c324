/**
 * The complete lines of a tailed CSV, read by the project's CSV rules: the header found and split as
 * `openCsvTable` finds it (header.ts), columns typed from the first data lines (column-types.ts), plain
 * lines through the byte scanner (unquoted-rows.ts), quoted ones through csv-parse and the cell grammar
 * (record-cells.ts). What a live file adds: a header that comes back with more columns (a logger that
 * learned new keys), read as the new layout from its line on.
 */
import { type Cell, CellKind, classifyCell } from '../../ingest/csv/cell.js';
import { type ColumnLayout, typeColumns } from '../../ingest/csv/column-types.js';
import { csvParseOptions } from '../../ingest/csv/csv-parse-dialect.js';
import { detectDelimiter, findStepColumn, isHeaderRecord, parseHeader } from '../../ingest/csv/header.js';
import { CR, isBlank, LF, QUOTE } from '../../ingest/csv/line-bytes.js';
import { RecordCells } from '../../ingest/csv/record-cells.js';
import { recordsOfBytes } from '../../ingest/csv/sample.js';
import { UnquotedRows } from '../../ingest/csv/unquoted-rows.js';
import { type LiveRowListener, LiveRows } from './live-rows.js';

/** The header in force and, once data lines have typed its columns, the readers for its rows. */
interface Format {
  names: string[];
  delimiter: string;
  headerLine: number;
  readers: { scanner: UnquotedRows; cells: RecordCells } | null;
}

export class CsvLines {
  private format: Format | null = null;
  /** Number of the next line to read. */
  private line = 1;
  private readonly cell: Cell = { kind: CellKind.Missing, value: Number.NaN };
  /** The delimiter's byte. A data line starts with a digit, a sign, a decimal point or it; anything else may be a header. */
  private delim = 0x2c;

  constructor(
    private readonly source: string,
    private readonly listener: LiveRowListener,
  ) {}

  /**
   * Read `buf[0, end)`, whole lines only (`end` just after a line feed). Runs of plain data lines go to the
   * byte scanner together; a header, a quoted line or a new header ends a run.
   */
  async read(buf: Buffer, end: number): Promise<void> {
    let i = 0;
    let run = -1;
    let runLine = 0;
    while (i < end) {
      const nl = buf.indexOf(LF, i);
      const kind = this.lineKind(buf, i, nl);
      if (kind === 'data') {
        if (run < 0) [run, runLine] = [i, this.line];
      } else {
        if (run >= 0) await this.readRun(buf, run, i, runLine);
        run = -1;
        if (kind !== 'blank') await this.readSpecial(kind, buf, i, nl);
      }
      this.line++;
      i = nl + 1;
    }
    if (run >= 0) await this.readRun(buf, run, end, runLine);
  }

  /** What the line `buf[from, nl)` is, looking at as few bytes as a data line allows. */
  private lineKind(buf: Buffer, from: number, nl: number): 'blank' | 'header' | 'quoted' | 'data' {
    if (isBlank(buf, from, nl)) return 'blank';
    if (!this.format) return 'header';
    // Searched within the line only: a search to the end of the chunk per line would be quadratic.
    if (buf.subarray(from, nl).includes(QUOTE)) return 'quoted';
    let k = from;
    while (buf[k] === 0x20) k++;
    const c = buf[k]!;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || c === this.delim) return 'data';
    return this.isNewHeader(this.text(buf, from, nl).split(this.format.delimiter)) ? 'header' : 'data';
  }

  /**
   * A header written again with other columns: every field is text (no number, no nan or missing token)
   * and it repeats at least one of the current names. An exact repeat is a data line to the scanner,
   * which skips it.
   */
  private isNewHeader(fields: string[]): boolean {
    const names = this.format!.names;
    if (isHeaderRecord(fields, names)) return false;
    if (!fields.some((f) => names.includes(f.trim()))) return false;
    return fields.every((f) => classifyCell(f, this.cell).kind === CellKind.Text);
  }

  private async readSpecial(kind: 'header' | 'quoted', buf: Buffer, from: number, nl: number): Promise<void> {
    const start = this.line === 1 && buf[from] === 0xef && buf[from + 1] === 0xbb && buf[from + 2] === 0xbf ? 3 : 0;
    if (kind === 'header') return this.readHeader(this.text(buf, from + start, nl));
    const bytes = buf.subarray(from, nl + 1);
    const format = this.format!;
    if (!format.readers) await this.typeColumns(bytes);
    const { parse } = await import('csv-parse/sync');
    const records = parse(bytes, csvParseOptions(format.delimiter)) as string[][];
    for (const record of records) format.readers!.cells.commit(record, this.line);
  }

  private async readHeader(text: string): Promise<void> {
    const delimiter = detectDelimiter(text);
    const names = await parseHeader(this.source, this.line, text, delimiter);
    this.format = { names, delimiter, headerLine: this.line, readers: null };
    this.delim = delimiter.charCodeAt(0);
  }

  /** Plain data lines `buf[from, to)`, the first at line `line`. */
  private async readRun(buf: Buffer, from: number, to: number, line: number): Promise<void> {
    if (!this.format!.readers) await this.typeColumns(buf.subarray(from, to));
    this.format!.readers!.scanner.read(buf, from, to, line);
  }

  /** Type the header's columns from the first data lines, as a whole file's sample types them. */
  private async typeColumns(lines: Buffer): Promise<void> {
    const format = this.format!;
    const { names, delimiter, headerLine } = format;
    const sample = (await recordsOfBytes(this.source, lines, headerLine, delimiter, false)).filter(
      (record) => !isHeaderRecord(record, names),
    );
    const layout: ColumnLayout = typeColumns(this.source, headerLine, names, findStepColumn(names), sample);
    const sink = new LiveRows(layout.columns.length, layout.stepColumn !== null, this.listener);
    format.readers = {
      scanner: new UnquotedRows(layout.fieldMap, delimiter, sink, names),
      cells: new RecordCells(layout.fieldMap, sink, names),
    };
    this.listener.layout(layout.columns, layout.stepColumn);
  }

  private text(buf: Buffer, from: number, nl: number): string {
    return buf.toString('utf8', from, nl > from && buf[nl - 1] === CR ? nl - 1 : nl);
  }
}
