import { ba as redactUrlCredentials, aX as readRegularText, I as InputError, w as writeFileAtomic, bb as parsePostgresSpec, h as historySecrets, bc as isPostgresSpec } from './postgres-url-BezLfty4.js';
import { execFile } from 'node:child_process';
import { rm, mkdtemp, unlink, open, link, stat, rename, readFile, realpath } from 'node:fs/promises';
import { tmpdir, hostname } from 'node:os';
import { resolve, join, dirname, basename } from 'node:path';
import { e as emptyHistory, b as appendRecords, d as serializeHistory, H as HISTORY_FORMAT } from './history-DzKPUSLO.js';
export { c as comparableRuns, a as countsInBaseline, m as matchingRuns, p as prunedBy, s as sameRecordedRun } from './history-DzKPUSLO.js';
import { randomBytes, createHash } from 'node:crypto';
import { r as recordProblem, s as schemaVersion, a as refuseNewer, m as migrate, L as LOCK_SPACE } from './record-problem-Cb4fC9fR.js';
import 'node:fs';
import 'node:stream';
import 'stream';

/** The file stores' default `history-max`: almost three years of a nightly job, per experiment and fingerprint. */
const FILE_HISTORY_MAX = 1000;
/** The store could not be reached or written (not the user's input): a network, permission or git failure. */
class HistoryStoreError extends Error {
    name = 'HistoryStoreError';
}

/**
 * History on a data branch of the repository (the gh-pages pattern), written with optimistic
 * concurrency: fetch the branch, append to the file in a new commit whose parent is what was fetched, and
 * push without force. When another job pushed first the push is rejected; fetch again, append again,
 * retry. No record is ever lost and the working tree and index of the checkout are never touched
 * (the commit is built with plumbing and a private index file).
 *
 * Nothing of the checkout is shared between writers, so a writer killed at any point (its git children
 * with it) stops no later one: each fetch lands in a ref of its own process
 * (`refs/training-metrics-gate-fetch/<pid>-<random>`), removed once its commit is known, and updates no
 * remote-tracking branch (`--refmap=`). A shared ref would keep the `.lock` file a killed `git fetch`
 * leaves, and every later fetch into it would fail. The refs a killed writer left are removed by the next
 * one (their process is gone); the commits they named stay in the object store, as any fetched object.
 */
