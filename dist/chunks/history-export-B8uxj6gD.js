import { writeFile } from 'node:fs/promises';
import { d as SILENT, I as InputError } from './postgres-url-2c1SxXIa.js';
import { h as historyCsv } from './history-csv-Cv1eTT2r.js';
import { historyFlags, openExisting } from './history-Dnmte2tr.js';
import 'node:fs';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './history-overview-V_yN_LsD.js';
import './environment-format-CUwpBvlI.js';
import 'node:util';

/** `history export [--experiment E] [--output FILE]`: the history as CSV (report/history-csv.ts), to stdout or a file. */
async function historyExport(args, env, progress = () => SILENT) {
    const flags = historyFlags('export', args, {
        history: { type: 'string' },
        experiment: { type: 'string' },
        output: { type: 'string' },
        quiet: { type: 'boolean' },
    }, ['history']);
    const { runs } = await openExisting(flags.history, env);
    const records = flags.experiment === undefined ? runs : runs.filter((r) => r.experiment === flags.experiment);
    const task = progress(Boolean(flags.quiet)).task('exporting the history', records.length, 'records');
    const csv = historyCsv(records, () => task.add(1));
    task.end();
    if (!flags.output)
        return csv;
    await writeFile(flags.output, csv).catch((e) => {
        throw new InputError(flags.output, null, `cannot write the CSV: ${e.code ?? e.message}`);
    });
    return `exported ${records.length} run${records.length === 1 ? '' : 's'} to ${flags.output}`;
}

export { historyExport };
