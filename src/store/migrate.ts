/**
 * `history migrate --from A --to B`: copy every record, then read the target back and prove it holds the
 * same records (count, and each record's canonical-JSON SHA-256 as a multiset).
 *
 * Into a target that already holds records, the copy goes ahead only when every record there is, byte for
 * byte in canonical form, one of the source's (an earlier migration, complete or interrupted): the target
 * then ends up holding exactly the source, so running the same migration again is safe and changes nothing.
 * A target with any record the source lacks is refused (InputError, exit 2) and left untouched: merging two
 * histories is not a migration. The check runs inside the target's write guard, so a writer that adds a
 * record between the check and the write cannot be overwritten.
 */
import { InputError } from '../model.js';
import { HISTORY_FORMAT, type HistoryFile } from './history.js';
import { historyDigest, recordChecksum } from './record-checksum.js';
import { HistoryStoreError, type HistoryStore } from './store.js';

export interface MigrationReport {
  records: number;
  experiments: number;
  /** Records the target held already (all of them the source's). */
  alreadyThere: number;
  digest: string;
}

export async function migrateHistory(from: HistoryStore, to: HistoryStore): Promise<MigrationReport> {
  if (from.location === to.location)
    throw new InputError('history migrate', null, `--from and --to are the same history (${from.location})`);
  const source = await from.readIfExists();
  if (!source) throw new InputError(from.location, null, 'the history to migrate from does not exist');
  const expected = historyDigest(source.runs);
  let alreadyThere = 0;
  await to.update((current) => {
    alreadyThere = refuseForeignRecords(current, expected.checksums, to.location);
    return {
      format: HISTORY_FORMAT,
      runs: source.runs,
      ...(source.extra || current.extra ? { extra: { ...current.extra, ...source.extra } } : {}),
    };
  });
  const written = historyDigest((await to.read()).runs);
  if (written.count !== expected.count || written.digest !== expected.digest) {
    const differ = expected.checksums.filter((c, i) => written.checksums[i] !== c).length;
    throw new HistoryStoreError(
      `the migrated history in ${to.location} does not match ${from.location}: ${written.count} records read back of ${expected.count} written, ${differ} checksums differ`,
    );
  }
  return {
    records: expected.count,
    experiments: new Set(source.runs.map((r) => r.experiment)).size,
    alreadyThere,
    digest: expected.digest,
  };
}

/** How many of the target's records are the source's; throws when any is not. */
function refuseForeignRecords(current: HistoryFile, sourceChecksums: readonly string[], location: string): number {
  const available = new Map<string, number>();
  for (const c of sourceChecksums) available.set(c, (available.get(c) ?? 0) + 1);
  let foreign = 0;
  for (const r of current.runs) {
    const c = recordChecksum(r);
    const n = available.get(c) ?? 0;
    if (n > 0) available.set(c, n - 1);
    else foreign++;
  }
  if (foreign > 0)
    throw new InputError(
      location,
      null,
      `the target history already holds ${current.runs.length} records, ${foreign} of them not in the source; migrate into an empty history (nothing was written)`,
    );
  return current.runs.length;
}