const DEFAULT_HISTORY_PATH = 'training-metrics-history.json';
class GitBranchStore {
    o;
    location;
    defaultMax = FILE_HISTORY_MAX;
    remote;
    /** Where this process's fetches land, one at a time (see the file's comment). */
    fetchRef = `${FETCH_REFS}/${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
    swept = false;
    constructor(o) {
        this.o = o;
        this.location = `git:${o.branch}:${o.path}`;
        this.remote = o.remote ?? 'origin';
    }
    async read() {
        const head = await this.fetch();
        return head ? ((await this.load(head)) ?? emptyHistory()) : emptyHistory();
    }
    /** Null when the branch does not exist yet, or holds no history file. */
    async readIfExists() {
        const head = await this.fetch();
        return head ? this.load(head) : null;
    }
    append(records, max) {
        const names = [...new Set(records.map((r) => `${r.experiment}/${r.run}`))].join(', ');
        const message = `Record ${records.length} run${records.length === 1 ? '' : 's'}: ${names}`;
        return this.write((history) => appendRecords(history, records, max), message);
    }
    /** Nothing is held open between operations. */
    async close() { }
    update(change) {
        return this.write(change, 'Update the history');
    }
    /**
     * Fetch, apply `change` to what was fetched, commit on top of it and push without force; a rejected push
     * starts again from a fresh fetch, so `change` always sees the latest history (it may run more than once).
     */
    async write(change, message) {
        const attempts = this.o.attempts ?? 20;
        let last = '';
        for (let attempt = 1; attempt <= attempts; attempt++) {
            const parent = await this.fetch();
            const next = change((parent ? await this.load(parent) : null) ?? emptyHistory());
            const commit = await this.commit(serializeHistory(next), parent, message);
            try {
                await this.git(['push', '--quiet', '--no-verify', this.remote, `${commit}:refs/heads/${this.o.branch}`]);
                return next;
            }
            catch (e) {
                // Rejected (someone pushed first) or the remote ref was locked by a concurrent push: try again.
                last = e.message;
                await sleep$1(Math.random() * 100 * Math.min(attempt, 10));
            }
        }
        throw new HistoryStoreError(redactUrlCredentials(`could not push the history to ${this.remote} ${this.o.branch} after ${attempts} attempts: ${last}`));
    }
    /** Fetch the branch into this process's own ref; its commit, or null when the branch does not exist yet. */
    async fetch() {
        const remoteRef = `refs/heads/${this.o.branch}`;
        const listed = await this.git(['ls-remote', this.remote, remoteRef]);
        if (!listed.trim())
            return null;
        await this.sweep();
        await this.git(['fetch', '--quiet', '--no-tags', '--refmap=', this.remote, `+${remoteRef}:${this.fetchRef}`]);
        try {
            return (await this.git(['rev-parse', '--verify', `${this.fetchRef}^{commit}`])).trim();
        }
        finally {
            await this.git(['update-ref', '-d', this.fetchRef]).catch(() => undefined);
        }
    }
    /** Once per store: remove the fetch refs of writers that are gone (killed between a fetch and its clean-up). */
    async sweep() {
        if (this.swept)
            return;
        this.swept = true;
        const refs = await this.git(['for-each-ref', '--format=%(refname)', `${FETCH_REFS}/`]).catch(() => '');
        for (const ref of refs.split('\n').filter(Boolean)) {
            const pid = Number(/\/(\d+)-[0-9a-z]+$/.exec(ref)?.[1]);
            if (!pid || pid === process.pid || alive$1(pid))
                continue;
            // Its .lock too, which the killed fetch may have left: no one else ever uses this ref.
            const lock = (await this.git(['rev-parse', '--git-path', `${ref}.lock`]).catch(() => '')).trim();
            if (lock)
                await rm(resolve(this.o.cwd, lock), { force: true });
            await this.git(['update-ref', '-d', ref]).catch(() => undefined);
        }
    }
    async load(commit) {
        let text;
        try {
            text = await this.git(['cat-file', 'blob', `${commit}:${this.o.path}`]);
        }
        catch {
            return null; // the branch exists but holds no history yet
        }
        // Loaded when a file is read: its parser's dependencies (jsonc-parser, yaml) are not needed otherwise.
        const { parseHistory } = await import('./parse-history-BMYVf105.js');
        return parseHistory(text, this.location);
    }
    async commit(text, parent, message) {
        const dir = await mkdtemp(join(tmpdir(), 'tmg-index-'));
        try {
            const env = { GIT_INDEX_FILE: join(dir, 'index') };
            const blob = (await this.git(['hash-object', '-w', '--stdin'], { input: text })).trim();
            await this.git(parent ? ['read-tree', parent] : ['read-tree', '--empty'], { env });
            await this.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${this.o.path}`], { env });
            const tree = (await this.git(['write-tree'], { env })).trim();
            const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message];
            return (await this.git(args, { env: identity(this.o.env ?? process.env) })).trim();
        }
        finally {
            await rm(dir, { recursive: true, force: true });
        }
    }
    git(args, extra = {}) {
        return new Promise((resolve, reject) => {
            const child = execFile('git', args, { cwd: this.o.cwd, env: { ...(this.o.env ?? process.env), ...extra.env }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
                // A remote URL with credentials in it (https://user:token@host) is echoed by git's errors.
                if (error)
                    reject(new HistoryStoreError(redactUrlCredentials(`git ${args[0]} failed: ${String(stderr).trim() || error.message}`)));
                else
                    resolve(String(stdout));
            });
            if (extra.input !== undefined)
                child.stdin.end(extra.input);
        });
    }
}
/** Commit identity: the environment's when set, else a neutral one (a CI checkout often has none). */
function identity(env) {
    const name = 'training-metrics-gate';
    const email = 'training-metrics-gate@users.noreply.github.com';
    return {
        GIT_AUTHOR_NAME: env.GIT_AUTHOR_NAME ?? name,
        GIT_AUTHOR_EMAIL: env.GIT_AUTHOR_EMAIL ?? email,
        GIT_COMMITTER_NAME: env.GIT_COMMITTER_NAME ?? name,
        GIT_COMMITTER_EMAIL: env.GIT_COMMITTER_EMAIL ?? email,
    };
}
/** The namespace of the fetch refs, one per writing process. */
const FETCH_REFS = 'refs/training-metrics-gate-fetch';
function alive$1(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (e) {
        return e.code === 'EPERM';
    }
}
function sleep$1(ms) {
    return new Promise((r) => setTimeout(r, ms));
}

