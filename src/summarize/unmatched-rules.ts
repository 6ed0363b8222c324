import type { ClassRule } from '../classify/index.js';

/**
 * A metric the config gates that no column of this run matches: a renamed column must not quietly stop
 * being judged.
 */
export function unmatchedGatedRules(rules: readonly ClassRule[], columns: readonly string[]): string[] {
  const gates = (r: ClassRule) =>
    r.override.gate === true ||
    (r.override.gate !== false && r.override.kind !== undefined && !['gauge', 'ignore'].includes(r.override.kind));
  return rules
    .filter((r) => gates(r) && !columns.some((c) => r.matches(c)))
    .map(
      (r) =>
        `config: metrics ${JSON.stringify(r.pattern)} gates a metric, but no column of this run matches it (renamed or no longer logged?): nothing is judged by it`,
    );
}
