import { I as InputError, b9 as redactStoredFields } from './postgres-url-BezLfty4.js';
import { e as environmentChanges } from './environment-change-DoVkncVQ.js';
import { a as formatEnvironmentChanges } from './environment-format-CUwpBvlI.js';
import { a as formatValue } from './format-DGRI6Ozy.js';
import { k as keyMetrics, m as metricValue, r as runFlags } from './history-overview-2D1ktX0y.js';
import { t as textTable } from './text-table-fopta5xB.js';
import { historyFlags, openExisting } from './history-BryXbcR6.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:util';

/**
 * `history show --experiment E`: its runs, oldest first, with commit, date, the judged metrics and flags.
 * Where runs recorded an environment: a column with what changed since the run before that recorded one,
 * and under the table the whole environment of the latest such run.
 */
async function historyShow(args, env) {
    const flags = historyFlags('show', args, { history: { type: 'string' }, experiment: { type: 'string' }, fingerprint: { type: 'string' } }, ['history', 'experiment']);
    const { store, runs } = await openExisting(flags.history, env);
    const mine = runs.filter((r) => r.experiment === flags.experiment && (flags.fingerprint === undefined || r.fingerprint === flags.fingerprint));
    if (mine.length === 0)
        throw new InputError(store.location, null, `no runs of experiment ${JSON.stringify(flags.experiment)} (see history list)`);
    const fingerprints = [...new Set(mine.map((r) => r.fingerprint))];
    const parts = fingerprints.map((fp) => {
        const records = mine.filter((r) => r.fingerprint === fp);
        const metrics = keyMetrics(records);
        const envs = environmentColumn(records);
        const table = textTable([
            'run',
            'run id',
            'commit',
            'recorded',
            'steps',
            'complete',
            ...metrics,
            ...(envs ? ['environment'] : []),
            'flags',
        ], records.map((r, i) => [
            r.run,
            r.runId || '—',
            r.sha ? r.sha.slice(0, 12) : '—',
            r.recordedAt,
            String(r.steps),
            r.complete ? 'yes' : 'no',
            ...metrics.map((k) => {
                const v = metricValue(r.metrics[k]);
                return v === null ? '—' : formatValue(v);
            }),
            ...(envs ? [envs[i]] : []),
            runFlags(r).join(', '),
        ]));
        return `fingerprint ${fp || '(none)'}: ${records.length} run${records.length === 1 ? '' : 's'}\n${table}${latestEnvironment(records)}`;
    });
    return `${flags.experiment} in ${store.location}\n\n${parts.join('\n\n')}`;
}
/** Per run, its environment against the run before it that recorded one; null when no run recorded one. */
function environmentColumn(records) {
    if (!records.some((r) => r.environment))
        return null;
    let before;
    return records.map((r) => {
        const env = r.environment;
        if (!env)
            return '—';
        const cell = before
            ? (() => {
                const changes = environmentChanges(before, env);
                return changes.length ? formatEnvironmentChanges(changes, 3) : 'same';
            })()
            : `${Object.keys(env).length} fields`;
        before = env;
        return cell;
    });
}
/** The latest recorded environment in full, field by field. */
function latestEnvironment(records) {
    const r = [...records].reverse().find((x) => x.environment);
    if (!r?.environment)
        return '';
    // As every output shows a history's fields: no secret a record holds (src/secrets/).
    const environment = redactStoredFields(r.environment);
    const fields = Object.keys(environment).sort();
    const table = textTable(['field', 'value'], fields.map((f) => [f, environment[f]]));
    return `\n\nenvironment of run ${JSON.stringify(r.run)} (run id ${JSON.stringify(r.runId)}), ${fields.length} field${fields.length === 1 ? '' : 's'}:\n${table}`;
}

export { historyShow };
