/**
 * One file holding several ranks' rows, told apart by a `rank` (or `global_rank`) column of a CSV or key
 * of a JSON-lines log: split into one file per rank before any reader orders the rows by step, since one
 * rank's step 1 logged after another's step 2 is not a restart. Each rank's file keeps the original's line
 * numbers (the other ranks' lines become blank lines, which every reader skips), so a message about a row
 * names the line it is on in the original.
 *
 * A file of one rank costs one read up to the end and writes nothing; a file of several is read until its
 * second rank shows, then once more to write the ranks' files, in a temporary folder removed when the
 * process exits. A row whose rank cannot be read is left out, and counted. The blank lines cost each
 * rank's file a byte per line of the original; a column of more than MAX_RANKS values is not ranks (a
 * ranking, an id), and the file is read as it is.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parse } from 'csv-parse';
import { csvErrorToInput, csvParseOptions } from './csv/csv-parse-dialect.js';
import { FileWindow, MAX_LINE } from './csv/file-window.js';
import { sniffCsv } from './csv/sniff.js';
import { openFile, readHead, readTextFile } from './file.js';
import { sniffKind } from './sniff.js';
import { tempDirUntilExit } from '../temp-dir.js';

/** A column or key naming the rank a row is from. */
export const RANK_FIELD = /^(global_)?rank$/i;
/** JSON files are read whole, as the JSON reader does. */
const MAX_JSON_BYTES = 256 << 20;
const HEAD_BYTES = 64 << 10;
/** More ranks than any one file of a job holds (a node's logger writes its 8; a job's, its few hundred). */
export const MAX_RANKS = 1024;

export interface RankSplit {
  /** In rank order. */
  ranks: { rank: string; file: string }[];
  /** Rows left out, for the run's warnings. */
  warnings: string[];
}

/** One row as read: its rank (null when unreadable) and its text as written, line ends included. */
interface Row {
  rank: string | null;
  /** The row's bytes in the file, with the blank lines before it and its line end (none on a cut-off last line). */
  text: string;
  /** Line of the text's first character. */
  firstLine: number;
}

/** The file's head (everything up to the end of its header line) and its rows. */
interface Source {
  head: string;
  headLines: number;
  rows: () => AsyncIterable<Row>;
}

/** A rank cell: a whole number (`3`, or `3.0` as a float column writes it). */
export function rankCell(cell: unknown): string | null {
  if (typeof cell === 'number') return Number.isSafeInteger(cell) && cell >= 0 ? String(cell) : null;
  if (typeof cell !== 'string') return null;
  const m = /^\s*(\d{1,9})(?:\.0*)?\s*$/.exec(cell);
  return m ? String(Number(m[1])) : null;
}

/** The file's rows split by rank, or null when it has no rank column or only one rank in it. */
export async function splitRanks(path: string): Promise<RankSplit | null> {
  const source = await rankSource(path);
  if (!source || !(await hasTwoRanks(source))) return null;
  return write(path, source);
}

class TooManyRanks extends Error {}

/**
 * The rank a file's first row names in its rank column or key; null when it has none (or is no table). A
 * JSON-lines log's first line is in its head, so the file is not read whole for it.
 */
export async function firstRank(path: string): Promise<string | null> {
  const head = await readHead(path, HEAD_BYTES).catch(() => null);
  if (head && sniffKind(path, head) === 'json') {
    const first = firstLineOf(head.toString('utf8').replace(/^\uFEFF/, ''));
    return first === null ? null : rankOf(objectOf(first));
  }
  const source = await rankSource(path);
  if (source) for await (const row of source.rows()) if (row.rank !== null) return row.rank;
  return null;
}

/** A JSON-lines object's rank, from its rank key; null without one. */
function rankOf(obj: Record<string, unknown> | null): string | null {
  const key = obj && Object.keys(obj).find((k) => RANK_FIELD.test(k));
  return key ? rankCell(obj[key]) : null;
}

