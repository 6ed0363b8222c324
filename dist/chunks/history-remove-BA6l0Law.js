import { o as openHistory } from './index-DKXgNO-s.js';
import { s as selectRun, r as runWords, a as selectorFlags } from './history-run-flags-xcEmn5IL.js';
import { historyFlags } from './history-DnvcoA-n.js';
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
