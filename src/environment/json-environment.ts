/**
 * A JSON environment file → field → value. The file is one object; a string value is kept as it is, a
 * number or boolean as JSON writes it, null is left out, and a nested object is flattened with dots
 * (`{"versions": {"torch": "2.5.0"}}` → `versions.torch`). Field names are kept as written (trimmed). An
 * array, an empty or over-long name, or a file that is not one object is an InputError naming the line.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { InputError, lineAt } from '../model.js';

/** Longest field name kept: a name is a package or a setting, never a document. */
export const MAX_FIELD_NAME = 100;

export function parseJsonEnvironment(source: string, text: string): Map<string, string> {
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
