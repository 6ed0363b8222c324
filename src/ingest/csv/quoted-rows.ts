/**
 * Rows through csv-parse, from the first line with a quote character to the end of the file: csv-parse
 * handles quoted fields, embedded line breaks and quoting errors, which the byte scanner does not.
 */
import { Readable } from 'node:stream';
import type { Batch } from '../../model.js';
import { csvErrorToInput, csvParseOptions } from './csv-parse-dialect.js';
import { type FileWindow, MAX_LINE } from './file-window.js';
import { LF } from './line-bytes.js';
import { RecordCells } from './record-cells.js';
import type { CsvRows } from './row-sink.js';
import { isCutOff } from './truncated-line.js';

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

export class QuotedRows {
  private readonly cells: RecordCells;
  /** The last byte of the file read so far: whether the file ends with a line break. */
  private lastByte = LF;

  constructor(
    /** Field index → metric column, TEXT_FIELD or STEP_FIELD (column-types.ts). */
    private readonly fieldMap: Int32Array,
    private readonly delimiter: string,
    private readonly sink: CsvRows,
    /** The header's column names, to skip the header where it is repeated. */
    names: string[],
  ) {
    this.cells = new RecordCells(fieldMap, sink, names);
  }

  /** The file from `window.buf[from]` (line number `line`) to its end, yielding batches as they complete. */
  async *read(window: FileWindow, from: number, line: number): AsyncGenerator<Batch> {
    const { parse } = await import('csv-parse');
    const parser = parse({ ...csvParseOptions(this.delimiter), max_record_size: MAX_LINE, info: true });
    const lineOffset = line - 1;
    const input = Readable.from(this.bytesFrom(window, from));
    input.on('error', (e) => parser.destroy(e));
    input.pipe(parser);
    // Each record is committed when the next arrives: the last one may be a line cut off mid-write.
    let pending: { record: string[]; line: number } | null = null;
    try {
      for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
        if (pending) this.cells.commit(pending.record, pending.line);
        pending = { record, line: lineOffset + info.lines };
        yield* this.sink.take();
      }
    } catch (e) {
      throw csvErrorToInput(window.source, e, lineOffset);
    }
    if (!pending) return;
    if (this.lastByte !== LF && isCutOff(pending.record.length, this.fieldMap.length)) this.sink.cutOff(pending.line);
    else this.cells.commit(pending.record, pending.line);
  }

  /** What the window holds from `from` on, then the rest of the file. */
  private async *bytesFrom(window: FileWindow, from: number): AsyncGenerator<Buffer> {
    const held = window.buf.subarray(from, window.filled);
    if (held.length) {
      this.lastByte = held[held.length - 1]!;
      yield held;
    }
    for (;;) {
      const chunk = await window.readAhead();
      if (!chunk) return;
      this.lastByte = chunk[chunk.length - 1]!;
      yield chunk;
    }
  }
}
