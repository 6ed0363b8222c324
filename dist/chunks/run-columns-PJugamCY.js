import { parseArgs } from 'node:util';
import { l as loadConfig, b8 as openTable, b3 as summarizeRun } from './postgres-url-BezLfty4.js';
import 'node:fs';
import 'node:path';
import 'stream';
import 'node:fs/promises';
import 'node:os';

/** Flag parsing shared by the generator commands: the flags they all take, and a bad flag as an InputError. */
/** The run's files and config its columns are discovered from, and the metric prefix. */
const COLUMN_FLAGS = {
    csv: { type: 'string', multiple: true },
    config: { type: 'string' },
    prefix: { type: 'string' },
};
/** Parse `args` as the column flags plus `extra`; `bad` turns parseArgs' message into the command's InputError. */
function parseGeneratorFlags(args, extra, bad) {
    try {
        return parseArgs({ args, options: { ...COLUMN_FLAGS, ...extra }, allowPositionals: false, strict: true })
            .values;
    }
    catch (e) {
        throw bad(e.message);
    }
}

/**
 * The one way every generator learns a run's columns: each `--csv` file is opened and summarised as run()
 * would (with `--config`), so a generated mapping, dashboard or monitor names exactly what the sinks send.
 * Headers alone would not do: some classes depend on the values (an MFU logged in percent is read as
 * percent from its values, not from its name).
 */
/** Columns and classes of the given metric files, in file order, each name once. */
async function runColumns(files, config) {
    const out = [];
    const seen = new Set();
    for (const file of files) {
        const table = await openTable(file);
        const summary = await summarizeRun({ name: file, experiment: file, tags: {}, fingerprint: {}, table }, config);
        for (const m of summary.metrics) {
            if (seen.has(m.name))
                continue;
            seen.add(m.name);
            out.push({ name: m.name, class: m.class });
        }
    }
    return out;
}
/** `--csv` and `--config` as a generator was given them → the run's columns (none without `--csv`). */
async function columnsFromFlags(values) {
    const config = await loadConfig(values.config ?? null);
    return runColumns(values.csv ?? [], config);
}

export { columnsFromFlags as c, parseGeneratorFlags as p };