/**
 * The file as rows with their ranks, when it is a CSV or JSON-lines table whose first line names a rank;
 * null otherwise, or when it cannot be read (opening it as a table names the problem). Every run's file
 * comes through here, so a file without a rank costs one read of its first bytes, no more.
 */
async function rankSource(path: string): Promise<Source | null> {
  try {
    const head = await readHead(path, HEAD_BYTES);
    const kind = sniffKind(path, head);
    const first = firstLineOf(head.toString('utf8').replace(/^\uFEFF/, ''));
    if (kind === 'csv')
      return first !== null && names(first).some((n) => RANK_FIELD.test(n)) ? await csvSource(path) : null;
    if (kind === 'json') {
      const obj = first === null ? null : objectOf(first);
      return obj && Object.keys(obj).some((k) => RANK_FIELD.test(k)) ? await jsonLinesSource(path) : null;
    }
  } catch {
    // opening it as a table names the problem
  }
  return null;
}

/** The first non-blank line of a file's head; null when the head ends inside it. */
function firstLineOf(head: string): string | null {
  // Line by line, not one regular expression: a long line without a break would make one backtrack.
  for (let start = 0; ; ) {
    const end = head.indexOf('\n', start);
    if (end < 0) return null;
    const line = head.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') return line;
    start = end + 1;
  }
}

