/**
 * The first data records of a CSV, read from the file window before streaming starts, so that text
 * columns can be told from numeric ones.
 */
import type { CsvError } from 'csv-parse';
import { csvErrorToInput, csvParseOptions } from './csv-parse-dialect.js';
import type { FileWindow } from './file-window.js';
import { LF, QUOTE } from './line-bytes.js';

/** Rows looked at up front to tell text columns from numeric ones. */
const SAMPLE_ROWS = 1000;
/** Bytes looked at up front (at most SAMPLE_ROWS rows of them). */
const SAMPLE_BYTES = 256 << 10;

/**
 * The records from `from` (the first data line) on. Unquoted text is split directly; quoted text goes
 * through csv-parse, where a quoting error in the sample is reported up front with its line. (csv-parse
 * is loaded only for quoted files: most metrics CSVs never need it.)
 */
export async function sampleRecords(
  window: FileWindow,
  from: number,
  headerLine: number,
  delimiter: string,
): Promise<string[][]> {
  const wholeRest = window.eof && window.filled - from <= SAMPLE_BYTES;
  const end = wholeRest
    ? window.filled
    : window.buf.lastIndexOf(LF, Math.min(window.filled, from + SAMPLE_BYTES) - 1) + 1;
  if (end <= from) return [];
  return recordsOfBytes(window.source, window.buf.subarray(from, end), headerLine, delimiter, wholeRest);
}

/**
 * The records of `bytes` (whole lines; `complete` when they run to the end of the input, so a quote
 * left open there is an error rather than a sample cut inside a quoted field), at most SAMPLE_ROWS.
 */
export async function recordsOfBytes(
  source: string,
  bytes: Buffer,
  headerLine: number,
  delimiter: string,
  complete: boolean,
): Promise<string[][]> {
  if (!bytes.includes(QUOTE)) return splitUnquoted(bytes, delimiter);
  const sample: string[][] = [];
  const { parse: parseSync } = await import('csv-parse/sync');
  try {
    parseSync(bytes, {
      ...csvParseOptions(delimiter),
      to: SAMPLE_ROWS,
      on_record: (record: string[]) => {
        sample.push(record);
        return record;
      },
    });
  } catch (e) {
    // A sample cut inside a quoted field is not an error; the stream will see the whole field.
    const err = e as CsvError;
    if (complete || err.code !== 'CSV_QUOTE_NOT_CLOSED') throw csvErrorToInput(source, e, headerLine);
  }
  return sample;
}

function splitUnquoted(bytes: Buffer, delimiter: string): string[][] {
  return bytes
    .toString('utf8')
    .split('\n', SAMPLE_ROWS + 1)
    .slice(0, SAMPLE_ROWS)
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '')
    .map((line) => line.split(delimiter));
}
