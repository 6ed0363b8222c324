import { HistoryStoreError, openHistory } from './store-u9FdFviB.js';
import { I as InputError } from './postgres-url-BezLfty4.js';
import { H as HISTORY_FORMAT } from './history-DzKPUSLO.js';
import { createHash } from 'node:crypto';
import { historyFlags } from './history-BryXbcR6.js';
import 'node:child_process';
import 'node:fs/promises';
import 'node:os';
import 'node:path';
import './record-problem-Cb4fC9fR.js';
import 'node:fs';
import 'node:stream';
import 'stream';
import 'node:util';

/**
 * Checksums that prove a migrated history is the same history: each record's canonical JSON (keys sorted at
 * every level, undefined dropped, numbers as JSON writes them) hashed with SHA-256, so the same record gives
 * the same checksum whatever store wrote it and in whatever key order it came back.
 */
function canonicalJson(value) {
    if (Array.isArray(value))
        return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
    if (value !== null && typeof value === 'object') {
        const entries = Object.keys(value)
            .sort()
            .filter((k) => value[k] !== undefined)
            .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`);
        return `{${entries.join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
}
function recordChecksum(record) {
    return createHash('sha256').update(canonicalJson(record)).digest('hex');
}
/** The records' checksums sorted, and one digest over them: equal digests, equal multisets of records. */
function historyDigest(records) {
    const checksums = records.map(recordChecksum).sort();
    return { count: records.length, checksums, digest: createHash('sha256').update(checksums.join('\n')).digest('hex') };
}

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
async function migrateHistory(from, to) {
    if (from.location === to.location)
        throw new InputError('history migrate', null, `--from and --to are the same history (${from.location})`);
    const source = await from.readIfExists();
    if (!source)
        throw new InputError(from.location, null, 'the history to migrate from does not exist');
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
        throw new HistoryStoreError(`the migrated history in ${to.location} does not match ${from.location}: ${written.count} records read back of ${expected.count} written, ${differ} checksums differ`);
    }
    return {
        records: expected.count,
        experiments: new Set(source.runs.map((r) => r.experiment)).size,
        alreadyThere,
        digest: expected.digest,
    };
}
/** How many of the target's records are the source's; throws when any is not. */
function refuseForeignRecords(current, sourceChecksums, location) {
    const available = new Map();
    for (const c of sourceChecksums)
        available.set(c, (available.get(c) ?? 0) + 1);
    let foreign = 0;
    for (const r of current.runs) {
        const c = recordChecksum(r);
        const n = available.get(c) ?? 0;
        if (n > 0)
            available.set(c, n - 1);
        else
            foreign++;
    }
    if (foreign > 0)
        throw new InputError(location, null, `the target history already holds ${current.runs.length} records, ${foreign} of them not in the source; migrate into an empty history (nothing was written)`);
    return current.runs.length;
}

/** `history migrate --from A --to B`: copy a history between stores, verified by counts and checksums (store/migrate.ts). */
async function historyMigrate(args, env) {
    const flags = historyFlags('migrate', args, { from: { type: 'string' }, to: { type: 'string' } }, ['from', 'to']);
    const from = openHistory(flags.from, { env });
    const to = openHistory(flags.to, { env });
    const r = await migrateHistory(from, to);
    const again = r.alreadyThere ? ` (${r.alreadyThere} of them were there already)` : '';
    return `migrated ${r.records} record${r.records === 1 ? '' : 's'} of ${r.experiments} experiment${r.experiments === 1 ? '' : 's'} from ${from.location} to ${to.location}${again}; read back and verified: ${r.records} records, sha256 ${r.digest}`;
}

export { historyMigrate };
