/**
 * How csv-parse is asked to read a metrics CSV (the sample up front and the rows from the first quote on
 * use the same options), and its errors as one-line InputErrors.
 */
import type { CsvError, Options } from 'csv-parse';
import { InputError } from '../../model.js';
import { MAX_LINE } from './file-window.js';

/** Ragged rows and stray quotes are read, not rejected: loggers write both, and the cell grammar decides. */
export function csvParseOptions(delimiter: string): Options {
  return {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n'],
  };
}

/** A csv-parse error as an InputError; `lineOffset` is the file line before the first line csv-parse read. */
export function csvErrorToInput(source: string, e: unknown, lineOffset: number): InputError {
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