/**
 * An exclusive lock beside a file, for writers on one machine: `<file>.lock`, holding the owner's host,
 * pid and a random token. It is written whole to a file of its own first and then linked into place
 * (link fails when the lock exists), so a lock is never seen half-written: a writer killed while taking
 * it leaves no empty lock that would block every later writer. A lock whose owner is gone (same host,
 * process not alive), one that cannot be read for longer than a writer takes to write it (left by an
 * older version), or one older than `staleMs` (a hung or remote owner) is broken: renamed aside first, so
 * two processes breaking the same stale lock cannot remove each other's fresh one.
 */
class LockTimeoutError extends Error {
    name = 'LockTimeoutError';
}
/** Run `work` holding the lock on `path`; the lock is released (if still ours) whatever `work` does. */
async function withFileLock(path, work, o = {}) {
    const lock = `${path}.lock`;
    const mine = { host: hostname(), pid: process.pid, token: randomBytes(8).toString('hex') };
    await acquire(lock, mine, o.timeoutMs ?? 60_000, o.staleMs ?? 10 * 60_000);
    try {
        return await work();
    }
    finally {
        await release(lock, mine);
    }
}
async function acquire(lock, mine, timeoutMs, staleMs) {
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1;; attempt++) {
        if (await create(lock, mine))
            return;
        if (await isStale(lock, staleMs)) {
            await breakLock(lock, staleMs);
            continue;
        }
        if (Date.now() > deadline)
            throw new LockTimeoutError(`${lock} is held by another writer (remove it if no writer is running)`);
        await sleep(Math.min(200, 5 * attempt) * (0.5 + Math.random()));
    }
}
/** Take the lock: its content written whole beside it, then linked into place; false when it is held. */
async function create(lock, mine) {
    const whole = `${lock}.${mine.token}.new`;
    const handle = await open(whole, 'wx');
    try {
        await handle.writeFile(JSON.stringify(mine));
    }
    finally {
        await handle.close();
    }
    try {
        await link(whole, lock);
        return true;
    }
    catch (e) {
        if (e.code !== 'EEXIST')
            throw e;
        return false;
    }
    finally {
        await unlink(whole).catch(() => undefined);
    }
}
/** An unreadable lock older than this was left half-written (by a version that wrote it in place). */
const UNREADABLE_STALE_MS = 5_000;
async function isStale(lock, staleMs) {
    const owner = await readLock(lock);
    if (owner === 'gone')
        return false; // released meanwhile: just try again
    if (owner && owner.host === hostname() && !alive(owner.pid))
        return true;
    try {
        const age = Date.now() - (await stat(lock)).mtimeMs;
        return age > staleMs || (owner === null && age > UNREADABLE_STALE_MS);
    }
    catch {
        return false;
    }
}
/** Move the stale lock aside and check it is still a stale one; a fresh lock moved by mistake goes back. */
async function breakLock(lock, staleMs) {
    const aside = `${lock}.${randomBytes(6).toString('hex')}.stale`;
    try {
        await rename(lock, aside);
    }
    catch {
        return; // someone else broke or released it
    }
    if (!(await isStale(aside, staleMs))) {
        // Another breaker won and a live writer's lock was moved: put it back unless a newer one exists.
        await link(aside, lock).catch(() => undefined);
    }
    await unlink(aside).catch(() => undefined);
}
async function release(lock, mine) {
    const owner = await readLock(lock);
    if (owner && owner !== 'gone' && owner.token === mine.token)
        await unlink(lock).catch(() => undefined);
}
/** The lock's owner; null when unreadable (being written), 'gone' when there is no lock. */
async function readLock(lock) {
    try {
        const data = JSON.parse(await readFile(lock, 'utf8'));
        return typeof data.pid === 'number' && typeof data.host === 'string' && typeof data.token === 'string'
            ? data
            : null;
    }
    catch (e) {
        return e.code === 'ENOENT' ? 'gone' : null;
    }
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (e) {
        // EPERM: it exists, owned by someone else.
        return e.code === 'EPERM';
    }
}
function sleep(ms) {
    return new Promise((r) => setTimeout(r, ms));
}

