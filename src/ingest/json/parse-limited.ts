/**
 * JSON.parse with a size and a nesting-depth limit, for every JSON input (metrics files, manifest lines,
 * histories). V8 parses deeply nested JSON without complaint, but the code that walks the result (config
 * flattening, JSON.stringify, structured clones) recurses and dies with "Maximum call stack size
 * exceeded". The depth is checked first, by one scan of the text without recursion.
 */
import { InputError, lineAt } from '../../model.js';

/** Deeper than any file the tool reads or writes (a history record nests about 7 levels). */
export const MAX_JSON_DEPTH = 100;

export interface JsonLimits {
  /** Most nested objects and arrays (default MAX_JSON_DEPTH). */
  maxDepth?: number;
  /** Most characters of text (default: no limit beyond the caller's file-size limit). */
  maxChars?: number;
  /** The line to report, when the text is one line of a larger file (a manifest); else the line is found. */
  line?: number;
}

/** Index of the bracket that opens nesting level `maxDepth + 1`, or -1; strings are skipped over. */
export function depthExceededAt(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return -1;
}

/**
 * Parse `text` from `source`, or throw an InputError naming the file and line when it is too large or
 * too deeply nested. A syntax error is thrown as JSON.parse throws it (a SyntaxError), for the caller to
 * word for its own input.
 */
export function parseJsonLimited(text: string, source: string, limits: JsonLimits = {}): unknown {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  if (limits.maxChars !== undefined && text.length > limits.maxChars) {
    throw new InputError(
      source,
      limits.line ?? null,
      `JSON of ${text.length.toLocaleString('en-US')} characters is over the limit of ${limits.maxChars.toLocaleString('en-US')}`,
    );
  }
  const at = depthExceededAt(text, maxDepth);
  if (at >= 0) {
    throw new InputError(
      source,
      limits.line ?? lineAt(text, at),
      `JSON nested more than ${maxDepth} levels deep; refused`,
    );
  }
  return JSON.parse(text);
}
