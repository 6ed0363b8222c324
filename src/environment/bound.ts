/**
 * What a record keeps of an environment, bounded: a record is written for every run, so a 400-package
 * freeze must not grow 100,000 records without limit.
 *  - A value keeps at most MAX_VALUE characters (longer ones end in `…`), control characters made spaces.
 *  - A field name keeps at most MAX_FIELD_NAME characters.
 *  - At most MAX_FIELDS fields: the first ones given (the runner's, the capture's and the image come first,
 *    then each file's in name order) are kept, and a warning says how many were left out.
 */
import { MAX_FIELD_NAME } from './json-environment.js';

export const MAX_VALUE = 200;
export const MAX_FIELDS = 1000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

function cut(text: string, max: number): string {
  const clean = text.replace(CONTROL, ' ').trim();
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('')}…`;
}

/** The fields in the order given, bounded; `warnings` says what was left out. */
export function boundEnvironment(entries: Iterable<[string, string]>): {
  environment: Record<string, string>;
  warnings: string[];
} {
  const kept = new Map<string, string>();
  let dropped = 0;
  for (const [name, value] of entries) {
    const field = cut(name, MAX_FIELD_NAME);
    if (!field) continue;
    if (!kept.has(field) && kept.size >= MAX_FIELDS) {
      dropped++;
      continue;
    }
    kept.set(field, cut(value, MAX_VALUE));
  }
  const warnings = dropped
    ? [
        `environment: ${kept.size + dropped} fields, ${dropped} left out: a record keeps at most ${MAX_FIELDS} (give the packages that matter, e.g. pip freeze | grep -E 'torch|nccl|cudnn')`,
      ]
    : [];
  return { environment: Object.fromEntries(kept), warnings };
}
