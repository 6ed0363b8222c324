/**
 * `conda list` output → package → version: `# …` header lines, then columns `name version build
 * [channel]` (the version is what is kept; a CUDA toolkit, NCCL or cuDNN is a package of its own there);
 * also `conda list --export` lines `name=version=build`. Names are normalised as PEP 503 says. A line of
 * one column, or of more than four, is an InputError naming it.
 */
import { InputError } from '../model.js';
import { packageName } from './package-name.js';
import { quoteLine } from './quote-line.js';

export function parseCondaList(source: string, text: string): Map<string, string> {
  const out = new Map<string, string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const exported = /^([^=\s]+)=([^=\s]+)(?:=(\S+))?$/.exec(line);
    const cells = exported ? [exported[1]!, exported[2]!] : line.split(/\s+/);
    if (cells.length < 2 || cells.length > 4)
      throw new InputError(
        source,
        i + 1,
        `not a conda list line (expected name, version, build and channel columns): ${quoteLine(line)}`,
      );
    out.set(packageName(cells[0]!), cells[1]!);
  });
  return out;
}

/** Does the text look like conda's: its header, or a first entry in its column or export form? */
export function looksLikeConda(text: string): boolean {
  if (/^#\s*(packages in environment at|platform:)/m.test(text)) return true;
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  if (!first) return false;
  const line = first.trim();
  if (line.includes('==') || line.includes(' @ ') || line.startsWith('-')) return false;
  return /^[^=\s]+=[^=\s]+(=\S+)?$/.test(line) || /^\S+\s+\S+(\s+\S+){0,2}$/.test(line);
}
