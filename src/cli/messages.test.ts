/**
 * Messages a user reads never name the code's own functions ("read with readManifest"): no text in a
 * string of the sources holds the name of a function the sources export.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A scan of source text that collects the static text of string and template literals. */
class LiteralScanner {
  readonly texts: string[] = [];
  /** Open template literals: for each, the `{` depth of the code inside its current `${`, or -1 in its text. */
  private readonly templates: number[] = [];
  private text = '';
  private i = 0;

  constructor(private readonly code: string) {}

  scan(): string[] {
    while (this.i < this.code.length) {
      if (this.templates.at(-1) === -1) this.templateText();
      else this.codeChar();
    }
    return this.texts;
  }

  private templateText(): void {
    const c = this.code[this.i]!;
    if (c === '\\') {
      this.text += this.code.slice(this.i, this.i + 2);
      this.i += 2;
    } else if (c === '`' || (c === '$' && this.code[this.i + 1] === '{')) {
      this.texts.push(this.text);
      this.text = '';
      if (c === '`') this.templates.pop();
      else this.templates[this.templates.length - 1] = 0;
      this.i += c === '`' ? 1 : 2;
    } else {
      this.text += c;
      this.i++;
    }
  }

  private codeChar(): void {
    const { code, i } = this;
    const c = code[i]!;
    if (code.startsWith('//', i)) this.i = code.includes('\n', i) ? code.indexOf('\n', i) : code.length;
    else if (code.startsWith('/*', i)) this.i = code.indexOf('*/', i) + 2;
    else if (c === '/' && /(?:[(,=:[!&|?{};]|^)\s*$/.test(code.slice(Math.max(0, i - 20), i)))
      this.i = afterRegExp(code, i);
    else if (c === "'" || c === '"') this.quoted(c);
    else if (c === '`') {
      this.templates.push(-1);
      this.i++;
    } else {
      this.brace(c);
      this.i++;
    }
  }

  private quoted(quote: string): void {
    const m = new RegExp(`${quote}(?:[^${quote}\\\\\\n]|\\\\.)*${quote}`, 'y');
    m.lastIndex = this.i;
    const hit = m.exec(this.code);
    if (hit) this.texts.push(hit[0]);
    this.i += hit ? hit[0].length : 1;
  }

  /** Braces of the code inside a template's `${…}`: the closing one returns to the template's text. */
  private brace(c: string): void {
    const depth = this.templates.at(-1);
    if (depth === undefined) return;
    if (c === '{') this.templates[this.templates.length - 1] = depth + 1;
    if (c === '}') this.templates[this.templates.length - 1] = depth === 0 ? -1 : depth - 1;
  }
}

/** The index after a regular expression literal starting at `i` (character classes and escapes skipped). */
function afterRegExp(code: string, i: number): number {
  let inClass = false;
  for (let j = i + 1; j < code.length; j++) {
    const c = code[j];
    if (c === '\\') j++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return j + 1;
    else if (c === '\n') return j;
  }
  return code.length;
}

describe('user-facing text', () => {
  it('names no exported function of the sources', () => {
    const files = sources('src');
    const names = new Set<string>();
    for (const f of files)
      for (const m of readFileSync(f, 'utf8').matchAll(/export (?:async )?function (\w*[a-z][A-Z]\w*)/g))
        names.add(m[1]!);
    expect(names.has('readManifest')).toBe(true);
    const found: string[] = [];
    for (const f of files) {
      for (const text of new LiteralScanner(readFileSync(f, 'utf8')).scan()) {
        for (const name of names)
          if (new RegExp(`\\b${name}\\b`).test(text)) found.push(`${f}: ${name} in ${text.slice(0, 80)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
