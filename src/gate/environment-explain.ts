/**
 * Whether a change coincides with a change of environment: the last good run's environment against the
 * first bad run's. Null where either recorded none (nothing can be said); else the fields that differ —
 * none means the environment is unchanged and the code is the first suspect. One function for the report,
 * `history changes` and the JSON result.
 */
import type { EnvironmentExplanation } from '../model.js';
import { environmentChanges } from './environment-change.js';

export function explainEnvironment(
  good: Readonly<Record<string, string>> | undefined,
  bad: Readonly<Record<string, string>> | undefined,
): EnvironmentExplanation | null {
  if (!good || !bad) return null;
  return { changes: environmentChanges(good, bad), fields: Object.keys(bad).length };
}
