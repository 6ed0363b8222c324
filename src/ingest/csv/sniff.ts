/**
 * What a CSV is, from its first bytes: refuses what is not UTF-8 text, finds the header line (after a BOM
 * and blank lines), its delimiter and column names.
 */
import { InputError } from '../../model.js';
import type { FileWindow } from './file-window.js';
import { detectDelimiter, parseHeader } from './header.js';
import { isBlank, lineEndOutsideQuotes } from './line-bytes.js';

/** Bytes searched for a NUL, the mark of a binary file. */
const BINARY_PROBE = 65_536;

export interface SniffedCsv {
  names: string[];
  delimiter: string;
  /** Line number of the header line, and its text. */
  headerLine: number;
  headerText: string;
  /** Index in the window's buffer of the first byte after the header line. */
  dataStart: number;
}

/** Refuse files that are not UTF-8 text, by their first bytes. */
function refuseNonText(window: FileWindow): void {
  const { buf, filled, source } = window;
  if (filled === 0) throw new InputError(source, null, 'empty file');
  if (buf[0] === 0x1f && buf[1] === 0x8b) throw new InputError(source, null, 'gzip-compressed; decompress it first');
  if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) {
    throw new InputError(source, null, 'UTF-16 text; save the CSV as UTF-8');
  }
  if (buf.subarray(0, Math.min(filled, BINARY_PROBE)).includes(0)) {
    throw new InputError(source, null, 'binary file (NUL bytes), not a text CSV');
  }
}

/** Where the header line lies in the window (reading more while it is unfinished), and its line number. */
async function locateHeader(window: FileWindow): Promise<{ start: number; end: number; line: number }> {
  const bom = window.buf[0] === 0xef && window.buf[1] === 0xbb && window.buf[2] === 0xbf;
  let start = bom ? 3 : 0;
  let line = 1;
  for (;;) {
    let nl = lineEndOutsideQuotes(window.buf, start, window.filled);
    while (nl === start || (nl > start && isBlank(window.buf, start, nl))) {
      start = nl + 1;
      line++;
      nl = lineEndOutsideQuotes(window.buf, start, window.filled);
    }
    if (nl >= 0) return { start, end: nl, line };
    if (window.eof) {
      if (isBlank(window.buf, start, window.filled)) {
        throw new InputError(window.source, null, 'empty file (only blank lines)');
      }
      throw new InputError(window.source, line, 'header only: no data rows');
    }
    window.compact(start, line);
    start = 0;
    await window.fill();
  }
}

/** Read the window's first bytes (opening the file for it) and sniff the CSV they start. */
export async function sniffCsv(window: FileWindow): Promise<SniffedCsv> {
  let header: { start: number; end: number; line: number };
  await window.open();
  try {
    await window.fill();
    refuseNonText(window);
    header = await locateHeader(window);
  } finally {
    await window.close();
  }
  const headerText = window.buf.toString('utf8', header.start, header.end).replace(/\r$/, '');
  const delimiter = detectDelimiter(headerText);
  const names = await parseHeader(window.source, header.line, headerText, delimiter);
  const dataStart = header.end + 1;
  if (window.eof && isBlank(window.buf, dataStart, window.filled)) {
    throw new InputError(window.source, header.line, 'header only: no data rows');
  }
  return { names, delimiter, headerLine: header.line, headerText, dataStart };
}
