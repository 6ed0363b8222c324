/**
 * A last line without a line break: the file may still be being written (a job logging while the CSV is
 * read), so the line is either complete and merely unterminated, or cut off mid-write. It is complete when
 * it has all the header's fields; a cut-off line is left out and the table marked truncated.
 */
import { CR, LF } from './line-bytes.js';

/** Whether an unterminated last line of `fields` fields was cut off mid-write. */
export function isCutOff(fields: number, headerFields: number): boolean {
  return fields < headerFields;
}

/**
 * The unterminated last line `buf[from, to)` (without quotes) as a complete line ending in a line feed,
 * for the byte scanner, which reads complete lines only; null when it was cut off.
 */
export function completeLastLine(
  buf: Buffer,
  from: number,
  to: number,
  delim: number,
  headerFields: number,
): Buffer | null {
  const end = buf[to - 1] === CR ? to - 1 : to;
  let fields = 1;
  for (let j = from; j < end; j++) if (buf[j] === delim) fields++;
  if (isCutOff(fields, headerFields)) return null;
  const line = Buffer.allocUnsafe(end - from + 1);
  buf.copy(line, 0, from, end);
  line[end - from] = LF;
  return line;
}
