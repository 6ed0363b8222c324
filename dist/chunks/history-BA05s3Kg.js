import { s as sectionValue } from './section-DkCqgg_o.js';
import { h as historyBeforeFirstBad, r as runCompleteness, j as judgeRun, f as findCulprit } from './culprit-CTYQ_es-.js';
import { aj as branchType, q as metricKey, ak as defaultClass, I as InputError, al as fingerprintKey, am as fingerprintFields } from './postgres-url-BezLfty4.js';
import { r as recordFromSummary, n as noComparableReason } from './record-C5ee8d2X.js';
import { openHistory } from './store-u9FdFviB.js';
import { c as compareUrl } from './compare-link-Bp_UE-20.js';
import { execFileSync } from 'node:child_process';
import { p as prunedBy, s as sameRecordedRun, e as emptyHistory, m as matchingRuns, a as countsInBaseline } from './history-DzKPUSLO.js';
import './format-DGRI6Ozy.js';
import './history-overview-2D1ktX0y.js';
import './error-budget-DOE1BHfz.js';
import './family-CVTCLfh2.js';
import './new-baseline-CMcYoIpF.js';
import './change-points-BDjvaw60.js';
import './environment-change-DoVkncVQ.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:crypto';
import './record-problem-Cb4fC9fR.js';

/**
 * Baseline policy: which runs are written to the history. Pull requests compare and never write (they
 * would set the level for the code they change). Runs of the default branch and scheduled runs record
 * themselves even when they regress, so the history is the truth and an intended change can be
 * acknowledged (a run marked as a new baseline) instead of leaving the gate stuck on an old level.
 */
function shouldRecord(mode, github) {
    if (mode === 'never')
        return { record: false, reason: 'record is never' };
    if (mode === 'always')
        return { record: true, reason: 'record is always' };
    const type = branchType(github);
    if (type === 'pr')
        return { record: false, reason: 'pull requests are compared, never recorded' };
    if (github.eventName === 'schedule')
        return { record: true, reason: 'scheduled runs are recorded' };
    if (type === 'main')
        return { record: true, reason: `runs of the default branch (${github.defaultBranch}) are recorded` };
    if (!github.eventName)
        return { record: false, reason: 'not in a workflow: use record (or record: always) to write the history' };
    return {
        record: false,
        reason: `only default-branch and scheduled runs are recorded (this is ${github.ref || github.eventName})`,
    };
}

/** What the culprit range and `check --bisect` need from the run: its commit, its branch, its metrics' minimum effects. */
function minEffects(s) {
    const byKey = new Map(s.metrics.map((m) => [metricKey(m.name), m.class.minEffect]));
    return (key) => byKey.get(key) ?? defaultClass(key).minEffect;
}
/** `sha`: the commit this run measured (currentCommit). */
function culpritContext(s, options, sha) {
    const { github } = options;
    return {
        current: {
            run: s.name,
            runId: options.runId ?? github.runId,
            sha,
            recordedAt: new Date().toISOString(),
        },
        onDefaultBranch: branchType(github) === 'main',
        minEffect: minEffects(s),
        compare: (good, bad) => compareUrl(github.serverUrl, github.repository, good, bad),
    };
}
/** The history before the first bad run, over the metrics this run is judged on. */
function bisectHistory(s, history, config) {
    const keys = s.metrics.filter((m) => m.class.gate && m.class.direction !== 'none').map((m) => metricKey(m.name));
    return historyBeforeFirstBad(history, keys, config, minEffects(s));
}

/**
 * The commit a run measures: GITHUB_SHA in a workflow, else the checkout's HEAD (a run from a terminal, or
 * under `git bisect run`), so every record and every culprit range names a commit. '' outside a repository.
 */
function currentCommit(githubSha, cwd = process.cwd()) {
    if (githubSha)
        return githubSha;
    try {
        const head = execFileSync('git', ['rev-parse', '--verify', 'HEAD^{commit}'], {
            cwd,
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
            timeout: 10_000,
        }).trim();
        return /^[0-9a-f]{40,64}$/.test(head) ? head : '';
    }
    catch {
        return '';
    }
}

