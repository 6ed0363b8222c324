/**
 * YAML (or JSON, which is YAML) as a document whose nodes know their lines, so that what is wrong in a
 * config, a price list or a history file is reported at its line.
 */
import { LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { InputError } from '../model.js';

export interface LinedDocument {
  doc: Document.Parsed;
  /** 1-based line where `node` starts, or null for a node without a position. */
  lineOf(node: Node | null | undefined): number | null;
}

/** Parse without judging: syntax errors stay in `doc.errors`. */
export function linedDocument(text: string): LinedDocument {
  return parse(text).lined;
}

/** Parse; the first syntax error is an InputError naming `source` and its line (`invalid <what>: …`). */
export function parseLinedYaml(text: string, source: string, what = 'YAML'): LinedDocument {
  const { lined, lines } = parse(text);
  const err = lined.doc.errors[0];
  if (err)
    throw new InputError(source, lines.linePos(err.pos[0]).line, `invalid ${what}: ${err.message.split('\n')[0]}`);
  return lined;
}

function parse(text: string): { lined: LinedDocument; lines: LineCounter } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  return { lined: { doc, lineOf: (node) => (node?.range ? lines.linePos(node.range[0]).line : null) }, lines };
}