/**
 * History in a JSON file. Writers on one machine take turns under a lock file (file-lock.ts), so
 * concurrent `record` processes each read the others' records before adding theirs. Writes are atomic
 * (src/write-file.ts): the new text goes to a temporary file beside the target, is flushed to disk, then
 * renamed over it, so a process killed at any point leaves the old file or the new one, never half of
 * one. A symlinked history is the one file the tool writes at a link's target rather than in its place:
 * the workflow names it, the link keeps a history on shared storage, and the target is replaced by a
 * rename in its own folder, never written into; the file's mode is kept, and a file that cannot be
 * parsed is never overwritten.
 */
class JsonFileStore {
    location;
    lock;
    defaultMax = FILE_HISTORY_MAX;
    constructor(location, lock = {}) {
        this.location = location;
        this.lock = lock;
    }
    async read() {
        return (await this.readIfExists()) ?? emptyHistory();
    }
    async readIfExists() {
        let text;
        try {
            text = await readRegularText(this.location);
        }
        catch (e) {
            if (e instanceof InputError)
                throw e;
            const code = e.code;
            if (code === 'ENOENT')
                return null;
            throw new InputError(this.location, null, `cannot read the history: ${code ?? String(e)}`);
        }
        // Loaded when a file is read: its parser's dependencies (jsonc-parser, yaml) are not needed otherwise.
        const { parseHistory } = await import('./parse-history-BMYVf105.js');
        return parseHistory(text, this.location);
    }
    append(records, max) {
        return this.update((history) => appendRecords(history, records, max));
    }
    /** `change` sees the file as it is under the lock; a `change` that throws leaves the file as it was. */
    /** Nothing is held open between operations. */
    async close() { }
    async update(change) {
        const target = await resolveTarget(this.location);
        try {
            return await withFileLock(target, async () => {
                const next = change(await this.read());
                await writeHistory(target, serializeHistory(next));
                return next;
            }, this.lock);
        }
        catch (e) {
            if (e instanceof InputError || e instanceof HistoryStoreError)
                throw e;
            throw new HistoryStoreError(`cannot write the history ${this.location}: ${e.message}`);
        }
    }
}
/** The file a symlinked history points to (written in place of the link), or the path itself. */
async function resolveTarget(path) {
    try {
        return await realpath(path);
    }
    catch (e) {
        if (e.code !== 'ENOENT')
            throw e;
        // Not there yet, or a dangling link: create what it names, in a folder that exists.
        try {
            return join(await realpath(dirname(path)), basename(path));
        }
        catch {
            return path;
        }
    }
}
/** Write the history through the one atomic writer (write-file.ts), its failure a store error. */
async function writeHistory(path, text) {
    try {
        await writeFileAtomic(path, text);
    }
    catch (e) {
        throw new HistoryStoreError(`cannot write the history ${path}: ${e.code ?? String(e)}`);
    }
}

/**
 * A history record ↔ a row of training_metrics_runs: the key columns (identity, order, PR) beside the
 * whole record as JSONB, so fields this version does not know survive a round trip.
 */
