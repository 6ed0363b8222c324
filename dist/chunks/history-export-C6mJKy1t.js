import { w as writeFileAtomic, I as InputError, d as replacedLinkWarning } from './postgres-url-BezLfty4.js';
import { h as historyCsv } from './history-csv-C7s1_LOA.js';
import { QUIET_SUBCOMMAND, historyFlags, openExisting } from './history-BryXbcR6.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './history-overview-2D1ktX0y.js';
import './environment-format-CUwpBvlI.js';
import 'node:util';

/** `history export [--experiment E] [--output FILE]`: the history as CSV (report/history-csv.ts), to stdout or a file. */
async function historyExport(args, env, tell = QUIET_SUBCOMMAND) {
    const flags = historyFlags('export', args, {
        history: { type: 'string' },
        experiment: { type: 'string' },
        output: { type: 'string' },
        quiet: { type: 'boolean' },
    }, ['history']);
    const { runs } = await openExisting(flags.history, env);
    const records = flags.experiment === undefined ? runs : runs.filter((r) => r.experiment === flags.experiment);
    const task = tell.progress(Boolean(flags.quiet)).task('exporting the history', records.length, 'records');
    const csv = historyCsv(records, () => task.add(1));
    task.end();
    if (!flags.output)
        return csv;
    const { replacedLink } = await writeFileAtomic(flags.output, csv).catch((e) => {
        throw new InputError(flags.output, null, `cannot write the CSV: ${e.code ?? e.message}`);
    });
    if (replacedLink)
        tell.warn(replacedLinkWarning(flags.output));
    return `exported ${records.length} run${records.length === 1 ? '' : 's'} to ${flags.output}`;
}

export { historyExport };
