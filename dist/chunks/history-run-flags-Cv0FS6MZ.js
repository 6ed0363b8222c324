import { I as InputError } from './postgres-url-BezLfty4.js';

/**
 * Which record `history remove|quarantine --experiment E --run ID` means. ID matches a record of experiment
 * E whose run id (the workflow run id or `run-id`) or run name equals it, exactly; `--fingerprint` narrows
 * the search to one fingerprint. Exactly one record must match: none, or several (a batch shares its run id,
 * a run name recurs across runs), is an InputError listing what there is, so nothing is changed by a guess.
 */
/** The index in `history.runs` of the one record the selector names. */
function selectRun(history, s, source) {
    const inExperiment = history.runs
        .map((r, i) => ({ r, i }))
        .filter(({ r }) => r.experiment === s.experiment && (s.fingerprint === undefined || r.fingerprint === s.fingerprint));
    if (inExperiment.length === 0)
        throw new InputError(source, null, `no runs of experiment ${JSON.stringify(s.experiment)}${s.fingerprint === undefined ? '' : ` with fingerprint ${JSON.stringify(s.fingerprint)}`} (see history list)`);
    const matches = inExperiment.filter(({ r }) => r.runId === s.id || r.run === s.id);
    if (matches.length === 1)
        return matches[0].i;
    if (matches.length === 0)
        throw new InputError(source, null, `experiment ${JSON.stringify(s.experiment)} has no run with the run id or name ${JSON.stringify(s.id)}; it has ${listed(inExperiment.map(({ r }) => r))} (see history show)`);
    throw new InputError(source, null, `${JSON.stringify(s.id)} is ambiguous in experiment ${JSON.stringify(s.experiment)}: ${matches.length} runs match (${listed(matches.map(({ r }) => r))}); give the other of run id and name, or --fingerprint`);
}
/** A few runs named so a person can tell them apart. */
function listed(records) {
    const shown = records
        .slice(0, 5)
        .map((r) => `${JSON.stringify(r.run)} run id ${JSON.stringify(r.runId)} fingerprint ${JSON.stringify(r.fingerprint)}`);
    return `${shown.join('; ')}${records.length > 5 ? `; and ${records.length - 5} more` : ''}`;
}

const selectorFlags = {
    history: { type: 'string' },
    experiment: { type: 'string' },
    run: { type: 'string' },
    fingerprint: { type: 'string' },
};
/** The run in words, for the line that says what was done. */
function runWords(r) {
    return `run ${JSON.stringify(r.run)} (run id ${JSON.stringify(r.runId)}, commit ${r.sha.slice(0, 12) || 'unknown'}, recorded ${r.recordedAt}) of experiment ${JSON.stringify(r.experiment)}`;
}

export { selectorFlags as a, runWords as r, selectRun as s };