/**
 * The gate against the stored history (read once), and recording per the baseline policy.
 * A run with bad input never touches the history.
 */
/**
 * The store opened before the runs are read, connecting meanwhile (a database history); null when the
 * spec is bad, which gateRuns reports.
 */
function prepareHistory(location) {
    try {
        const store = openHistory(location);
        store.prepare?.();
        return store;
    }
    catch {
        return null;
    }
}
/** Judge every run against its comparable runs; null when the history cannot be read (already reported). */
async function gateRuns(ctx, summaries, location, gateSection, prepared = null, environment = null) {
    const { options, io } = ctx;
    // Once open, the store's own location: a database URL's password is never part of a message.
    let where = location;
    try {
        const config = sectionValue(gateSection);
        const store = prepared ?? openHistory(location);
        where = store.location;
        // A database store reads only the runs of the experiments judged.
        const experiments = [...new Set(summaries.map((s) => s.experiment))];
        const history = (await store.readIfExists({ experiments })) ?? missingHistory(ctx, store);
        // The commit once per run of the tool (outside a workflow it takes a git process).
        const sha = options.command === 'record' ? '' : currentCommit(options.github.sha);
        const verdicts = options.command === 'record' ? [] : summaries.map((s) => judgeOne(ctx, s, history, config, sha, environment));
        for (const g of verdicts)
            for (const m of g.metrics)
                io.info(`${g.experiment}: ${m.verdict} — ${m.reason}`);
        for (const g of verdicts) {
            // A run that judged nothing is never a quiet pass; a judged metric that stopped being logged is said.
            if (g.verdict === 'not-judged')
                ctx.warn(`${g.experiment}: not judged — ${g.notJudged}`);
            for (const m of g.metrics)
                if (m.verdict === 'missing')
                    ctx.warn(`${g.experiment}: ${m.reason}`);
            if (!g.run.complete && !g.regression)
                ctx.warn(`${g.experiment}: ${g.name} is incomplete (${incompleteWhy(g)})`);
        }
        return { verdicts, open: { store, history, config } };
    }
    catch (e) {
        ctx.recordError(e instanceof InputError
            ? e
            : new InputError(where, null, `history cannot be read: ${e.message.split('\n')[0]}`));
        return null;
    }
}
/**
 * The run as the history knows its job, and the runs it is compared with: a fingerprint that names fewer
 * or more fields than the job's records (the same files given with --csv and with --metadata) meets
 * them (store/fingerprint-match.ts), under the fingerprint it will be recorded with.
 */
function asRecorded(s, history) {
    const own = fingerprintKey(s.fingerprint);
    const { runs, match } = matchingRuns(history, s.experiment, own);
    const summary = match.key === own ? s : { ...s, fingerprint: Object.fromEntries(fingerprintFields(match.key)) };
    if (runs.length)
        return { summary, runs, note: match.note, noComparable: null };
    const noComparable = match.note
        ? `no comparable runs: ${match.note}`
        : noComparableReason(history.runs.filter(countsInBaseline), s.experiment, own);
    return { summary, runs, note: null, noComparable };
}
function judgeOne(ctx, s, history, config, sha, environment) {
    const { options } = ctx;
    const { summary, runs: all, note, noComparable } = asRecorded(s, history);
    if (note)
        ctx.io.info(`${s.experiment}: ${note}`);
    const comparable = options.bisect ? bisectHistory(summary, all, config).runs : all;
    const gate = judgeRun(summary, comparable, config, {
        newBaseline: options.newBaseline,
        ...(noComparable ? { noComparable } : {}),
    });
    const culprit = findCulprit(all, gate, config, { ...culpritContext(summary, options, sha), environment });
    return culprit ? { ...gate, culprit } : gate;
}
function incompleteWhy(g) {
    return g.metrics.find((m) => m.name === 'steps')?.reason ?? `stopped at step ${g.run.steps}`;
}
/** Where the record comes from, and the identity that makes a re-run replace its earlier record. */
function runIdentity({ github, runId }) {
    const attempt = Number(github.runAttempt);
    const pullRequest = branchType(github) === 'pr' ? (github.prNumber ?? github.mergeGroupPr ?? null) : null;
    return {
        ref: github.ref,
        sha: currentCommit(github.sha),
        runId: runId ?? github.runId,
        repository: github.repository,
        attempt: Number.isInteger(attempt) && attempt >= 1 ? attempt : 1,
        // Recorded on a pull request (record: always): kept for the PR's own trend, never in a baseline.
        ...(pullRequest ? { pullRequest } : {}),
    };
}
/**
 * A history that does not exist is only fine for a run that creates it: a check against a mistyped path
 * or branch would otherwise pass for ever, judging nothing.
 */
