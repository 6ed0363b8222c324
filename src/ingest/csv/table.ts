/**
 * A per-step metrics CSV as a streamed Table.
 *
 * Most training CSVs are all-numeric and unquoted, and csv-parse reads those at ~16 MB/s — too slow for
 * a 1 GB file or for a CI step that should take well under a second. So complete lines without a quote
 * character are split and their numbers read straight from the bytes: by the WebAssembly scanner
 * (`scan-rows.ts`) for rows of plain numbers and empty cells, by the JavaScript one (`jsLines`) for the
 * lines it leaves; from the first line with a quote on, the rest of the file goes through csv-parse, which
 * handles quoted fields, embedded line breaks and quoting errors. All paths read cells by the grammar of
 * `cell.ts` and commit rows through the same `StepOrderedRows`, so they produce identical batches (tests
 * check this).
 *
 * Memory: one read buffer (1 MiB, grown up to MAX_LINE for long lines), the scanner's staging rows (2 MiB)
 * and at most three row blocks.
 */
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { CsvError } from 'csv-parse';
import { InputError, type Batch, type Table } from '../../model.js';
import { StepOrderedRows } from '../step-order.js';
import { CellKind, classifyCell, type Cell } from './cell.js';
import { detectDelimiter, findStepColumn, parseHeader } from './header.js';
import { beginRegion, scanNumber, scanned } from './number-bytes.js';
import { RowScanner } from './scan-rows.js';
import { openFile } from '../file.js';

/** Bytes read at a time. */
const CHUNK = 1 << 20;
/** The longest line accepted; a file with no line break in its first MAX_LINE bytes is not a metrics CSV. */
export const MAX_LINE = 8 << 20;
/** Rows looked at up front to tell text columns from numeric ones. */
const SAMPLE_ROWS = 1000;
/** Rows per batch and the least number of rows held back for restarts. */
export const DEFAULT_STEP_BUFFER = 65_536;

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

export interface CsvTableOptions {
  /** Rows per batch, and the least number of recent rows a restart can rewrite. */
  stepBuffer?: number;
  /**
   * `auto`: unquoted lines through the WebAssembly scanner (the JavaScript one for the lines it leaves),
   * csv-parse from the first quote on; `js`: the JavaScript scanner for every unquoted line; `csv-parse`
   * for every line. All three give the same batches; the choice is for tests and `npm run bench:ingest`.
   */
  parser?: 'auto' | 'js' | 'csv-parse';
}

/** Bytes of the file read so far that have not been consumed, and where the next read starts. */
interface Head {
  buf: Buffer;
  /** Bytes of `buf` that hold file content. */
  filled: number;
  /** File offset of the byte after `buf[filled - 1]`. */
  fileOffset: number;
  eof: boolean;
}

/** Read until `head.buf` is full or the file ends. */
async function fill(fh: FileHandle, head: Head): Promise<void> {
  while (!head.eof && head.filled < head.buf.length) {
    const { bytesRead } = await fh.read(head.buf, head.filled, head.buf.length - head.filled, head.fileOffset);
    if (bytesRead === 0) head.eof = true;
    head.filled += bytesRead;
    head.fileOffset += bytesRead;
  }
}

/** Drop the consumed bytes before `from`; grow the buffer when it is full of one unfinished line. */
function compact(source: string, head: Head, from: number, line: number): void {
  head.buf.copyWithin(0, from, head.filled);
  head.filled -= from;
  if (head.filled === head.buf.length) {
    if (head.buf.length >= MAX_LINE) {
      throw new InputError(source, line, `no line break in ${MAX_LINE >> 20} MiB: one giant line is not a metrics CSV`);
    }
    const bigger = Buffer.allocUnsafe(head.buf.length * 2);
    head.buf.copy(bigger, 0, 0, head.filled);
    head.buf = bigger;
  }
}

