/**
 * What changed in the environment between two runs: the fields (driver, CUDA, image, runner, packages …)
 * whose values differ, in name order. A field present on one side only is a change too (from or to
 * `undefined`); a run with no recorded environment has nothing to compare, so it yields no change rather
 * than "everything appeared".
 */
export interface EnvironmentChange {
  field: string;
  from: string | undefined;
  to: string | undefined;
}

export function environmentChanges(
  before: Readonly<Record<string, string>> | undefined,
  after: Readonly<Record<string, string>> | undefined,
): EnvironmentChange[] {
  if (!before || !after) return [];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: EnvironmentChange[] = [];
  for (const field of [...fields].sort()) {
    const from = Object.hasOwn(before, field) ? before[field] : undefined;
    const to = Object.hasOwn(after, field) ? after[field] : undefined;
    if (from !== to) out.push({ field, from, to });
  }
  return out;
}
