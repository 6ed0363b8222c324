import { openHistory } from './store-u9FdFviB.js';
import { s as selectRun, r as runWords, a as selectorFlags } from './history-run-flags-Cv0FS6MZ.js';
import { historyFlags } from './history-BryXbcR6.js';
import { selector } from './history-remove-B8CY6aOm.js';
import './postgres-url-BezLfty4.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:child_process';
import './history-DzKPUSLO.js';
import 'node:crypto';
import './record-problem-Cb4fC9fR.js';
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