function missingHistory(ctx, store) {
    const { options } = ctx;
    const policy = shouldRecord(options.record, options.github);
    if (policy.record)
        return emptyHistory();
    const what = store.location.startsWith('git:')
        ? 'branch or file'
        : store.location.startsWith('postgres://')
            ? 'history tables in the database'
            : 'file';
    throw new InputError(store.location, null, `the history does not exist (no such ${what}); check it is spelled as where runs are recorded, or record a run first to create it (${policy.reason})`);
}
/** `verdicts`: this run's, one per summary in order (none for `record`, which judges nothing). */
async function recordRuns(ctx, summaries, { store, history, config }, verdicts = [], environment = null) {
    const { options, io } = ctx;
    const policy = shouldRecord(options.record, options.github);
    if (!policy.record)
        return io.info(`history: not recorded (${policy.reason})`);
    if (ctx.errors.length)
        return ctx.warn('history: not recorded, because something went wrong before (see the errors above)');
    if (!summaries.length)
        return;
    try {
        const recordedAt = new Date().toISOString();
        // A new baseline starts once per experiment and fingerprint: every experiment of a batch gets its mark.
        const marked = new Set();
        const identity = runIdentity(options);
        const records = summaries.map((given, i) => {
            // Under the fingerprint its job was recorded with (the same files given another way).
            const { summary: s, runs } = asRecorded(given, history);
            const key = `${s.experiment}\u0000${fingerprintKey(s.fingerprint)}`;
            const c = runCompleteness(s, runs, config.completeFraction);
            const baseline = options.newBaseline && !marked.has(key);
            marked.add(key);
            // What the gate flagged is kept, so the flagged run never sets the level it failed against.
            const regressed = new Set((verdicts[i]?.metrics ?? []).filter((m) => m.verdict === 'regression').map((m) => metricKey(m.name)));
            return recordFromSummary(s, {
                recordedAt,
                ...identity,
                baseline,
                complete: c.complete,
                regressed,
                ...(environment ? { environment } : {}),
            });
        });
        const max = options.historyMax ?? store.defaultMax;
        // Said before it happens, from the history as read: a trend site and a culprit search lose this past.
        for (const p of prunedBy(history, records, max))
            ctx.warn(`history: ${p.removed} older run${p.removed === 1 ? '' : 's'} of ${p.experiment}${p.fingerprint ? ` (${p.fingerprint})` : ''} removed, to keep the ${p.kept} newest (history-max ${options.historyMax === null ? `default for this store, ${max}` : max}); set history-max higher to keep them`);
        await store.append(records, max);
        // As read before judging: a concurrent writer may have added more, which only the store sees.
        const again = records.filter((r) => history.runs.some((h) => sameRecordedRun(h, r))).length;
        const replaced = again ? `, ${again} replacing the record of an earlier attempt` : '';
        const pr = records[0]?.pullRequest
            ? ` as runs of pull request #${records[0].pullRequest}, kept out of baselines`
            : '';
        io.info(`history: recorded ${records.length} run(s) in ${store.location}${pr}${replaced} (${policy.reason})`);
    }
    catch (e) {
        const message = `history: could not record in ${store.location}: ${e.message.split('\n')[0]}`;
        // A run that should have been recorded and was not is lost from every later baseline: an error (exit
        // 2) whether asked for (record, record: always) or decided by record: auto, never a warning that a
        // nightly job would pass with. The verdict above it stands as it was.
        ctx.recordError(e instanceof InputError ? e : new InputError(store.location, null, message));
    }
}

export { gateRuns, prepareHistory, recordRuns };
