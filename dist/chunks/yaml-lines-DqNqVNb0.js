import { d as distExports } from './index-D2ITh64m.js';
import { I as InputError } from './postgres-url-BezLfty4.js';

/**
 * YAML (or JSON, which is YAML) as a document whose nodes know their lines, so that what is wrong in a
 * config, a price list or a history file is reported at its line.
 */
/** Parse without judging: syntax errors stay in `doc.errors`. */
function linedDocument(text) {
    return parse(text).lined;
}
/** Parse; the first syntax error is an InputError naming `source` and its line (`invalid <what>: …`). */
function parseLinedYaml(text, source, what = 'YAML') {
    const { lined, lines } = parse(text);
    const err = lined.doc.errors[0];
    if (err)
        throw new InputError(source, lines.linePos(err.pos[0]).line, `invalid ${what}: ${err.message.split('\n')[0]}`);
    return lined;
}
function parse(text) {
    const lines = new distExports.LineCounter();
    const doc = distExports.parseDocument(text, { lineCounter: lines, prettyErrors: false });
    return { lined: { doc, lineOf: (node) => (node?.range ? lines.linePos(node.range[0]).line : null) }, lines };
}

export { linedDocument as l, parseLinedYaml as p };
