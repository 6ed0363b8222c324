import { am as fingerprintFields } from './postgres-url-BezLfty4.js';

/**
 * Which recorded fingerprints a run's is the same job as. One job given three ways — `--csv` (no hardware
 * fields), a run directory (`ranks=N` where it holds several ranks), a manifest line (`gpu`, `world_size`
 * and the rest from the line) — must meet the same history, or a nightly job that changed how it passes
 * its files judges nothing for ever.
 *
 * A field one side does not name is unknown there, not different: two fingerprints are the same job when
 * they agree on every field both name. `ranks` is the exception: a job's ranks merged into one run and one
 * rank's file alone are different numbers (docs/gate.md, "Multi-rank jobs"), so it must be named by both
 * or by neither. Where the history's matching fingerprints disagree on a field the run does not name
 * (`gpu=A100` and `gpu=H100` for a run given with `--csv`), the run could be either job: only an exact
 * match is used, and the reason names the fields.
 */
const RANKS = 'ranks';
function sameJob(a, b) {
    if (a.get(RANKS) !== b.get(RANKS))
        return false;
    for (const [k, v] of a)
        if (b.has(k) && b.get(k) !== v)
            return false;
    return true;
}
function union(fields) {
    const out = {};
    for (const f of fields)
        for (const [k, v] of f)
            out[k] = v;
    return Object.keys(out)
        .sort()
        .map((k) => `${k}=${out[k]}`)
        .join(',');
}
/** `recorded`: the fingerprints this run's experiment was recorded under (in runs that count), any order. */
function matchFingerprint(own, recorded) {
    const mine = fingerprintFields(own);
    const candidates = [...new Set(recorded)].filter((k) => sameJob(mine, fingerprintFields(k))).sort();
    const exact = candidates.includes(own);
    if (candidates.length === 0 || (exact && candidates.length === 1))
        return { key: own, keys: candidates, note: null };
    const fields = candidates.map(fingerprintFields);
    const agree = fields.every((a) => fields.every((b) => sameJob(a, b)));
    if (!agree) {
        const others = candidates.filter((k) => k !== own);
        const unnamed = [...new Set(others.flatMap((k) => [...fingerprintFields(k).keys()]))].filter((k) => !mine.has(k));
        const which = `the history holds this experiment under ${others.length} other fingerprints that differ in ${unnamed.sort().join(', ')}, which this run does not name`;
        return {
            key: own,
            keys: exact ? [own] : [],
            note: exact
                ? `${which}: it is compared with the runs of its own fingerprint only`
                : `${which}: give its files the way they were recorded (--metadata names the hardware), so it is compared with its own job`,
        };
    }
    const key = union([...fields, mine]);
    const others = candidates.filter((k) => k !== own);
    const what = others.map((k) => (k ? `${k}` : 'no fingerprint fields')).join('; ');
    return {
        key,
        keys: candidates,
        note: `compared with runs recorded with ${what} as the same job (this run: ${own || 'no fingerprint fields'}; fields only one side names are unknown there, not different${key !== own ? `; recorded as ${key}` : ''})`,
    };
}

function sameRecordedRun(a, b) {
    if (!a.runId || !b.runId)
        return false;
    // The run name tells apart the several runs one workflow run records (a batch).
    return (a.runId === b.runId &&
        (a.repository ?? '') === (b.repository ?? '') &&
        a.experiment === b.experiment &&
        a.fingerprint === b.fingerprint &&
        a.run === b.run);
}

/** The format this version writes; it reads this one and refuses newer ones. */
const HISTORY_FORMAT = 1;
function emptyHistory() {
    return { format: HISTORY_FORMAT, runs: [] };
}
/**
 * A recorded run that may set a baseline: a pull request's run is kept for its own trend and a quarantined
 * run (a bad one) for audit, but neither is ever compared with.
 */
function countsInBaseline(record) {
    return (record.pullRequest === undefined || record.pullRequest === null) && !record.quarantined;
}
/** The runs a given run is compared with (its experiment and fingerprint, counting in a baseline), oldest first. */
function comparableRuns(history, experiment, fingerprint) {
    return history.runs.filter((r) => r.experiment === experiment && r.fingerprint === fingerprint && countsInBaseline(r));
}
/**
 * The runs a run is compared with when its fingerprint may name fewer or more fields than the records of
 * its job (fingerprint-match.ts): those of every recorded fingerprint that is the same job, oldest first,
 * and the match (the fingerprint to judge and record the run under, and what to say).
 */
function matchingRuns(history, experiment, fingerprint) {
    const own = history.runs.filter((r) => r.experiment === experiment && countsInBaseline(r));
    const match = matchFingerprint(fingerprint, own.map((r) => r.fingerprint));
    const keys = new Set(match.keys);
    return { runs: own.filter((r) => keys.has(r.fingerprint)), match };
}
/**
 * Append records and keep at most `max` per experiment and fingerprint (the oldest go first).
 * Records are kept in the order given, after those already there. A record of a run already there (the
 * same run identity: a re-run attempt) replaces it in place instead, so a re-run never counts twice in
 * the noise; an older attempt arriving after a newer one is dropped.
 */
function appendRecords(history, records, max) {
    const runs = [...history.runs];
    for (const record of records) {
        const i = runs.findIndex((r) => sameRecordedRun(r, record));
        if (i < 0)
            runs.push(record);
        else if ((record.attempt ?? 1) >= (runs[i].attempt ?? 1))
            runs[i] = record;
    }
    const seen = new Map();
    const keep = new Array(runs.length).fill(false);
    for (let i = runs.length - 1; i >= 0; i--) {
        const key = `${runs[i].experiment}\u0000${runs[i].fingerprint}`;
        const count = seen.get(key) ?? 0;
        if (count < max)
            keep[i] = true;
        seen.set(key, count + 1);
    }
    return { ...history, format: HISTORY_FORMAT, runs: runs.filter((_, i) => keep[i]) };
}
/**
 * What appending `records` to `history` with `max` removes, per experiment and fingerprint (the oldest
 * runs go): said before it happens, so no history is pruned without a word. A record that replaces an
 * earlier attempt of its run adds nothing. `max` Infinity keeps everything.
 */
function prunedBy(history, records, max) {
    if (!Number.isFinite(max))
        return [];
    const groups = new Map();
    const keyOf = (r) => `${r.experiment}\u0000${r.fingerprint}`;
    for (const r of records) {
        const g = groups.get(keyOf(r)) ?? {
            experiment: r.experiment,
            fingerprint: r.fingerprint,
            removed: 0,
            kept: 0,
            count: 0,
        };
        if (!history.runs.some((h) => sameRecordedRun(h, r)))
            g.count += 1;
        groups.set(keyOf(r), g);
    }
    for (const r of history.runs) {
        const g = groups.get(keyOf(r));
        if (g)
            g.count += 1;
    }
    return [...groups.values()]
        .filter((g) => g.count > max)
        .map(({ count, ...g }) => ({ ...g, removed: count - max, kept: max }));
}
/** The file's text: one record per line, unknown top-level keys first as they were read. */
function serializeHistory(history) {
    const extra = Object.entries(history.extra ?? {})
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`)
        .join('');
    const head = `{${extra}"format":${HISTORY_FORMAT},"runs":[`;
    if (history.runs.length === 0)
        return `${head}]}\n`;
    return `${head}\n${history.runs.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
}

export { HISTORY_FORMAT as H, countsInBaseline as a, appendRecords as b, comparableRuns as c, serializeHistory as d, emptyHistory as e, matchingRuns as m, prunedBy as p, sameRecordedRun as s };
