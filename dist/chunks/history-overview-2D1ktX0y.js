import { aP as judgedAtEnd } from './postgres-url-BezLfty4.js';

/**
 * What `history list`, `show` and `export` print, as plain rows: experiments with their fingerprints, run
 * counts and date ranges; a run's flags; the number the gate judges each metric by.
 */
/** One row per experiment and fingerprint, sorted by experiment then fingerprint. */
function experimentRows(records) {
    const rows = new Map();
    for (const r of records) {
        const key = `${r.experiment}\u0000${r.fingerprint}`;
        const row = rows.get(key) ?? {
            experiment: r.experiment,
            fingerprint: r.fingerprint,
            runs: 0,
            quarantined: 0,
            pullRequest: 0,
            first: r.recordedAt,
            last: r.recordedAt,
        };
        row.runs++;
        if (r.quarantined)
            row.quarantined++;
        if (pullRequestOf(r) !== null)
            row.pullRequest++;
        if (r.recordedAt < row.first)
            row.first = r.recordedAt;
        if (r.recordedAt > row.last)
            row.last = r.recordedAt;
        rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => a.experiment === b.experiment ? cmp(a.fingerprint, b.fingerprint) : cmp(a.experiment, b.experiment));
}
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
/** The PR number of a run recorded on a pull request (the store's `pullRequest` field), or null. */
function pullRequestOf(r) {
    const n = r.pullRequest;
    return typeof n === 'number' && Number.isInteger(n) ? n : null;
}
/** The run's flags in words: baseline, PR run, quarantined, incomplete. */
function runFlags(r) {
    const pr = pullRequestOf(r);
    return [
        r.baseline ? 'baseline' : '',
        pr !== null ? `PR #${pr}` : '',
        r.quarantined ? `quarantined (${r.quarantined.reason || 'no reason given'})` : '',
        r.complete ? '' : 'incomplete',
    ].filter(Boolean);
}
/** Metrics the gate judges (a direction, not ignored), in the order of their keys. */
function keyMetrics(records) {
    const keys = new Set();
    for (const r of records)
        for (const [key, m] of Object.entries(r.metrics))
            if (m.direction !== 'none' && m.kind !== 'ignore')
                keys.add(key);
    return [...keys].sort(cmp);
}
/** The number the gate compares: a loss's or quality metric's final-window median, else the steady-state median; null when none. */
function metricValue(m) {
    if (!m)
        return null;
    const v = judgedAtEnd(m.kind) ? (m.final ?? m.centre) : m.centre;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export { experimentRows as e, keyMetrics as k, metricValue as m, pullRequestOf as p, runFlags as r };
