/**
 * The one rule for name → value fields a run records or a history holds (an environment, a manifest's
 * config): a field whose name is a secret's keeps `[redacted]` for its value, so the record says the field
 * was there but not what it held; every other value has the secrets in it by shape and by name taken out
 * (`https://***@host`, `--hf_token=***`), and a name shaped like a secret is taken out too.
 *
 * A package of a `pip freeze` or `conda list` is named by its project (`google-auth`, `oauthlib`), and its
 * value is a version: when a run records one, the name rule is not for it. A history's fields are read
 * back without knowing which were packages, so there a value that reads as a version number (`2.35.0`,
 * `1.0.0rc1`, `12.4`) is shown as it is whatever its name; everything else is as when recorded.
 */
import { redactSecretArguments } from './secret-arguments.js';
import { looksLikeSecretName } from './secret-name.js';
import { redactSecretShapes } from './secret-shapes.js';

/** What a record keeps instead of a secret-named field's value. */
export const REDACTED = '[redacted]';

/** A version as pip and conda write one: `2.35.0`, `1!2.0`, `1.0.0rc1`, `2.5.0+cu121`, `12.4`. */
const VERSION =
  /^v?(\d+!)?\d{1,9}(\.\d{1,9}){0,6}((a|b|rc|c|alpha|beta|pre|preview|post|dev)\.?\d{0,9}){0,4}(\+[a-z0-9]{1,20}(\.[a-z0-9]{1,20}){0,4})?$/i;

export interface RedactedFields {
  fields: [string, string][];
  /** The names whose values were recorded as `[redacted]`. */
  hidden: string[];
}

/**
 * What was found for a name or a value lately: a history's runs repeat their packages and versions, so
 * `history show` over 1,000 runs of 400 fields looks at each distinct one once. Bounded: emptied when full.
 */
class Memo<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly f: (key: string) => T) {}
  get(key: string): T {
    let v = this.map.get(key);
    if (v === undefined) {
      if (this.map.size >= 20_000) this.map.clear();
      v = this.f(key);
      this.map.set(key, v);
    }
    return v;
  }
}

/** A value with every secret in it out, by shape and by name. */
const cleanValue = new Memo((value) => redactSecretArguments(redactSecretShapes(value)));
const secretName = new Memo(looksLikeSecretName);

/** One field as it may be recorded or shown; `exempt`: a package, whose name says nothing of its value. */
export function redactFieldValue(name: string, value: string, exempt = false): string {
  return !exempt && secretName.get(name) ? REDACTED : cleanValue.get(value);
}

/** Fields a run records: `packages` are the names of a pip or conda list's packages. */
export function redactFields(
  entries: Iterable<readonly [string, string]>,
  packages: ReadonlySet<string> = new Set(),
): RedactedFields {
  const fields: [string, string][] = [];
  const hidden: string[] = [];
  for (const [name, value] of entries) {
    const exempt = packages.has(name);
    if (!exempt && secretName.get(name)) hidden.push(redactSecretShapes(name));
    fields.push([redactSecretShapes(name), redactFieldValue(name, value, exempt)]);
  }
  return { fields, hidden };
}

/**
 * A history's fields as every output shows them (history show, export, the site, the report's culprit
 * line): as recorded, with the rule applied again, so a history written before it, or by hand, shows no
 * secret either. Null and undefined pass through.
 */
export function redactStoredFields<T extends Readonly<Record<string, string>> | null | undefined>(fields: T): T {
  if (!fields) return fields;
  // fromEntries makes own properties: a field named `__proto__` stays a field.
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      redactSecretShapes(name),
      redactFieldValue(name, value, VERSION.test(value) || value === REDACTED),
    ]),
  ) as T;
}
