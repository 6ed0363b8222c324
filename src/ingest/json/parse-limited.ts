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
  const tokens: [number, string][] = [];
  const duplicates: DuplicateKey[] = [];
  const keys = topKeys ? new Map<string, number>() : null;
  let topObject = false;
  // Only these characters matter; the regular expression skips the rest (digits, commas) natively.
  const interesting = /["{}[\]NI-]/g;
  for (let m = interesting.exec(text); m !== null; m = interesting.exec(text)) {
    const i = m.index;
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const close = closingQuote(text, i);
      // A string in the top-level object right after its `{` or a `,` is a key.
      if (keys && depth === 1 && topObject && /[{,]/.test(previousNonSpace(text, i))) {
        const raw = text.slice(i + 1, close);
        const key = raw.includes('\\') ? unescaped(raw) : raw;
        const first = keys.get(key);
        if (first === undefined) keys.set(key, i);
        else duplicates.push({ key, first, again: i });
      }
      interesting.lastIndex = close + 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return { depthAt: i, tokens, duplicates };
      if (depth === 1) topObject = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    else {
      const token = PYTHON_TOKENS.find((t) => text.startsWith(t, i));
      if (token) {
        tokens.push([i, token]);
        interesting.lastIndex = i + token.length;
      }
    }
  }
  return { depthAt: -1, tokens, duplicates };
}

/** Where the string opened at `open` closes (its closing quote, not one escaped), or the text's end. */
function closingQuote(text: string, open: number): number {
  for (let q = text.indexOf('"', open + 1); q >= 0; q = text.indexOf('"', q + 1)) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 0x5c /* \ */) slashes++;
    if (slashes % 2 === 0) return q;
  }
  return text.length;
}

/** The character before `at`, whitespace skipped ('' at the start). */
function previousNonSpace(text: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i >= 0 ? text[i]! : '';
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
