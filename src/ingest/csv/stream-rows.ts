/**
 * The data rows of a CSV as a stream of batches: the byte scanner reads complete unquoted lines window by
 * window; from the first line with a quote on, csv-parse reads the rest of the file. Both put their rows
 * into one CsvRows sink, which resolves restarts and repeated steps (step-order.ts) the same way for
 * both, so the batches do not depend on which reader read a row.
 */
import type { Batch } from '../../model.js';
import type { ColumnLayout } from './column-types.js';
import type { FileWindow } from './file-window.js';
import { isBlank, LF, QUOTE } from './line-bytes.js';
import { QuotedRows } from './quoted-rows.js';
import { CsvRows } from './row-sink.js';
import { completeLastLine } from './truncated-line.js';
import { UnquotedRows } from './unquoted-rows.js';

/**
 * `byte-scanner`: unquoted lines through the byte scanner, csv-parse from the first line with a quote on;
 * `csv-parse`: every line through csv-parse. Both give the same batches; the choice is for tests, which
 * hold the byte scanner to csv-parse, and for `npm run bench:ingest`.
 */
export type RowParser = 'byte-scanner' | 'csv-parse';

export interface RowStreamPlan {
  /** The window the header was read from; the data rows start at `start`, on line `line`. */
  window: FileWindow;
  start: number;
  line: number;
  delimiter: string;
  /** The header's column names: a line that repeats them is skipped. */
  names: string[];
  layout: ColumnLayout;
  stepBuffer: number;
  parser: RowParser;
  /** The table's warnings and truncation flag, completed once the last batch has been taken. */
  warnings: string[];
  truncated: { value: boolean };
  crash: { at: string | null };
}

/** How far reading has got: an index in the window's buffer, and the line number there. */
interface Cursor {
  pos: number;
  line: number;
}

/** The readers of one stream and the sink they share. */
interface Readers {
  sink: CsvRows;
  scanner: UnquotedRows;
  delim: number;
  headerFields: number;
}

export async function* streamRows(plan: RowStreamPlan): AsyncGenerator<Batch> {
  const { window, layout } = plan;
  const sink = new CsvRows(
    window.source,
    layout.columns,
    layout.fieldMap.length,
    layout.stepColumn !== null,
    plan.stepBuffer,
  );
  const readers: Readers = {
    sink,
    scanner: new UnquotedRows(layout.fieldMap, plan.delimiter, sink, plan.names),
    delim: plan.delimiter.charCodeAt(0),
    headerFields: layout.fieldMap.length,
  };
  const at: Cursor = { pos: plan.start, line: plan.line };
  try {
    if (!window.eof) await window.open();
    let quoted = plan.parser === 'csv-parse';
    if (!quoted) quoted = yield* readUnquoted(window, readers, at);
    if (quoted) yield* new QuotedRows(layout.fieldMap, plan.delimiter, sink, plan.names).read(window, at.pos, at.line);
    yield* sink.finish();
  } finally {
    await window.close();
  }
  sink.close(plan.warnings, plan.truncated, plan.crash);
}

/**
 * Unquoted lines from `at` on, refilling the window as they are consumed. Returns true when it stopped
 * at the start of a line with a quote (`at` is there), false when it read to the end of the file.
 */
async function* readUnquoted(window: FileWindow, readers: Readers, at: Cursor): AsyncGenerator<Batch, boolean> {
  for (;;) {
    const buf = window.buf;
    const end = buf.lastIndexOf(LF, window.filled - 1) + 1;
    if (end > at.pos) {
      const quote = buf.indexOf(QUOTE, at.pos);
      if (quote >= 0 && quote < end) {
        const lineStart = buf.lastIndexOf(LF, quote) + 1;
        if (lineStart > at.pos) at.line = readers.scanner.read(buf, at.pos, lineStart, at.line);
        at.pos = lineStart;
        return true;
      }
      at.line = readers.scanner.read(buf, at.pos, end, at.line);
      at.pos = end;
      yield* readers.sink.take();
    }
    if (window.eof) return readLastLine(window, readers, at);
    window.compact(at.pos, at.line);
    at.pos = 0;
    await window.fill();
  }
}

/**
 * What is left at the end of the file after the last line break: nothing, a last line without a line
 * break (read, or noted as cut off), or one with a quote, for csv-parse (returns true).
 */
function readLastLine(window: FileWindow, readers: Readers, at: Cursor): boolean {
  const { buf, filled } = window;
  if (isBlank(buf, at.pos, filled)) return false;
  const quote = buf.indexOf(QUOTE, at.pos);
  if (quote >= 0 && quote < filled) return true;
  const last = completeLastLine(buf, at.pos, filled, readers.delim, readers.headerFields);
  if (last) readers.scanner.read(last, 0, last.length, at.line);
  else readers.sink.cutOff(at.line);
  return false;
}
