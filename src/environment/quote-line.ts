/**
 * A bad line as an error quotes it: JSON-quoted, at most `max` characters, and cut only between words
 * (whitespace-separated tokens), a word too long to fit left out as `…`. A secret or a URL with credentials
 * is one word, so the message holds it whole or not at all, and the redaction every message passes through
 * (SecretRegistry.message) always sees the whole of it: a cut never leaves a secret's prefix behind.
 */
export function quoteLine(line: string, max = 80): string {
  let out = '';
  for (const part of line.split(/(\s+)/)) {
    if (out.length + part.length > max) return JSON.stringify(`${out.trimEnd()}${out.trim() ? ' ' : ''}…`);
    out += part;
  }
  return JSON.stringify(out);
}
