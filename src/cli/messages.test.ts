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

/** The static text of each string and template literal (not the code inside `${…}`), comments left out. */
function stringTexts(code: string): string[] {
  const texts: string[] = [];
  /** Open template literals; each entry is the `{` depth of code inside its current `${`, or -1 in its text. */
  const templates: number[] = [];
  let text = '';
  let i = 0;
  const inText = () => templates.length > 0 && templates.at(-1) === -1;
  while (i < code.length) {
    const c = code[i]!;
    if (inText()) {
      if (c === '\\') text += code.slice(i, (i += 2));
      else if (c === '`') texts.push(text), (text = ''), templates.pop(), i++;
      else if (c === '$' && code[i + 1] === '{')
        texts.push(text), (text = ''), (templates[templates.length - 1] = 0), (i += 2);
      else (text += c), i++;
      continue;
    }
    if (code.startsWith('//', i)) i = code.indexOf('\n', i) < 0 ? code.length : code.indexOf('\n', i);
    else if (code.startsWith('/*', i)) i = code.indexOf('*/', i) + 2;
    else if (c === '/' && /[(,=:[!&|?{};]\s*$|^\s*$/.test(code.slice(Math.max(0, i - 20), i))) i = afterRegExp(code, i);
    else if (c === "'" || c === '"') {
      const m = new RegExp(`${c}(?:[^${c}\\\\\\n]|\\\\.)*${c}`, 'y');
      m.lastIndex = i;
      const hit = m.exec(code);
      if (hit) texts.push(hit[0]), (i += hit[0].length);
      else i++;
    } else if (c === '`') templates.push(-1), i++;
    else {
      if (templates.length > 0 && c === '{') templates[templates.length - 1]!++;
      if (templates.length > 0 && c === '}') {
        if (templates.at(-1) === 0) templates[templates.length - 1] = -1;
        else templates[templates.length - 1]!--;
      }
      i++;
    }
  }
  return texts;
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
      for (const text of stringTexts(readFileSync(f, 'utf8'))) {
        for (const name of names)
          if (new RegExp(`\\b${name}\\b`).test(text)) found.push(`${f}: ${name} in ${text.slice(0, 80)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
