/**
 * `pip freeze` (and `pip list --format=freeze`) output → package → version. Understood lines:
 * `name==version` (also `===`, with an environment marker after `;` left out), `name @ URL` (a direct
 * reference: the URL is the version), `-e URL#egg=name` (an editable checkout: the URL), comments, blank
 * lines and pip options (`-i`, `--index-url`, …). An editable line that names no package is skipped: there
 * is nothing to call it. Names are normalised as PEP 503 says (package-name.ts). Anything else is an
 * InputError naming the line.
 */
import { InputError } from '../model.js';
import { packageName } from './package-name.js';
import { quoteLine } from './quote-line.js';

const PINNED = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*===?\s*([^\s;]+)\s*(?:;.*)?$/;
const DIRECT = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s+@\s+(\S+)\s*(?:;.*)?$/;

export function parsePipFreeze(source: string, text: string): Map<string, string> {
  const out = new Map<string, string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (/^(-e|--editable)\s/.test(line)) {
      const url = line.replace(/^(-e|--editable)\s+/, '');
      const egg = /[#&]egg=([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(url);
      if (egg) out.set(packageName(egg[1]!), url);
      return;
    }
    if (line.startsWith('-')) return; // -i, --index-url, -f …: where pip looked, not what it installed
    const m = PINNED.exec(line) ?? DIRECT.exec(line);
    if (!m)
      throw new InputError(
        source,
        i + 1,
        `not a pip freeze line (expected name==version, name @ URL or -e URL#egg=name): ${quoteLine(line)}`,
      );
    out.set(packageName(m[1]!), m[2]!);
  });
  return out;
}