/** First line break outside double quotes at or after `from`, or -1. */
function lineEndOutsideQuotes(buf: Uint8Array, from: number, to: number): number {
  let quoted = false;
  for (let i = from; i < to; i++) {
    const c = buf[i];
    if (c === QUOTE) quoted = !quoted;
    else if (c === LF && !quoted) return i;
  }
  return -1;
}

function isBlank(buf: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== CR && c !== LF) return false;
  }
  return true;
}

function csvErrorToInput(source: string, e: unknown, lineOffset: number): InputError {
  if (e instanceof InputError) return e;
  const err = e as CsvError;
  const line = typeof err.lines === 'number' ? lineOffset + err.lines : null;
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new InputError(source, line, 'unterminated quote: a quoted field is never closed');
    case 'CSV_MAX_RECORD_SIZE':
      return new InputError(source, line, `a row longer than ${MAX_LINE >> 20} MiB: not a metrics CSV`);
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new InputError(source, line, `misplaced quote: ${err.message.split(':')[0]}`);
    default:
      return new InputError(source, line, `cannot read CSV: ${String(err.message ?? e).split('\n')[0]}`);
  }
}

/** Bytes looked at up front to tell text columns from numeric ones (at most SAMPLE_ROWS rows of them). */
const SAMPLE_BYTES = 256 << 10;

/**
 * The first data records, to classify columns. Unquoted text is split directly; quoted text goes through
 * csv-parse, where a quoting error in the sample is reported up front with its line. (csv-parse is loaded
 * only for quoted files: most metrics CSVs never need it.)
 */
async function sampleRecords(
  source: string,
  head: Head,
  from: number,
  headerLine: number,
  delimiter: string,
): Promise<string[][]> {
  const wholeRest = head.eof && head.filled - from <= SAMPLE_BYTES;
  const end = wholeRest ? head.filled : head.buf.lastIndexOf(LF, Math.min(head.filled, from + SAMPLE_BYTES) - 1) + 1;
  if (end <= from) return [];
  const bytes = head.buf.subarray(from, end);
  if (!bytes.includes(QUOTE)) {
    return bytes
      .toString('utf8')
      .split('\n', SAMPLE_ROWS + 1)
      .slice(0, SAMPLE_ROWS)
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line !== '')
      .map((line) => line.split(delimiter));
  }
  const sample: string[][] = [];
  const { parse: parseSync } = await import('csv-parse/sync');
  try {
    parseSync(bytes, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n'],
      to: SAMPLE_ROWS,
      on_record: (record: string[]) => {
        sample.push(record);
        return record;
      },
    });
  } catch (e) {
    // A sample cut inside a quoted field is not an error; the stream will see the whole field.
    const err = e as CsvError;
    if (wholeRest || err.code !== 'CSV_QUOTE_NOT_CLOSED') throw csvErrorToInput(source, e, headerLine);
  }
  return sample;
}

/** Whether at least three sampled rows hold a number in `field` and it is the same number on all of them. */
function sameOnEveryRow(sample: string[][], field: number, cell: Cell): boolean {
  let seen = 0;
  let first = NaN;
  for (const record of sample) {
    if (field >= record.length || classifyCell(record[field]!, cell).kind !== CellKind.Number) continue;
    if (seen++ === 0) first = cell.value;
    else if (cell.value !== first) return false;
  }
  return seen >= 3;
}

