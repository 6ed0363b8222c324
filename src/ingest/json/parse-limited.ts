/**
 * JSON.parse with a size and a nesting-depth limit, for every JSON input (metrics files, manifest lines,
 * histories). V8 parses deeply nested JSON without complaint, but the code that walks the result (config
 * flattening, JSON.stringify, structured clones) recurses and dies with "Maximum call stack size
 * exceeded". The depth is checked first, by one scan of the text without recursion.
 *
 * The same scan finds Python's non-finite tokens: `json.dump` writes a NaN or infinite float as a bare
 * `NaN`, `Infinity` or `-Infinity` (the Hugging Face Trainer's `trainer_state.json` after an fp16 overflow
 * step), which JSON.parse refuses. Outside strings each is rewritten as the string `"NaN"`, `"Infinity"`
 * or `"-Infinity"`, which every reader here takes as the explicit non-finite value it is, as it does the
 * `"nan"` strings Megatron writes. Linear: one pass, one rewrite only when such a token is there.
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

const PYTHON_TOKENS = ['NaN', 'Infinity', '-Infinity'] as const;

/**
 * One scan of the text, strings skipped over: the index of the bracket that opens nesting level
 * `maxDepth + 1` (or -1), and where Python's bare non-finite tokens start (at most until the depth is
 * exceeded).
 */
export function scanJson(text: string, maxDepth: number): { depthAt: number; tokens: [at: number, token: string][] } {
  let depth = 0;
  let inString = false;
  const tokens: [number, string][] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return { depthAt: i, tokens };
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    else if (c === 0x4e /* N */ || c === 0x49 /* I */ || c === 0x2d /* - */) {
      const token = PYTHON_TOKENS.find((t) => text.startsWith(t, i));
      if (token) {
        tokens.push([i, token]);
        i += token.length - 1;
      }
    }
  }
  return { depthAt: -1, tokens };
}

/** Index of the bracket that opens nesting level `maxDepth + 1`, or -1; strings are skipped over. */
export function depthExceededAt(text: string, maxDepth: number): number {
  return scanJson(text, maxDepth).depthAt;
}

/** The text with each bare token quoted, so JSON.parse reads it as the string the readers take as non-finite. */
function quoteTokens(text: string, tokens: readonly [number, string][]): string {
  const parts: string[] = [];
  let from = 0;
  for (const [at, token] of tokens) {
    parts.push(text.slice(from, at), `"${token}"`);
    from = at + token.length;
  }
  parts.push(text.slice(from));
  return parts.join('');
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
  const { depthAt: at, tokens } = scanJson(text, maxDepth);
  if (at >= 0) {
    throw new InputError(
      source,
      limits.line ?? lineAt(text, at),
      `JSON nested more than ${maxDepth} levels deep; refused`,
    );
  }
  return JSON.parse(tokens.length ? quoteTokens(text, tokens) : text);
}
