import { writeFile } from 'node:fs/promises';
import { I as InputError } from './postgres-url-DP7a303U.js';
import { h as historyCsv } from './history-csv-T7mJ7JML.js';
import { historyFlags, openExisting } from './history-BnXy9J4m.js';
import 'node:fs';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './history-overview-75YLXkcV.js';
import './environment-format-CUwpBvlI.js';
import 'node:util';

/** `history export [--experiment E] [--output FILE]`: the history as CSV (report/history-csv.ts), to stdout or a file. */
async function historyExport(args, env) {
    const flags = historyFlags('export', args, { history: { type: 'string' }, experiment: { type: 'string' }, output: { type: 'string' } }, ['history']);
    const { runs } = await openExisting(flags.history, env);
    const records = flags.experiment === undefined ? runs : runs.filter((r) => r.experiment === flags.experiment);
    const csv = historyCsv(records);
    if (!flags.output)
        return csv;
    await writeFile(flags.output, csv).catch((e) => {
        throw new InputError(flags.output, null, `cannot write the CSV: ${e.code ?? e.message}`);
    });
    return `exported ${records.length} run${records.length === 1 ? '' : 's'} to ${flags.output}`;
}

export { historyExport };
