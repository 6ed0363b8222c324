import { openHistory } from './store-EpfRrpz3.js';
import { s as selectRun, r as runWords, a as selectorFlags } from './history-run-flags-W8S_wBZc.js';
import { historyFlags } from './history-C8fya1wD.js';
import './postgres-url-BZ1xe6OC.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:child_process';
import './history-Cgwee6A_.js';
import 'node:crypto';
import './record-problem-Bk2fdXkw.js';
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
