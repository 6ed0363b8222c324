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
  /** Told of each key the top-level object holds twice (JSON.parse keeps the later value). */
  onDuplicateKey?: (duplicate: DuplicateKey) => void;
}

const PYTHON_TOKENS = ['NaN', 'Infinity', '-Infinity'] as const;

/** A key the top-level object holds twice: JSON.parse keeps the later value without a word. */
export interface DuplicateKey {
  key: string;
  /** Where each of the two starts in the text. */
  first: number;
  again: number;
}

/**
 * One scan of the text, strings skipped over: the index of the bracket that opens nesting level
 * `maxDepth + 1` (or -1), where Python's bare non-finite tokens start (at most until the depth is
 * exceeded), and, with `topKeys`, the keys the top-level object holds more than once.
 */
export function scanJson(
  text: string,
  maxDepth: number,
  topKeys = false,
): { depthAt: number; tokens: [at: number, token: string][]; duplicates: DuplicateKey[] } {
  let depth = 0;
  let inString = false;
  const tokens: [number, string][] = [];
  const duplicates: DuplicateKey[] = [];
  const keys = topKeys ? new Map<string, number>() : null;
  // In the top-level object, at a place where a key comes (after its `{` or a `,`).
  let keyNext = false;
  let keyStart = -1;
  let topObject = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) {
        inString = false;
        if (keyStart >= 0) {
          const raw = text.slice(keyStart + 1, i);
          const key = raw.includes('\\') ? unescaped(raw) : raw;
          const first = keys!.get(key);
          if (first === undefined) keys!.set(key, keyStart);
          else duplicates.push({ key, first, again: keyStart });
          keyStart = -1;
        }
      }
    } else if (c === 0x22) {
      inString = true;
      if (keyNext) {
        keyStart = i;
        keyNext = false;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return { depthAt: i, tokens, duplicates };
      if (depth === 1) topObject = c === 0x7b;
      keyNext = keys !== null && depth === 1 && topObject;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    else if (c === 0x2c /* , */) {
      if (depth === 1 && topObject && keys !== null) keyNext = true;
    } else if (c === 0x4e /* N */ || c === 0x49 /* I */ || c === 0x2d /* - */) {
      const token = PYTHON_TOKENS.find((t) => text.startsWith(t, i));
      if (token) {
        tokens.push([i, token]);
        i += token.length - 1;
      }
    }
  }
  return { depthAt: -1, tokens, duplicates };
}

/** A key's text with its escapes read; as it is when they are not JSON's (JSON.parse then says so). */
function unescaped(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
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
  const { depthAt: at, tokens, duplicates } = scanJson(text, maxDepth, limits.onDuplicateKey !== undefined);
  if (at >= 0) {
    throw new InputError(
      source,
      limits.line ?? lineAt(text, at),
      `JSON nested more than ${maxDepth} levels deep; refused`,
    );
  }
  const value = JSON.parse(tokens.length ? quoteTokens(text, tokens) : text);
  for (const d of duplicates) limits.onDuplicateKey!(d);
  return value;
}