const RUNS = 'training_metrics_runs';
const META = 'training_metrics_meta';
/** Bytes a key column holds as itself: five of them stay within a btree index row (about 2.7 KB). */
const KEY_BYTES = 512;
/**
 * A key column's text. PostgreSQL's text holds no NUL, and an index row no more than about 2.7 KB; the
 * JSON store holds both. A value that is either is stored as its first characters (NUL made U+FFFD) and a
 * hash of the whole, so it still identifies the run; the record itself, in the json column, keeps the value
 * exactly (json escapes a NUL).
 */
function keyText(value) {
    if (!value.includes('\u0000') && Buffer.byteLength(value) <= KEY_BYTES)
        return value;
    const hash = createHash('sha256').update(value).digest('hex').slice(0, 32);
    return `${[...value.replaceAll('\u0000', '\ufffd')].slice(0, 100).join('')}…#${hash}`;
}
const INT4_MAX = 2 ** 31 - 1;
/** The parameters of UPSERT_RUN, in order. */
function rowValues(r) {
    const at = Date.parse(r.recordedAt);
    return [
        keyText(r.experiment),
        keyText(r.fingerprint),
        keyText(r.repository ?? ''),
        keyText(r.runId ?? ''),
        keyText(r.run),
        // integer columns: the record keeps any value; the column a value it can hold.
        Math.min(r.attempt ?? 1, INT4_MAX),
        Number.isFinite(at) ? new Date(at).toISOString() : null,
        Number.isInteger(r.pullRequest) && r.pullRequest > 0 && r.pullRequest <= INT4_MAX ? r.pullRequest : null,
        // JSON.stringify as the file stores write it: NaN becomes null alike.
        JSON.stringify(r),
        // The environment's copy (migration 2), for queries; the record above is what is read back.
        r.environment ? JSON.stringify(r.environment) : null,
    ];
}
const COLUMNS = 'experiment, fingerprint, repository, run_id, run, attempt, recorded_at, pull_request, record, environment';
const PARAMS = '$1, $2, $3, $4, $5, $6, $7, $8, $9::json, $10::json';
/**
 * Insert a run, or replace the record of the same run (a later or equal attempt; an older attempt arriving
 * late changes nothing). The row keeps its id, so a replaced run keeps its place, as in the file stores.
 */
const UPSERT_RUN = `
INSERT INTO ${RUNS} (${COLUMNS}) VALUES (${PARAMS})
ON CONFLICT (experiment, fingerprint, repository, run_id, run) WHERE run_id <> ''
DO UPDATE SET attempt = excluded.attempt, recorded_at = excluded.recorded_at,
  pull_request = excluded.pull_request, record = excluded.record, environment = excluded.environment
WHERE ${RUNS}.attempt <= excluded.attempt`;
/** A plain insert (a run without identity, or a rewrite of the whole history). */
const INSERT_RUN = `INSERT INTO ${RUNS} (${COLUMNS}) VALUES (${PARAMS})`;
/** Keep the newest `$3` runs of one experiment and fingerprint. */
const TRIM_GROUP = `
DELETE FROM ${RUNS} WHERE id IN (
  SELECT id FROM ${RUNS} WHERE experiment = $1 AND fingerprint = $2 ORDER BY id DESC OFFSET $3
)`;
/**
 * A row's record, checked as the JSON store checks its file: a hand-edited or corrupted row is refused
 * with the row's id, experiment and run id and what is wrong, never read as a record.
 */
function recordFromRow(row, location) {
    let r = row.record;
    const where = `row ${row.id ?? '?'} (experiment ${JSON.stringify(row.experiment ?? '?')}, run id ${JSON.stringify(row.run_id ?? '')})`;
    if (typeof r === 'string') {
        try {
            r = JSON.parse(r);
        }
        catch {
            throw new InputError(location, null, `${where} of the history: the record is not valid JSON; fix or delete the row`);
        }
    }
    const problem = recordProblem(r);
    if (problem)
        throw new InputError(location, null, `${where} of the history: ${problem.what}; fix or delete the row, it is left as it is`);
    return r;
}

