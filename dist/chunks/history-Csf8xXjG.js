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

export { HISTORY_FORMAT as H, countsInBaseline as a, appendRecords as b, comparableRuns as c, serializeHistory as d, emptyHistory as e, sameRecordedRun as s };
