import { a as acceptFrom } from './new-baseline-CMcYoIpF.js';
import { I as InputError } from './postgres-url-BezLfty4.js';
import { a as countsInBaseline } from './history-DzKPUSLO.js';
import { openHistory } from './store-u9FdFviB.js';
import { a as selectorFlags, s as selectRun, r as runWords } from './history-run-flags-Cv0FS6MZ.js';
import { historyFlags } from './history-BryXbcR6.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:child_process';
import 'node:crypto';
import './record-problem-Cb4fC9fR.js';
import 'node:util';

/**
 * `history accept --experiment E --from RUN [--fingerprint F]`: accept a change as the new level after the
 * fact — the `new-baseline` mark set on RUN (see select-run.ts for what RUN matches), and the regression
 * flags of RUN and the runs after it cleared (gate/new-baseline.ts), so the runs from RUN on set the level.
 * A quarantined run or a pull request's run never counts in a baseline, so it cannot start one: refused.
 * Accepting the run that already starts a baseline, with nothing flagged after it, changes nothing.
 */
async function historyAccept(args, env) {
    const { run: _, ...flagsWithoutRun } = selectorFlags;
    const flags = historyFlags('accept', args, { ...flagsWithoutRun, from: { type: 'string' } }, [
        'history',
        'experiment',
        'from',
    ]);
    const store = openHistory(flags.history, { env });
    let said = '';
    await store.update((history) => {
        const i = selectRun(history, {
            experiment: flags.experiment,
            id: flags.from,
            ...(flags.fingerprint !== undefined ? { fingerprint: flags.fingerprint } : {}),
        }, store.location);
        const r = history.runs[i];
        if (!countsInBaseline(r))
            throw new InputError(store.location, null, `${runWords(r)} is ${r.quarantined ? 'quarantined' : "a pull request's run"}: it never counts in a baseline, so it cannot start one`);
        const runs = acceptFrom(history.runs, i);
        const changed = runs.filter((x, j) => x !== history.runs[j]).length;
        if (r.baseline && changed === 1 && JSON.stringify(runs[i]) === JSON.stringify(r)) {
            said = `${runWords(r)} already starts a baseline; left as it is`;
            return history;
        }
        const later = changed - 1;
        said = `accepted ${runWords(r)} as the start of a new baseline in ${store.location}: the runs before it no longer set the level${later > 0 ? `; the regression flags of ${later} later run${later === 1 ? '' : 's'} cleared` : ''}`;
        return { ...history, runs };
    });
    return said;
}

export { historyAccept };