/** Open a per-step metrics CSV. Reads the header and a sample up front; rows stream from `batches`. */
export async function openCsvTable(source: string, options: CsvTableOptions = {}): Promise<Table> {
  const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
  const head: Head = { buf: Buffer.allocUnsafe(CHUNK), filled: 0, fileOffset: 0, eof: false };
  const fh = await openFile(source);
  let headerEnd: number;
  let start = 0;
  let line = 1;
  try {
    await fill(fh, head);
    if (head.filled === 0) throw new InputError(source, null, 'empty file');
    if (head.buf[0] === 0x1f && head.buf[1] === 0x8b)
      throw new InputError(source, null, 'gzip-compressed; decompress it first');
    if ((head.buf[0] === 0xff && head.buf[1] === 0xfe) || (head.buf[0] === 0xfe && head.buf[1] === 0xff)) {
      throw new InputError(source, null, 'UTF-16 text; save the CSV as UTF-8');
    }
    if (head.buf.subarray(0, Math.min(head.filled, 65_536)).includes(0)) {
      throw new InputError(source, null, 'binary file (NUL bytes), not a text CSV');
    }
    if (head.buf[0] === 0xef && head.buf[1] === 0xbb && head.buf[2] === 0xbf) start = 3;
    // Skip blank lines before the header; keep reading while the header line is unfinished.
    for (;;) {
      let nl = lineEndOutsideQuotes(head.buf, start, head.filled);
      while (nl === start || (nl > start && isBlank(head.buf, start, nl))) {
        start = nl + 1;
        line++;
        nl = lineEndOutsideQuotes(head.buf, start, head.filled);
      }
      if (nl >= 0) {
        headerEnd = nl;
        break;
      }
      if (head.eof) {
        if (isBlank(head.buf, start, head.filled)) throw new InputError(source, null, 'empty file (only blank lines)');
        throw new InputError(source, line, 'header only: no data rows');
      }
      compact(source, head, start, line);
      start = 0;
      await fill(fh, head);
    }
  } finally {
    await fh.close();
  }

  const headerText = head.buf.toString('utf8', start, headerEnd).replace(/\r$/, '');
  const headerLine = line;
  const delimiter = detectDelimiter(headerText);
  const names = await parseHeader(source, headerLine, headerText, delimiter);
  let stepField = findStepColumn(names);
  const dataStart = headerEnd + 1;
  if (head.eof && isBlank(head.buf, dataStart, head.filled)) {
    throw new InputError(source, headerLine, 'header only: no data rows');
  }

  // Tell text columns (timestamps, status, config strings) from numeric ones on a sample of rows.
  const sample = await sampleRecords(source, head, dataStart, headerLine, delimiter);
  const cell: Cell = { kind: CellKind.Missing, value: NaN };
  const numeric = new Array<number>(names.length).fill(0);
  const text = new Array<number>(names.length).fill(0);
  for (const record of sample) {
    for (let i = 0; i < names.length && i < record.length; i++) {
      const kind = classifyCell(record[i]!, cell).kind;
      if (kind === CellKind.Text) text[i]!++;
      else if (kind !== CellKind.Missing) numeric[i]!++;
    }
  }
  const warnings: string[] = [];
  if (stepField >= 0 && sameOnEveryRow(sample, stepField, cell)) {
    // A per-run summary (ezpz's runs.csv) has a `steps` column holding each run's length, not a step.
    warnings.push(
      `column "${names[stepField]}" has the same value on every row, so it is read as a metric and rows are numbered by position`,
    );
    stepField = -1;
  }
  /** Field index → metric column index; -1 for a text column, -2 for the step column. */
  const fieldMap = new Int32Array(names.length);
  const columns: string[] = [];
  const textColumns: string[] = [];
  names.forEach((name, i) => {
    if (i === stepField) fieldMap[i] = -2;
    else if (text[i]! > numeric[i]!) {
      fieldMap[i] = -1;
      textColumns.push(name);
    } else fieldMap[i] = columns.push(name) - 1;
  });
  if (stepField >= 0 && text[stepField]! > numeric[stepField]!) {
    throw new InputError(source, headerLine, `step column "${names[stepField]}" does not hold numbers`);
  }
  if (!columns.length) {
    throw new InputError(
      source,
      headerLine,
      `no numeric metric column${textColumns.length ? ` (text only: ${textColumns.join(', ')})` : ''}`,
    );
  }
  if (textColumns.length) {
    warnings.push(
      `text column${textColumns.length === 1 ? '' : 's'} left out: ${textColumns.map((n) => `"${n}"`).join(', ')}`,
    );
  }

  const truncated = { value: false };
  return {
    source,
    columns,
    stepColumn: stepField >= 0 ? names[stepField]! : null,
    batches: streamRows({
      source,
      head,
      start: dataStart,
      line: headerLine + 1,
      delimiter,
      fieldMap,
      columns,
      stepBuffer,
      parser: options.parser ?? 'auto',
      warnings,
      truncated,
    }),
    warnings,
    truncated,
  };
}

