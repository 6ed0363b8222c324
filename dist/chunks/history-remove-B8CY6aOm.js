import { openHistory } from './store-u9FdFviB.js';
import { s as selectRun, r as runWords, a as selectorFlags } from './history-run-flags-Cv0FS6MZ.js';
import { historyFlags } from './history-BryXbcR6.js';
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

/** `history remove --experiment E --run ID`: delete one run's record (see select-run.ts for what ID matches). */
async function historyRemove(args, env) {
    const flags = historyFlags('remove', args, selectorFlags, ['history', 'experiment', 'run']);
    const store = openHistory(flags.history, { env });
    let removed = '';
    await store.update((history) => {
        const i = selectRun(history, selector(flags), store.location);
        removed = runWords(history.runs[i]);
        return { ...history, runs: history.runs.filter((_, j) => j !== i) };
    });
    return `removed ${removed} from ${store.location}`;
}
function selector(flags) {
    return {
        experiment: flags.experiment,
        id: flags.run,
        ...(flags.fingerprint !== undefined ? { fingerprint: flags.fingerprint } : {}),
    };
}

export { historyRemove, selector };
