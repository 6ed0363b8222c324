import { e as experimentRows } from './history-overview-2D1ktX0y.js';
import { t as textTable } from './text-table-fopta5xB.js';
import { historyFlags, openExisting } from './history-BryXbcR6.js';
import './postgres-url-BezLfty4.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:util';

/** `history list`: every experiment and fingerprint in the history, with run counts and the date range. */
async function historyList(args, env) {
    const flags = historyFlags('list', args, { history: { type: 'string' } }, ['history']);
    const { store, runs } = await openExisting(flags.history, env);
    const rows = experimentRows(runs);
    if (rows.length === 0)
        return `${store.location}: no runs recorded yet`;
    const table = textTable(['experiment', 'fingerprint', 'runs', 'quarantined', 'PR runs', 'first', 'last'], rows.map((r) => [
        r.experiment,
        r.fingerprint || '(none)',
        String(r.runs),
        String(r.quarantined),
        String(r.pullRequest),
        r.first,
        r.last,
    ]));
    const experiments = new Set(rows.map((r) => r.experiment)).size;
    return `${store.location}: ${runs.length} run${runs.length === 1 ? '' : 's'} of ${experiments} experiment${experiments === 1 ? '' : 's'}\n${table}`;
}

export { historyList };