interface StreamState {
  source: string;
  /** The bytes read up front; the stream continues from `start`. */
  head: Head;
  start: number;
  /** Line number of the line at `start`. */
  line: number;
  delimiter: string;
  fieldMap: Int32Array;
  columns: string[];
  stepBuffer: number;
  parser: NonNullable<CsvTableOptions['parser']>;
  warnings: string[];
  truncated: { value: boolean };
}

/** Text found in numeric columns, per column: read as missing, reported once. */
class TextCells {
  private readonly counts: number[];
  private readonly first: (string | null)[];
  constructor(private readonly columns: string[]) {
    this.counts = columns.map(() => 0);
    this.first = columns.map(() => null);
  }
  add(column: number, line: number, text: string): void {
    if (this.counts[column]!++ === 0)
      this.first[column] = `line ${line}: "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
  }
  warnings(): string[] {
    return this.columns.flatMap((name, c) =>
      this.counts[c]
        ? [
            `column "${name}": ${this.counts[c]} cell${this.counts[c] === 1 ? '' : 's'} not a number, read as missing (first at ${this.first[c]})`,
          ]
        : [],
    );
  }
}

async function* streamRows(st: StreamState): AsyncGenerator<Batch> {
  const { source, fieldMap, columns, head } = st;
  const nFields = fieldMap.length;
  const stepField = fieldMap.indexOf(-2);
  const delim = st.delimiter.charCodeAt(0);
  // In a tab-separated file a tab ends a field instead of padding a number.
  const tabIsBlank = delim !== 0x09;
  const rows = new StepOrderedRows(columns.length, st.stepBuffer);
  const nColumns = columns.length;
  // Made on the first unquoted region, so the other parser choices never instantiate the module.
  let scanner: RowScanner | null = null;
  const values = rows.values;
  const kinds = rows.kinds;
  const textCells = new TextCells(columns);
  const cell: Cell = { kind: CellKind.Missing, value: NaN };
  const finite = new Uint8Array(columns.length);
  let rowIndex = 0;
  let rowsOut = 0;
  let longRows = 0;
  let firstLongRow = 0;
  let truncatedLine = 0;

  /** Hand on batches, noting which columns have a finite value. */
  function* out(batches: Batch[]): Generator<Batch> {
    for (const batch of batches) {
      rowsOut += batch.steps.length;
      for (let c = 0; c < columns.length; c++) {
        if (finite[c]) continue;
        const v = batch.values[c]!;
        for (let i = 0; i < v.length; i++) {
          if (Number.isFinite(v[i]!)) {
            finite[c] = 1;
            break;
          }
        }
      }
      yield batch;
    }
  }

  function endRow(step: number, fields: number, line: number): void {
    if (fields > nFields && longRows++ === 0) firstLongRow = line;
    rows.commit(stepField < 0 ? rowIndex : step, line);
    rowIndex++;
  }

  /** Index of the end of the field starting at `i`: the delimiter, the line feed, or a CR before it. */
  function fieldEnd(buf: Buffer, i: number): number {
    for (;;) {
      const c = buf[i];
      if (c === delim || c === LF || (c === CR && buf[i + 1] === LF)) return i;
      i++;
    }
  }

  /**
   * Complete unquoted lines in `buf[from, to)`, `to` just after a line feed. The WebAssembly scanner reads
   * the rows of plain numbers and empty cells; a run of them with increasing steps goes in whole, other
   * rows one by one, and the lines it leaves (tokens, text, padding, long rows) go to `jsLines`.
   * Returns the next line number.
   */
  function fastLines(buf: Buffer, from: number, to: number, line: number): number {
    scanner ??= new RowScanner(fieldMap, nColumns, delim, stepField >= 0);
    scanner.load(buf, from, to);
    let pos = from;
    while (pos < to) {
      const r = scanner.scan(pos, line, rowIndex);
      if (r.plain && r.rows > 0 && r.steps[0]! > rows.lastStep()) {
        rows.appendColumns(r.steps, r.values, r.capacity, r.rows);
        rowIndex += r.rows;
      } else {
        for (let k = 0; k < r.rows; k++) {
          if (r.simple[k]) {
            for (let c = 0; c < nColumns; c++) {
              const v = r.values[c * r.capacity + k]!;
              values[c] = v;
              kinds[c] = v === v ? CellKind.Number : CellKind.Missing;
            }
            rows.commit(r.steps[k]!, r.lineNo[k]!);
            rowIndex++;
          } else {
            const start = r.lineStart(k);
            jsLines(buf, start, buf.indexOf(LF, start) + 1, r.lineNo[k]!);
          }
        }
      }
      pos = r.stoppedAt;
      line = r.nextLine;
    }
    return line;
  }

  /**
   * Complete unquoted lines in `buf[from, to)`, `to` just after a line feed: one pass that splits fields
   * and reads numbers from the bytes, for every cell the cell grammar knows. Returns the next line number.
   */
  function jsLines(buf: Buffer, from: number, to: number, line: number): number {
    beginRegion(buf, from, to);
    let i = from;
    while (i < to) {
      let c = buf[i];
      if (c === LF || (c === CR && buf[i + 1] === LF)) {
        i += c === LF ? 1 : 2;
        line++;
        continue;
      }
      // Every field of the row writes its column, so only a short row needs the rest cleared (below).
      let step = NaN;
      let field = 0;
      for (;;) {
        const m = field < nFields ? fieldMap[field]! : -1;
        let j: number;
        if (m === -1) j = fieldEnd(buf, i);
        else {
          j = scanNumber(buf, i, to, tabIsBlank);
          let v = scanned[0]!;
          let kind = CellKind.Number;
          c = buf[j];
          if (v !== v || !(c === delim || c === LF || (c === CR && buf[j + 1] === LF))) {
            // Not a plain decimal: a token, an empty cell, or text.
            j = fieldEnd(buf, j);
            if (j === i) {
              v = NaN;
              kind = CellKind.Missing;
            } else {
              const text = buf.toString('utf8', i, j);
              classifyCell(text, cell);
              v = cell.value;
              kind = cell.kind;
              if (kind === CellKind.Text && m >= 0) textCells.add(m, line, text.trim());
            }
          }
          if (m === -2) step = kind === CellKind.Number ? v : NaN;
          else {
            values[m] = v;
            kinds[m] = kind;
          }
        }
        field++;
        c = buf[j];
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
      endRow(step, field, line);
      line++;
    }
    return line;
  }

  /** One record from csv-parse. */
  function slowRow(record: string[], line: number): void {
    rows.clearRow();
    let step = NaN;
    for (let f = 0; f < nFields && f < record.length; f++) {
      const m = fieldMap[f]!;
      if (m === -1) continue;
      classifyCell(record[f]!, cell);
      if (m === -2) step = cell.kind === CellKind.Number ? cell.value : NaN;
      else {
        values[m] = cell.value;
        kinds[m] = cell.kind;
        if (cell.kind === CellKind.Text) textCells.add(m, line, record[f]!.trim());
      }
    }
    endRow(step, record.length, line);
  }

  let fh: FileHandle | null = null;
  try {
    let pos = st.start;
    let line = st.line;
    let slowFrom = st.parser === 'csv-parse' ? pos : -1;
    const unquotedLines = st.parser === 'js' ? jsLines : fastLines;
    if (!head.eof) fh = await openFile(source);
    while (slowFrom < 0) {
      const buf = head.buf;
      const end = buf.lastIndexOf(LF, head.filled - 1) + 1;
      if (end > pos) {
        const quote = buf.indexOf(QUOTE, pos);
        if (quote >= 0 && quote < end) {
          const lineStart = buf.lastIndexOf(LF, quote) + 1;
          if (lineStart > pos) line = unquotedLines(buf, pos, lineStart, line);
          slowFrom = lineStart;
          pos = lineStart;
          break;
        }
        line = unquotedLines(buf, pos, end, line);
        pos = end;
        yield* out(rows.take());
      }
      if (head.eof) {
        // A last line without a line break: complete if it has all its fields, else cut off mid-write.
        if (!isBlank(buf, pos, head.filled)) {
          const quote = buf.indexOf(QUOTE, pos);
          if (quote >= 0 && quote < head.filled) {
            slowFrom = pos;
            break;
          }
          let e = head.filled;
          if (buf[e - 1] === CR) e--;
          let fields = 1;
          for (let j = pos; j < e; j++) if (buf[j] === delim) fields++;
          if (fields < nFields) truncatedLine = line;
          else {
            // A copy ending in a line feed, so the scanner sees a complete line.
            const last = Buffer.allocUnsafe(e - pos + 1);
            buf.copy(last, 0, pos, e);
            last[e - pos] = LF;
            unquotedLines(last, 0, last.length, line);
          }
        }
        break;
      }
      compact(source, head, pos, line);
      pos = 0;
      await fill(fh!, head);
    }

    if (slowFrom >= 0) {
      let lastByte = head.filled > slowFrom ? head.buf[head.filled - 1]! : LF;
      const file = fh;
      const firstBytes = head.buf.subarray(slowFrom, head.filled);
      async function* bytes(): AsyncGenerator<Buffer> {
        if (firstBytes.length) yield firstBytes;
        while (file && !head.eof) {
          const chunk = Buffer.allocUnsafe(CHUNK);
          const { bytesRead } = await file.read(chunk, 0, CHUNK, head.fileOffset);
          if (bytesRead === 0) {
            head.eof = true;
            break;
          }
          head.fileOffset += bytesRead;
          lastByte = chunk[bytesRead - 1]!;
          yield chunk.subarray(0, bytesRead);
        }
      }
      const { parse } = await import('csv-parse');
      const parser = parse({
        delimiter: st.delimiter,
        relax_column_count: true,
        relax_quotes: true,
        trim: true,
        skip_empty_lines: true,
        record_delimiter: ['\r\n', '\n'],
        max_record_size: MAX_LINE,
        info: true,
      });
      const lineOffset = line - 1;
      const input = Readable.from(bytes());
      input.on('error', (e) => parser.destroy(e));
      input.pipe(parser);
      let pending: { record: string[]; line: number } | null = null;
      try {
        for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
          if (pending) slowRow(pending.record, pending.line);
          pending = { record, line: lineOffset + info.lines };
          yield* out(rows.take());
        }
      } catch (e) {
        throw csvErrorToInput(source, e, lineOffset);
      }
      if (pending) {
        if (lastByte !== LF && pending.record.length < nFields) truncatedLine = pending.line;
        else slowRow(pending.record, pending.line);
      }
    }
    yield* out(rows.finish());
  } finally {
    await fh?.close();
  }

  st.warnings.push(...rows.warnings(), ...textCells.warnings());
  if (longRows)
    st.warnings.push(
      `${longRows} row${longRows === 1 ? '' : 's'} had more fields than the header; extra fields ignored (first at line ${firstLongRow})`,
    );
  if (truncatedLine) {
    st.truncated.value = true;
    st.warnings.push(
      `line ${truncatedLine}: last line is incomplete (file still being written?); left out, the ${rowsOut} complete rows kept`,
    );
  }
  if (rowsOut === 0) throw new InputError(source, null, 'no complete data rows');
  const empty = columns.filter((_, c) => !finite[c]);
  if (empty.length === columns.length) {
    throw new InputError(
      source,
      null,
      `no metric column has a finite value (${columns.length} column${columns.length === 1 ? '' : 's'}, all empty or NaN)`,
    );
  }
  if (empty.length) {
    st.warnings.push(
      `column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`,
    );
  }
}
