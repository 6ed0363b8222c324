import { I as InputError } from './postgres-url-efi4CwPS.js';
import { f as formatValue } from './format-CFdaLMzN.js';
import { k as keyMetrics, m as metricValue, r as runFlags } from './history-overview-DkcucCVb.js';
import { t as textTable } from './text-table-fopta5xB.js';
import { h as historyFlags, o as openExisting } from '../cli.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'node:os';
import 'stream';
import 'node:crypto';
import 'node:util';

/** `history show --experiment E`: its runs, oldest first, with commit, date, the judged metrics and flags. */
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
        const table = textTable(['run', 'run id', 'commit', 'recorded', 'steps', 'complete', ...metrics, 'flags'], records.map((r) => [
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
            runFlags(r).join(', '),
        ]));
        return `fingerprint ${fp || '(none)'}: ${records.length} run${records.length === 1 ? '' : 's'}\n${table}`;
    });
    return `${flags.experiment} in ${store.location}\n\n${parts.join('\n\n')}`;
}

export { historyShow };