class PostgresConnection {
    connectionString;
    pool = null;
    constructor(connectionString) {
        this.connectionString = connectionString;
    }
    /** Run `work` on the connection; a failure discards the connection, so the next operation starts clean. */
    async withClient(work) {
        const pool = await this.open();
        const client = await pool.connect();
        // A connection dropped while in use is reported by its query; without a listener it would crash.
        client.on('error', ignore);
        let failed = false;
        try {
            return await work(client);
        }
        catch (e) {
            failed = true;
            throw e;
        }
        finally {
            client.removeListener('error', ignore);
            client.release(failed);
        }
    }
    /**
     * Connect now, in the background, so the handshake overlaps the caller's own work; a failure is left for
     * the first operation to report.
     */
    warm() {
        this.open()
            .then((pool) => pool.connect())
            .then((client) => client.release())
            .catch(() => undefined);
    }
    /** Close the connection (a clean goodbye to the server); a later operation opens a new one. */
    async close() {
        const pool = this.pool;
        this.pool = null;
        await pool?.end().catch(() => undefined);
    }
    async open() {
        // Loaded on first use: runs with a file history never load the PostgreSQL client.
        const { default: pg } = await import('./esm-ctrLPX3m.js');
        if (this.pool)
            return this.pool;
        const pool = new pg.Pool({
            lock_timeout: LOCK_TIMEOUT_MS,
            statement_timeout: STATEMENT_TIMEOUT_MS,
            keepAlive: true,
            connectionString: this.connectionString,
            connectionTimeoutMillis: 10_000,
            application_name: 'training-metrics-gate',
            max: 1,
            allowExitOnIdle: true,
        });
        // An idle connection the server drops is reported here; the pool replaces it on the next operation.
        pool.on('error', ignore);
        this.pool = pool;
        return pool;
    }
}
function ignore() { }
const LOCK_TIMEOUT_MS = 30_000;
const STATEMENT_TIMEOUT_MS = 120_000;

