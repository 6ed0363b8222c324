import { o as openHistory } from './index-DKXgNO-s.js';
import { s as selectRun, r as runWords, a as selectorFlags } from './history-run-flags-xcEmn5IL.js';
import { historyFlags } from './history-DnvcoA-n.js';
import { selector } from './history-remove-BA6l0Law.js';
import './postgres-url-B-p--e8Y.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'node:os';
import 'stream';
import 'node:child_process';
import './history-Csf8xXjG.js';
import 'node:crypto';
import './postgres-migrations-D_rcSsF4.js';
import 'node:util';

/**
 * `history quarantine --experiment E --run ID [--reason TEXT]`: take a bad run out of every baseline and
 * keep its record for audit, with `quarantined: {at, reason}`. Quarantining a run already quarantined
 * changes nothing (its first time and reason stay).
 */
async function historyQuarantine(args, env) {
    const flags = historyFlags('quarantine', args, { ...selectorFlags, reason: { type: 'string' } }, [
        'history',
        'experiment',
        'run',
    ]);
    const store = openHistory(flags.history, { env });
    const at = new Date().toISOString();
    let said = '';
    await store.update((history) => {
        const i = selectRun(history, selector(flags), store.location);
        const r = history.runs[i];
        if (r.quarantined) {
            said = `${runWords(r)} was already quarantined at ${r.quarantined.at}; left as it is`;
            return history;
        }
        said = `quarantined ${runWords(r)} in ${store.location}: kept for audit, never part of a baseline`;
        const runs = [...history.runs];
        runs[i] = { ...r, quarantined: { at, reason: flags.reason ?? '' } };
        return { ...history, runs };
    });
    return said;
}

export { historyQuarantine };
