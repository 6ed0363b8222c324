/** The runs since the latest mark (the marked run first), or null when no run of the history is marked. */
function runsSinceMark(history) {
    for (let i = history.length - 1; i >= 0; i--)
        if (history[i].baseline)
            return history.slice(i);
    return null;
}
/** The marked run's verdicts: a regression becomes an accepted pass, except those that always fail. */
function acceptAsBaseline(verdicts, alwaysFail) {
    return verdicts.map((v) => v.verdict === 'regression' && !alwaysFail.has(v.name)
        ? { ...v, verdict: 'pass', reason: `accepted as the new baseline: ${v.reason}` }
        : v);
}
/**
 * `history accept`: the new-baseline mark set after the fact on `runs[at]`. The runs from it on of its
 * experiment and fingerprint lose their regression flags as well, as if the mark had been set when it was
 * recorded (the marked run's verdicts are accepted, the runs after it judged against the new level): they
 * are the new level, not regressions from the old one. Other runs are returned as they were (the same
 * objects), so a store rewrites only what changed.
 */
function acceptFrom(runs, at) {
    const from = runs[at];
    return runs.map((r, i) => {
        if (i < at || r.experiment !== from.experiment || r.fingerprint !== from.fingerprint)
            return r;
        const flagged = Object.values(r.metrics).some((m) => m.regressed);
        if (i > at && !flagged)
            return r;
        const metrics = flagged
            ? Object.fromEntries(Object.entries(r.metrics).map(([k, m]) => {
                if (!m.regressed)
                    return [k, m];
                const { regressed: _, ...rest } = m;
                return [k, rest];
            }))
            : r.metrics;
        return { ...r, ...(i === at ? { baseline: true } : {}), metrics };
    });
}

export { acceptFrom as a, acceptAsBaseline as b, runsSinceMark as r };