/** A header line's names, whatever the delimiter (the CSV sniffer decides it later), quotes taken off. */
function names(line: string): string[] {
  return line.split(/[,\t;|]/).map((n) =>
    n
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

async function hasTwoRanks(source: Source): Promise<boolean> {
  let first: string | null = null;
  for await (const row of source.rows()) {
    if (row.rank === null) continue;
    first ??= row.rank;
    if (row.rank !== first) return true;
  }
  return false;
}

async function write(path: string, source: Source): Promise<RankSplit | null> {
  const dir = tempDirUntilExit('tmg-ranks-');
  const ext = extname(path) || '.csv';
  const files = new Map<string, { fd: number; file: string; lines: number; pending: string[] }>();
  let pendingChars = 0;
  const flush = () => {
    for (const f of files.values()) if (f.pending.length) writeSync(f.fd, f.pending.splice(0).join(''));
    pendingChars = 0;
  };
  let unread = 0;
  let firstUnread = 0;
  try {
    for await (const row of source.rows()) {
      if (row.rank === null) {
        if (unread++ === 0) firstUnread = row.firstLine + (/^[\r\n]*/.exec(row.text)![0].match(/\n/g)?.length ?? 0);
        continue;
      }
      let f = files.get(row.rank);
      if (!f) {
        if (files.size === MAX_RANKS) throw new TooManyRanks();
        const file = join(dir, `${basename(path, ext)}.rank-${row.rank}${ext}`);
        f = { fd: openSync(file, 'w'), file, lines: source.headLines, pending: [source.head] };
        files.set(row.rank, f);
      }
      // The other ranks' lines become blank lines, so this one stays at its line.
      const blanks = row.firstLine - 1 - f.lines;
      const chunk = blanks > 0 ? '\n'.repeat(blanks) + row.text : row.text;
      f.pending.push(chunk);
      f.lines = row.firstLine - 1 + newlines(row.text);
      pendingChars += chunk.length;
      if (pendingChars >= 1 << 20) flush();
    }
    flush();
  } catch (e) {
    if (!(e instanceof TooManyRanks)) throw e;
    return null;
  } finally {
    for (const f of files.values()) closeSync(f.fd);
  }
  const warnings = unread
    ? [
        `${unread} row${unread === 1 ? '' : 's'} of a file of several ranks had no readable rank (a whole number); left out (first at line ${firstUnread})`,
      ]
    : [];
  const ranks = [...files.entries()]
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([rank, f]) => ({ rank, file: f.file }));
  return { ranks, warnings };
}

/** A CSV whose header names a rank column: its rows through csv-parse, with the dialect the reader uses. */
async function csvSource(path: string): Promise<Source | null> {
  const window = new FileWindow(path);
  let sniffed: Awaited<ReturnType<typeof sniffCsv>>;
  let headEnd: number;
  try {
    sniffed = await sniffCsv(window);
    headEnd = window.fileOffset - window.filled + sniffed.dataStart;
  } finally {
    await window.close();
  }
  const column = sniffed.names.findIndex((n) => RANK_FIELD.test(n.trim()));
  if (column < 0) return null;
  const head = (await readHead(path, headEnd)).toString('utf8');
  const headLines = sniffed.headerLine;
  return {
    head: head.endsWith('\n') ? head : `${head}\n`,
    headLines,
    rows: async function* () {
      const fh = await openFile(path);
      try {
        yield* csvRows(fh, headEnd, headLines, sniffed.delimiter, column);
      } catch (e) {
        throw csvErrorToInput(path, e, headLines);
      } finally {
        await fh.close();
      }
    },
  };
}

/**
 * The rows of a CSV after its header, each with its bytes as written: csv-parse says where each record
 * ends (`info.bytes`; its line count is off after a CRLF inside quotes), and the bytes are taken from a
 * second, sequential read of the file.
 */
async function* csvRows(
  fh: FileHandle,
  headEnd: number,
  headLines: number,
  delimiter: string,
  column: number,
): AsyncIterable<Row> {
  const parser = fh
    .createReadStream({ start: headEnd, autoClose: false })
    .pipe(parse({ ...csvParseOptions(delimiter), max_record_size: MAX_LINE, info: true }));
  const bytes = new SequentialBytes(fh, headEnd);
  let line = headLines + 1;
  for await (const r of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
    const text = await bytes.upTo(headEnd + r.info.bytes);
    yield { rank: rankCell(r.record[column]), text, firstLine: line };
    line += newlines(text);
  }
}

/** A file's bytes in order, read a MiB at a time. */
class SequentialBytes {
  private buf = Buffer.alloc(0);
  /** File offset of buf[0]. */
  private start: number;
  private pos: number;

  constructor(
    private readonly fh: FileHandle,
    from: number,
  ) {
    this.start = from;
    this.pos = from;
  }

  /** The text from where the last call ended up to file offset `end`. */
  async upTo(end: number): Promise<string> {
    const parts: Buffer[] = [];
    while (this.pos < end) {
      const at = this.pos - this.start;
      if (at >= this.buf.length) {
        const chunk = Buffer.allocUnsafe(Math.max(1 << 20, end - this.pos));
        const { bytesRead } = await this.fh.read(chunk, 0, chunk.length, this.pos);
        if (bytesRead === 0) break;
        this.buf = chunk.subarray(0, bytesRead);
        this.start = this.pos;
        continue;
      }
      const take = Math.min(this.buf.length - at, end - this.pos);
      parts.push(this.buf.subarray(at, at + take));
      this.pos += take;
    }
    return Buffer.concat(parts).toString('utf8');
  }
}

function newlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A JSON-lines log whose first object has a rank key: its lines, each parsed for its rank. */
async function jsonLinesSource(path: string): Promise<Source | null> {
  const text = (await readTextFile(path, MAX_JSON_BYTES)).replace(/^\uFEFF/, '');
  const lines = text.split('\n');
  const firstLine = lines.findIndex((l) => l.trim() !== '');
  const first = firstLine < 0 ? null : objectOf(lines[firstLine]!);
  if (!first || !Object.keys(first).some((k) => RANK_FIELD.test(k))) return null;
  return {
    head: '',
    headLines: 0,
    rows: async function* () {
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!.replace(/\r$/, '');
        if (line.trim() === '') continue;
        yield {
          rank: rankOf(objectOf(line)),
          text: i < lines.length - 1 ? `${lines[i]}\n` : lines[i]!,
          firstLine: i + 1,
        };
      }
    },
  };
}

function objectOf(line: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(line);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
