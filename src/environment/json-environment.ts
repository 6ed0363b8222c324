/**
 * A JSON environment file → field → value. The file is one object; a string value is kept as it is, a
 * number or boolean as JSON writes it, null is left out, and a nested object is flattened with dots
 * (`{"versions": {"torch": "2.5.0"}}` → `versions.torch`). Field names are kept as written (trimmed). An
 * array, an empty or over-long name, a file nested deeper than MAX_DEPTH or not one object is an
 * InputError naming the line. The depth is checked first without recursion, and the text parsed by
 * JSON.parse, before the (recursive) parser that knows each key's line ever sees it.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { scanJson } from '../ingest/json/parse-limited.js';
import { jsonSyntaxError } from '../ingest/json/syntax-error.js';
import { InputError, lineAt } from '../model.js';

/** An environment is a listing: a few levels of grouping at most. */
export const MAX_DEPTH = 20;

/** Longest field name kept: a name is a package or a setting, never a document. */
export const MAX_FIELD_NAME = 100;

export function parseJsonEnvironment(source: string, text: string): Map<string, string> {
  const { depthAt } = scanJson(text, MAX_DEPTH);
  if (depthAt >= 0)
    throw new InputError(source, lineAt(text, depthAt), `environment JSON is nested deeper than ${MAX_DEPTH} levels`);
  try {
    JSON.parse(text);
  } catch (e) {
    const syntax = jsonSyntaxError(e as Error);
    const what = syntax.what;
    const offset = syntax.offset ?? firstErrorOffset(text);
    throw new InputError(
      source,
      offset === null ? null : lineAt(text, offset),
      `environment file is not valid JSON (${what})`,
    );
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first)
    throw new InputError(
      source,
      lineAt(text, first.offset),
      `environment file is not valid JSON (${printParseErrorCode(first.error)})`,
    );
  if (root?.type !== 'object') throw new InputError(source, 1, 'environment JSON must be one object of field → value');
  const out = new Map<string, string>();
  const walk = (node: Node, prefix: string) => {
    for (const pair of node.children ?? []) {
      const [key, value] = pair.children ?? [];
      if (!key || !value) continue;
      const name = `${prefix}${String(key.value).trim()}`;
      const bad = (what: string) =>
        new InputError(source, lineAt(text, key.offset), `${JSON.stringify(name)}: ${what}`);
      if (String(key.value).trim() === '') throw bad('a field needs a name');
      if (name.length > MAX_FIELD_NAME) throw bad(`a field name is at most ${MAX_FIELD_NAME} characters`);
      if (value.type === 'object') walk(value, `${name}.`);
      else if (value.type === 'array')
        throw bad('a list is not a value; give one string (e.g. "a,b") or an object of named values');
      else if (value.type === 'null') continue;
      else out.set(name, typeof value.value === 'string' ? value.value : JSON.stringify(value.value));
    }
  };
  walk(root, '');
  return out;
}

/** Brackets of a text the recursive parser may read to find an error's line: few enough for any stack. */
const MAX_BRACKETS_TO_LOCATE = 1000;

/**
 * Where the first syntax error is, for JSON.parse's messages that give no position (`Unexpected token`):
 * from jsonc-parser, but only where the text holds at most MAX_BRACKETS_TO_LOCATE brackets in all (strings
 * and comments included, so its recursion is bounded whatever it takes for a string); else null.
 */
function firstErrorOffset(text: string): number | null {
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 0x7b || c === 0x5b) && ++brackets > MAX_BRACKETS_TO_LOCATE) return null;
  }
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors[0]?.offset ?? null;
}
