/**
 * Per-step logs written one JSON object per line: LLaMA-Factory's `trainer_log.jsonl` (`current_steps`,
 * `total_steps`, `loss`, `lr`, `elapsed_time`), W&B's `wandb-history.jsonl` (`_step`, `_runtime`), and any
 * log whose lines share a step-like key. Told apart from a batch manifest (also JSON lines) by content:
 * most lines carry a numeric step, where manifest lines name files and carry none.
 * Each line is parsed alone (Python's NaN and Infinity included), so a cut last line, as a job killed
 * mid-write leaves it, is a warning; a broken line before it is an error naming its line.
 */
import { InputError, type Table } from '../../model.js';
import { StepMap } from '../step-map.js';
import { parseJsonLimited } from './parse-limited.js';
import { safeStep } from './safe-step.js';

/** Step keys in the order they are preferred when a line has more than one. */
export const STEP_KEYS = ['step', 'global_step', 'current_steps', '_step', 'iteration', 'iter', 'steps'] as const;

/** One line of JSON text is at most this long; a longer one is not a per-step log line. */
const MAX_LINE_CHARS = 1 << 20;

interface Line {
  line: number;
  text: string;
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    const t = text.slice(start, stop).replace(/\r$/, '');
    if (t.trim()) out.push({ line, text: t });
    if (end < 0) break;
    start = end + 1;
    line++;
  }
  return out;
}

/** Whether `text` is JSON lines (two or more lines, each a whole object) — cheap: the first two lines only. */
export function looksLikeJsonLines(text: string): boolean {
  const first = lines(text.slice(0, 1 << 16)).slice(0, 2);
  return first.length === 2 && first.every((l) => /^\s*\{.*\}\s*$/.test(l.text));
}

/** The step key most lines have (over half), or null: then the lines are not a per-step log. */
export function jsonLinesStepKey(objects: readonly Record<string, unknown>[]): string | null {
  for (const key of STEP_KEYS) {
    const n = objects.filter((o) => typeof o[key] === 'number' && Number.isFinite(o[key])).length;
    if (n > objects.length / 2) return key;
  }
  return null;
}

export interface ParsedLines {
  objects: Record<string, unknown>[];
  /** Each object's line in the file. */
  lines: number[];
  truncated: boolean;
}

/** Parsed lines, the last one forgiven when it is cut off. */
export function parseJsonLines(source: string, text: string, warnings: string[]): ParsedLines {
  const all = lines(text);
  const objects: Record<string, unknown>[] = [];
  const numbers: number[] = [];
  let truncated = false;
  // A key twice on a line: JSON.parse keeps the later value without a word.
  let twice = 0;
  let firstTwice = '';
  all.forEach(({ line, text: t }, i) => {
    let value: unknown;
    const onDuplicateKey = ({ key }: { key: string }) => {
      if (twice++ === 0) firstTwice = `line ${line}: "${key}"`;
    };
    try {
      value = parseJsonLimited(t, source, { line, maxChars: MAX_LINE_CHARS, onDuplicateKey });
    } catch (e) {
      if (e instanceof InputError) throw e;
      if (i === all.length - 1 && !/\}\s*$/.test(t)) {
        truncated = true;
        warnings.push(`line ${line} is cut off (the file ends inside it) and is left out`);
        return;
      }
      throw new InputError(source, line, `invalid JSON on this line: ${(e as Error).message.split('\n')[0]}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new InputError(source, line, 'a line of JSON lines must be an object');
    objects.push(value as Record<string, unknown>);
    numbers.push(line);
  });
  if (twice)
    warnings.push(
      `${twice} key${twice === 1 ? ' is' : 's are'} given twice on a line (the first: ${firstTwice}): the later value is read, the first left out`,
    );
  return { objects, lines: numbers, truncated };
}

/** The per-step table of a JSON-lines log whose step key is `stepKey`. */
export function jsonLinesTable(
  source: string,
  parsed: ParsedLines,
  stepKey: string,
  batchSize: number,
  warnings: string[],
): Table {
  const map = new StepMap(source);
  let withoutStep = 0;
  let unsafe = 0;
  let firstUnsafe = '';
  let nested = 0;
  let total: number | undefined;
  let badTotal: unknown;
  for (const [i, o] of parsed.objects.entries()) {
    const raw = o[stepKey];
    if (typeof raw !== 'number' || !Number.isFinite(raw)) {
      withoutStep++;
      continue;
    }
    const step = safeStep(raw);
    if (step === null) {
      if (unsafe++ === 0) firstUnsafe = `line ${parsed.lines[i]}: ${raw}`;
      continue;
    }
    // LLaMA-Factory's planned length: the expected steps for completeness, not a metric.
    if (typeof o.total_steps === 'number' && o.total_steps > 0) {
      if (Number.isSafeInteger(o.total_steps)) total = o.total_steps;
      else badTotal ??= o.total_steps;
    }
    for (const key in o) {
      if (key === stepKey || key === 'total_steps') continue;
      const value = o[key];
      if (typeof value === 'object' && value !== null) {
        nested++;
        continue;
      }
      map.set(step, key, value);
    }
  }
  if (withoutStep)
    warnings.push(`${withoutStep} line${withoutStep === 1 ? '' : 's'} without a numeric "${stepKey}" left out`);
  if (unsafe)
    warnings.push(
      `${unsafe} line${unsafe === 1 ? '' : 's'} whose "${stepKey}" is not a whole number within ±2^53 left out (the first: ${firstUnsafe})`,
    );
  if (badTotal !== undefined)
    warnings.push(
      `"total_steps" ${badTotal} is not a whole number within ±2^53; the expected length is not known from it`,
    );
  if (nested)
    warnings.push(`${nested} nested value${nested === 1 ? '' : 's'} (objects or lists, such as logged media) left out`);
  const replaced = map.replacedNote();
  if (replaced) warnings.push(replaced);
  const table = map.toTable(stepKey, batchSize, warnings);
  if (parsed.truncated) table.truncated.value = true;
  return total === undefined ? table : { ...table, expectedSteps: total };
}
