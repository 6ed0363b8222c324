import { o as openHistory } from './index-B-U7S7k0.js';
import { s as selectRun, r as runWords, a as selectorFlags } from './history-run-flags-1-Gt1rVf.js';
import { historyFlags } from './history-BvYeHyvf.js';
import { selector } from './history-remove-DN7JvZ5S.js';
import './postgres-url-Ax11ZXyj.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'node:os';
import 'stream';
import 'node:child_process';
import './history-Csf8xXjG.js';
import 'node:crypto';
import './postgres-migrations-B22ZxShd.js';
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