/** SQLSTATE classes that are the user's to fix (a wrong password, user or database), not an outage. */
const USER_ERRORS = new Set(['28P01', '28000', '3D000', '42501']);
class PostgresStore {
    env;
    location;
    /** A database reads only what it judges: every run is kept unless history-max says otherwise. */
    defaultMax = Number.POSITIVE_INFINITY;
    target;
    secrets;
    connection;
    constructor(spec, env = process.env) {
        this.env = env;
        this.target = parsePostgresSpec(spec);
        this.location = this.target.location;
        this.secrets = historySecrets(spec, env);
        this.connection = new PostgresConnection(this.target.connectionString);
    }
    /** Connects in the background, while the caller reads its files. */
    prepare() {
        this.connection.warm();
    }
    /** Ends the store's connection; a later operation opens a new one. */
    close() {
        return this.connection.close();
    }
    async read(query = {}) {
        return (await this.readIfExists(query)) ?? emptyHistory();
    }
    /**
     * Null when the database has no history schema yet. Narrowed to the experiments asked for (when one has
     * no runs, one run of each of a few other experiments besides, for the message that says so).
     */
    async readIfExists(query = {}) {
        return this.withClient(async (client) => {
            const version = await schemaVersion(client);
            refuseNewer(version, this.location);
            if (version === null)
                return null;
            return selectHistory(client, query.experiments, this.location);
        });
    }
    /**
     * Returns the records given, as written: no caller needs the rest of their experiments, and reading
     * them back would cost a query and the parsing of up to `max` records per experiment.
     */
    async append(records, max) {
        const failed = [];
        const written = await this.transaction(async (client) => {
            const groups = await lockGroups(client, records);
            const done = [];
            // Each record under a savepoint of its own: one the database refuses costs that record only.
            for (const r of records) {
                await client.query('SAVEPOINT one_record');
                try {
                    await client.query(r.runId ? UPSERT_RUN : INSERT_RUN, rowValues(r));
                    await client.query('RELEASE SAVEPOINT one_record');
                    done.push(r);
                }
                catch (e) {
                    if (lockOrTimeout(e))
                        throw e;
                    await client.query('ROLLBACK TO SAVEPOINT one_record');
                    failed.push(`run ${JSON.stringify(r.run)} of ${JSON.stringify(r.experiment)}: ${this.redact(e.message)}`);
                }
            }
            if (Number.isFinite(max))
                for (const [experiment, fingerprint] of groups)
                    await client.query(TRIM_GROUP, [experiment, fingerprint, max]);
            return { ...emptyHistory(), runs: done };
        });
        if (failed.length)
            throw new HistoryStoreError(`PostgreSQL history ${this.location}: ${failed.length} of ${records.length} run(s) could not be written (the other ${written.runs.length} were recorded): ${failed.slice(0, 3).join('; ')}${failed.length > 3 ? '; …' : ''}`);
        return written;
    }
    /** Read-modify-write of the whole history in one transaction that keeps every other writer out. */
    async update(change) {
        return this.transaction(async (client) => {
            await client.query(`LOCK TABLE ${RUNS}, ${META} IN EXCLUSIVE MODE`);
            const rows = await client.query(`SELECT id, experiment, run_id, record FROM ${RUNS} ORDER BY id`);
            const ids = new Map();
            const text = new Map();
            const runs = rows.rows.map((row) => {
                const r = recordFromRow(row, this.location);
                ids.set(r, row.id);
                text.set(row.id, JSON.stringify(r));
                return r;
            });
            const before = { format: HISTORY_FORMAT, runs, ...(await selectExtra(client)) };
            const next = change(before);
            await writeChanges(client, next.runs, ids, text);
            await client.query(`DELETE FROM ${META} WHERE key = 'extra'`);
            if (next.extra && Object.keys(next.extra).length)
                await client.query(`INSERT INTO ${META} (key, value) VALUES ('extra', $1::json)`, [JSON.stringify(next.extra)]);
            return { ...next, format: HISTORY_FORMAT };
        });
    }
    async transaction(work) {
        return this.withClient(async (client) => {
            await client.query('BEGIN');
            try {
                await migrate(client, this.location);
                const out = await work(client);
                await client.query('COMMIT');
                return out;
            }
            catch (e) {
                await client.query('ROLLBACK').catch(() => undefined);
                throw e;
            }
        });
    }
    async withClient(work) {
        try {
            return await this.connection.withClient(work);
        }
        catch (e) {
            throw this.failure(e);
        }
    }
    redact(text) {
        for (const s of this.secrets)
            text = text.split(s).join('***');
        return text;
    }
    /** An error naming host and database, with every form of the password taken out. */
    failure(e) {
        if (e instanceof InputError || e instanceof HistoryStoreError)
            return e;
        const text = this.redact(e?.message || String(e));
        const code = e.code ?? '';
        const message = `PostgreSQL history ${this.location}: ${text}${code && !text.includes(code) ? ` (${code})` : ''}`;
        return USER_ERRORS.has(code) ? new InputError(this.location, null, text) : new HistoryStoreError(message);
    }
}
async function selectHistory(client, experiments, location) {
    const keys = experiments?.map(keyText);
    const rows = keys
        ? await client.query(`SELECT id, experiment, run_id, record FROM ${RUNS} WHERE experiment = ANY($1) ORDER BY id`, [
            keys,
        ])
        : await client.query(`SELECT id, experiment, run_id, record FROM ${RUNS} ORDER BY id`);
    // An experiment without runs: one run of a few others, so "no comparable runs" can name what there is.
    const found = new Set(rows.rows.map((r) => r.experiment));
    if (keys?.some((e) => !found.has(e)))
        rows.rows.push(...(await client.query(`SELECT DISTINCT ON (experiment) id, experiment, run_id, record FROM ${RUNS} WHERE NOT (experiment = ANY($1)) ORDER BY experiment LIMIT 6`, [keys])).rows);
    return {
        format: HISTORY_FORMAT,
        runs: rows.rows.map((row) => recordFromRow(row, location)),
        ...(await selectExtra(client)),
    };
}
/** A lock or statement timeout, or a cancelled query: the whole write ends, it is no record's fault. */
function lockOrTimeout(e) {
    const code = e.code ?? '';
    return code === '55P03' || code === '57014' || code.startsWith('08') || code === '40P01';
}
async function selectExtra(client) {
    const r = await client.query(`SELECT value FROM ${META} WHERE key = 'extra'`);
    return r.rows[0] ? { extra: r.rows[0].value } : {};
}
/** Lock each experiment and fingerprint written to, in one order for all writers (no deadlock). */
async function lockGroups(client, records) {
    const keys = [...new Set(records.map((r) => JSON.stringify([keyText(r.experiment), keyText(r.fingerprint)])))].sort();
    const groups = keys.map((k) => JSON.parse(k));
    for (const [experiment, fingerprint] of groups)
        await client.query(`SELECT pg_advisory_xact_lock($1, hashtext($2 || chr(10) || $3))`, [
            LOCK_SPACE + 1,
            experiment,
            fingerprint,
        ]);
    return groups;
}
/**
 * Write what `change` returned: rows it dropped are deleted, records it changed are rewritten in place.
 * When it kept the order and only added at the end, nothing else moves; otherwise the table is rewritten
 * in the new order (the order is the id).
 */
