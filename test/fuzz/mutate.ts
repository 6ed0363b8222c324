/**
 * Seeded mutations of a metrics file: each operator turns a document into a hostile variant of it. Text
 * operators work on the decoded text (names, number tokens, lines); byte operators work on the encoded
 * file (encodings, bit flips, truncation) and always run after the text ones. Pure functions of (input,
 * random source), so a case is reproduced from its seed and index alone.
 */

/** Uniform numbers in [0, 1). */
export type Random = () => number;

/** How names are written in the file: CSV header cells, or JSON strings (keys and values). */
export type Syntax = 'csv' | 'json';

export interface TextMutation {
  name: string;
  apply(text: string, rnd: Random, syntax: Syntax): string;
}

export interface ByteMutation {
  name: string;
  apply(bytes: Buffer, rnd: Random): Buffer;
}

export const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const int = (rnd: Random, lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));

/** Tokens real writers emit for missing or non-finite values, and a few no writer should. */
const NON_FINITE = ['NaN', 'nan', '-nan', 'inf', '-inf', '+inf', 'Infinity', '-Infinity', '1e999', '-1e999'];
/** Numbers no writer makes but a corrupt file holds: past 2^53, past a double's range. */
const ODD_NUMBERS = [
  '0x1F',
  '1_000',
  '--1',
  '.',
  '-',
  '',
  '1e',
  '+-0',
  '١٢٣',
  '99999999999999999999999',
  '9007199254740993',
  '1e309',
  '-1e300',
];
/** The sizes: a 50,000-digit cell; digits then a non-digit make a backtracking matcher retry. */
const HUGE_CELLS = [
  '9'.repeat(50_000),
  `1.${'0'.repeat(50_000)}`,
  `-${'7'.repeat(50_000)}e5`,
  `${'1'.repeat(50_000)}x`,
  `${'1'.repeat(25_000)}.${'2'.repeat(25_000)}.`,
];
const DEPTH = 20_000;
/** Mostly objects: readers that walk nested objects (a manifest's config) recurse into them. */
const DEEP_VALUES = [
  `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  `${'{"a":'.repeat(DEPTH)}{}${'}'.repeat(DEPTH)}`,
  `${'[{"k":'.repeat(DEPTH / 2)}0${'}]'.repeat(DEPTH / 2)}`,
  `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
  '{"a":'.repeat(DEPTH),
];
const LONG_NAME_LENGTHS = [300, 10_000, 100_000, 1_000_000];
const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
/** Names that would start a workflow command, or markup, if printed or rendered as they are. */
const HOSTILE_NAMES = [
  'loss\n::error::injected',
  'loss\r\n::set-output name=verdict::pass',
  '\n::add-mask::tmg',
  'x\n::stop-commands::tmgtoken',
  'x\n::warning file=a.ts,line=1::w',
  'x\n##[error]old-style',
  '<img src=x onerror=alert(1)>',
  '| a | b |\n|---|---|',
  '@octocat [x](http://example.invalid) ![i](http://example.invalid/i.png)',
];
const CONTROL = [
  '\0',
  '\x01',
  '\x07',
  '\b',
  '\x1b[31m',
  '\x7f',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\t',
  '\v',
  '\f',
  '\u202e',
];

/** A whole number token, not the digits of a name such as `gpt3` or `1.3b`. */
const NUMBER = /(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/g;
const JSON_STRING = /"(?:[^"\\\n]|\\.)*"/g;

interface Span {
  start: number;
  end: number;
}

