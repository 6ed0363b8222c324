/**
 * A per-step metrics CSV as a streamed Table.
 *
 * Most training CSVs are all-numeric and unquoted, and csv-parse, which makes a string per cell, is too
 * slow for a 1 GB file or for a CI step that should take well under a second. So complete lines without
 * a quote are read straight from the bytes by the byte scanner; from the first line with a quote on, the
 * rest of the file goes through csv-parse. Both read cells by the grammar of `cell.ts` and commit rows
 * through the same sink, so they produce identical batches (tests hold them to that).
 *
 * Reading goes: the file window's first bytes (file-window.ts) → sniffing the header (sniff.ts) → a
 * sample of rows (sample.ts) to type the columns (column-types.ts) → the rows, streamed (stream-rows.ts).
 * Memory: one read buffer (1 MiB, grown up to MAX_LINE for long lines) and at most three row blocks.
 */
import type { Table } from '../../model.js';
import { typeColumns } from './column-types.js';
import { FileWindow } from './file-window.js';
import { findStepColumn, isHeaderRecord } from './header.js';
import { refuseNonTable } from './not-a-table.js';
import { refuseRunSummary } from './run-summary.js';
import { refuseWandbExport } from './wandb-export.js';
import { sampleRecords } from './sample.js';
import { sniffCsv } from './sniff.js';
import { type RowParser, streamRows } from './stream-rows.js';

export type { RowParser } from './stream-rows.js';

/** Bytes after the header looked at to tell a table from a log. */
const PROBE_BYTES = 64 << 10;

/** Rows per batch and the least number of rows held back for restarts. */
export const DEFAULT_STEP_BUFFER = 65_536;

export interface CsvTableOptions {
  /** Rows per batch, and the least number of recent rows a restart can rewrite. */
  stepBuffer?: number;
  /** Which reader reads the rows; `byte-scanner` (the default) is the one to use outside tests and benches. */
  parser?: RowParser;
  /** Told how many bytes each read adds, for progress. */
  onBytes?: (bytes: number) => void;
}

/** Open a per-step metrics CSV. Reads the header and a sample up front; rows stream from `batches`. */
export async function openCsvTable(source: string, options: CsvTableOptions = {}): Promise<Table> {
  const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
  const window = new FileWindow(source, options.onBytes);
  const { names, delimiter, headerLine, headerText, dataStart } = await sniffCsv(window);
  const after = window.buf.toString('utf8', dataStart, Math.min(window.filled, dataStart + PROBE_BYTES));
  refuseNonTable(source, { headerLine, headerText, after, delimiter, names });
  const sample = (await sampleRecords(window, dataStart, headerLine, delimiter)).filter(
    (record) => !isHeaderRecord(record, names),
  );
  refuseWandbExport(source, headerLine, names);
  const layout = typeColumns(source, headerLine, names, findStepColumn(names), sample);
  refuseRunSummary(source, headerLine, names, layout, sample);
  const truncated = { value: false };
  const crash: { at: string | null } = { at: null };
  return {
    source,
    columns: layout.columns,
    stepColumn: layout.stepColumn,
    batches: streamRows({
      window,
      start: dataStart,
      line: headerLine + 1,
      delimiter,
      names,
      layout,
      stepBuffer,
      parser: options.parser ?? 'byte-scanner',
      warnings: layout.warnings,
      truncated,
      crash,
    }),
    warnings: layout.warnings,
    truncated,
    crash,
  };
}