async function writeChanges(client, runs, ids, text) {
    const kept = runs.map((r) => ids.get(r) ?? null);
    const firstNew = kept.indexOf(null);
    const appendedOnly = (firstNew < 0 ? kept : kept.slice(0, firstNew)).every((id, i, a) => id !== null && (i === 0 || BigInt(id) > BigInt(a[i - 1])));
    const inOrder = appendedOnly && kept.slice(firstNew < 0 ? kept.length : firstNew).every((id) => id === null);
    if (!inOrder) {
        await client.query(`DELETE FROM ${RUNS}`);
        for (const r of runs)
            await client.query(INSERT_RUN, rowValues(r));
        return;
    }
    const keep = new Set(kept.filter((id) => id !== null));
    const dropped = [...text.keys()].filter((id) => !keep.has(id));
    if (dropped.length)
        await client.query(`DELETE FROM ${RUNS} WHERE id = ANY($1::bigint[])`, [dropped]);
    for (const r of runs) {
        const id = ids.get(r);
        if (id === undefined)
            await client.query(INSERT_RUN, rowValues(r));
        else if (JSON.stringify(r) !== text.get(id)) {
            const v = rowValues(r);
            await client.query(`UPDATE ${RUNS} SET experiment = $1, fingerprint = $2, repository = $3, run_id = $4, run = $5, attempt = $6, recorded_at = $7, pull_request = $8, record = $9::json, environment = $10::json WHERE id = $11`, [...v, id]);
        }
    }
}

/** The history store named by the `history` input / `--history` flag. */
/**
 * `path/to/history.json` → a JSON file; `git:<branch>[:<path>]` → a data branch of the repository in `cwd`
 * (default path `training-metrics-history.json`), pushed to `origin`; `postgres://…` or `postgresql://…` →
 * a PostgreSQL database (password from the URL or PGPASSWORD).
 */
function openHistory(spec, options = {}) {
    if (isPostgresSpec(spec))
        return new PostgresStore(spec, options.env ?? process.env);
    if (spec.startsWith('git:')) {
        const rest = spec.slice(4);
        const i = rest.indexOf(':');
        const branch = i < 0 ? rest : rest.slice(0, i);
        const path = i < 0 ? DEFAULT_HISTORY_PATH : rest.slice(i + 1);
        if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith('-') || branch.includes('..')) {
            throw new InputError('history', null, `"${spec}": the branch name "${branch}" is not valid (git:<branch>[:<path>])`);
        }
        if (!path || path.startsWith('/') || path.split('/').includes('..')) {
            throw new InputError('history', null, `"${spec}": the path "${path}" must be relative, inside the branch`);
        }
        return new GitBranchStore({
            cwd: options.cwd ?? process.cwd(),
            branch,
            path,
            remote: options.remote,
            env: options.env,
        });
    }
    return new JsonFileStore(spec);
}

export { DEFAULT_HISTORY_PATH, GitBranchStore, HISTORY_FORMAT, HistoryStoreError, JsonFileStore, PostgresStore, appendRecords, emptyHistory, historySecrets, isPostgresSpec, openHistory, parsePostgresSpec, serializeHistory };