function spans(text: string, pattern: RegExp): Span[] {
  return [...text.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Where names are: the first line's cells (CSV; whitespace-separated when it has no comma), or JSON strings. */
function nameSpans(text: string, syntax: Syntax): Span[] {
  if (syntax === 'json') return spans(text, JSON_STRING);
  const first = /^[^\r\n]*/.exec(text)![0];
  return spans(first, first.includes(',') ? /[^,]+/g : /\S+/g);
}

function replaceSpan(text: string, span: Span, value: string): string {
  return text.slice(0, span.start) + value + text.slice(span.end);
}

/** A name written so the file still parses: a JSON string literal, or a CSV cell quoted when it must be. */
function encodeName(name: string, syntax: Syntax): string {
  if (syntax === 'json') return JSON.stringify(name);
  return /[",\r\n]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

function replaceName(text: string, rnd: Random, syntax: Syntax, name: string): string {
  const sites = nameSpans(text, syntax);
  return sites.length ? replaceSpan(text, pick(rnd, sites), encodeName(name, syntax)) : encodeName(name, syntax) + text;
}

/** Replace `count` number tokens, chosen at random, with what `value` gives. */
function replaceNumbers(text: string, rnd: Random, count: number, value: () => string): string {
  const all = spans(text, NUMBER);
  if (!all.length) return value() + text;
  const chosen = new Set(Array.from({ length: count }, () => Math.floor(rnd() * all.length)));
  // Right to left, so the earlier spans keep their offsets.
  return [...chosen].sort((a, b) => b - a).reduce((t, i) => replaceSpan(t, all[i]!, value()), text);
}

function insertAt(text: string, rnd: Random, count: number, piece: () => string): string {
  let out = text;
  for (let k = 0; k < count; k++) {
    const at = Math.floor(rnd() * (out.length + 1));
    out = out.slice(0, at) + piece() + out.slice(at);
  }
  return out;
}

function splitLines(text: string): string[] {
  return text.split('\n');
}

export const TEXT_MUTATIONS: readonly TextMutation[] = [
  {
    name: 'delete-lines',
    apply: (text, rnd) => {
      const lines = splitLines(text);
      const at = int(rnd, 0, lines.length - 1);
      lines.splice(at, int(rnd, 1, 5));
      return lines.join('\n');
    },
  },
  {
    name: 'duplicate-lines',
    apply: (text, rnd) => {
      const lines = splitLines(text);
      const from = int(rnd, 0, lines.length - 1);
      const copy = lines.slice(from, from + int(rnd, 1, 20));
      lines.splice(int(rnd, 0, lines.length), 0, ...copy);
      return lines.join('\n');
    },
  },
  {
    name: 'crlf-mix',
    apply: (text, rnd) =>
      splitLines(text)
        .map((l, i, all) => (i === all.length - 1 ? l : l + pick(rnd, ['\n', '\r\n', '\r', '\n', '\r\r\n'])))
        .join(''),
  },
  {
    name: 'non-finite-tokens',
    apply: (text, rnd) => replaceNumbers(text, rnd, int(rnd, 1, 10), () => pick(rnd, NON_FINITE)),
  },
  {
    name: 'odd-numbers',
    apply: (text, rnd) => replaceNumbers(text, rnd, int(rnd, 1, 5), () => pick(rnd, ODD_NUMBERS)),
  },
  { name: 'huge-cell', apply: (text, rnd) => replaceNumbers(text, rnd, 1, () => pick(rnd, HUGE_CELLS)) },
  { name: 'deep-nesting', apply: (text, rnd) => replaceNumbers(text, rnd, 1, () => pick(rnd, DEEP_VALUES)) },
  {
    name: 'long-name',
    apply: (text, rnd, syntax) => {
      const length = pick(rnd, LONG_NAME_LENGTHS);
      return replaceName(text, rnd, syntax, pick(rnd, ['a', 'm.', 'loss ', 'é']).repeat(length).slice(0, length));
    },
  },
  { name: 'proto-name', apply: (text, rnd, syntax) => replaceName(text, rnd, syntax, pick(rnd, PROTO_NAMES)) },
  { name: 'hostile-name', apply: (text, rnd, syntax) => replaceName(text, rnd, syntax, pick(rnd, HOSTILE_NAMES)) },
  {
    name: 'quotes',
    apply: (text, rnd) => insertAt(text, rnd, int(rnd, 1, 5), () => pick(rnd, ['"', "'", '""', '\\"'])),
  },
  { name: 'control-chars', apply: (text, rnd) => insertAt(text, rnd, int(rnd, 1, 10), () => pick(rnd, CONTROL)) },
];

/** UTF-16 in the byte order asked for; Node only writes little-endian, so big-endian is a swap. */
function utf16(text: string, bigEndian: boolean, bom: boolean): Buffer {
  const le = Buffer.from((bom ? '\ufeff' : '') + text, 'utf16le');
  return bigEndian ? le.swap16() : le;
}

/** Encodings first in this list: a case applies its byte mutations in this order. */
export const BYTE_MUTATIONS: readonly ByteMutation[] = [
  { name: 'utf8-bom', apply: (bytes) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) },
  {
    name: 'utf16',
    apply: (bytes, rnd) => utf16(bytes.toString('utf8'), rnd() < 0.5, rnd() < 0.8),
  },
  {
    name: 'byte-flips',
    apply: (bytes, rnd) => {
      const out = Buffer.from(bytes);
      if (!out.length) return out;
      for (let k = int(rnd, 1, 16); k > 0; k--) {
        const at = Math.floor(rnd() * out.length);
        out[at] = out[at]! ^ (1 << int(rnd, 0, 7));
      }
      return out;
    },
  },
  { name: 'truncate', apply: (bytes, rnd) => bytes.subarray(0, Math.floor(rnd() * bytes.length)) },
];

export const MUTATION_NAMES: readonly string[] = [...TEXT_MUTATIONS, ...BYTE_MUTATIONS].map((m) => m.name);

/**
 * Apply the named mutations to `text`: text mutations in the order given, then byte mutations in
 * BYTE_MUTATIONS order (an encoding before flips and truncation, so those hit the encoded bytes).
 */
export function mutate(text: string, names: readonly string[], rnd: Random, syntax: Syntax): Buffer {
  let out = text;
  for (const name of names) {
    const m = TEXT_MUTATIONS.find((t) => t.name === name);
    if (m) out = m.apply(out, rnd, syntax);
  }
  let bytes: Buffer = Buffer.from(out, 'utf8');
  for (const m of BYTE_MUTATIONS) if (names.includes(m.name)) bytes = m.apply(bytes, rnd);
  return bytes;
}

/**
 * The mutations of case `index`: the first cases take each operator alone, in turn, so every operator
 * runs at least once however few cases are asked for; later cases combine one to three at random, the
 * costly ones (huge cells, deep nesting, long names) drawn half as often so a run stays within its time.
 */
export function mutationsOf(index: number, rnd: Random): string[] {
  if (index < MUTATION_NAMES.length) return [MUTATION_NAMES[index]!];
  const weighted = MUTATION_NAMES.flatMap((n) => (COSTLY.has(n) ? [n] : [n, n]));
  return [...new Set(Array.from({ length: int(rnd, 1, 3) }, () => pick(rnd, weighted)))];
}

const COSTLY = new Set(['huge-cell', 'deep-nesting', 'long-name']);
