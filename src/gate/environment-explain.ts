/**
 * Whether a change coincides with a change of environment: the last good run's environment against the
 * first bad run's. Null where either recorded none (nothing can be said); else the fields that differ —
 * none means the environment is unchanged and the code is the first suspect. One function for the report,
 * `history changes` and the JSON result.
 */
import type { EnvironmentExplanation, HistoryRecord } from '../model.js';
import { redactStoredFields } from '../secrets/index.js';
import { environmentChanges } from './environment-change.js';
import { runRef } from './run-ref.js';

/** Fields named in an explanation's `named`: "unchanged" on three fields says less than on three hundred. */
export const NAMED_FIELDS = 6;

export function explainEnvironment(
  good: Readonly<Record<string, string>> | undefined,
  bad: Readonly<Record<string, string>> | undefined,
): EnvironmentExplanation | null {
  if (!good || !bad) return null;
  const fields = Object.keys(redactStoredFields(bad));
  return {
    changes: environmentChanges(good, bad),
    fields: fields.length,
    ...(fields.length <= NAMED_FIELDS ? { named: fields.sort() } : {}),
  };
}

/** Runs either side of a change point looked at for a change of environment close by. */
export const NEAR_RUNS = 2;

/**
 * `explainEnvironment` of records[good] and records[bad] (comparable runs, oldest first). Where nothing
 * changed between them, the nearest pair of neighbouring runs within NEAR_RUNS of the first bad run whose
 * environments differ is named as `near` (the earlier one on a tie): the level-shift detector places a
 * small shift a run or two off, and an environment change next to a change is still where to look first.
 */
export function explainEnvironmentAt(
  records: readonly HistoryRecord[],
  good: number,
  bad: number,
): EnvironmentExplanation | null {
  const e = explainEnvironment(records[good]?.environment, records[bad]?.environment);
  if (!e || e.changes.length > 0) return e;
  for (let d = 1; d <= NEAR_RUNS; d++)
    for (const at of [bad - d, bad + d]) {
      if (at <= 0 || at >= records.length || at === bad) continue;
      const changes = environmentChanges(records[at - 1]!.environment, records[at]!.environment);
      if (changes.length) {
        const r = records[at]!;
        return {
          ...e,
          near: {
            offset: at - bad,
            run: runRef(r),
            changes,
          },
        };
      }
    }
  return e;
}
