/**
 * User names (config keys, tag keys, column names) as plain data: `constructor`, `toString` and
 * `__proto__` are names like any other, never a property every object inherits.
 */

/** An empty record with no prototype: `__proto__` is stored as a key, and no key is inherited. */
export function plainRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `record[key]` when the record itself has that key, else undefined (never an inherited property). */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
