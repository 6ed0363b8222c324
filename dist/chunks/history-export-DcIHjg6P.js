import { writeFile } from 'node:fs/promises';
import { I as InputError } from './postgres-url-CYZHP39d.js';
import { k as keyMetrics, p as pullRequestOf, m as metricValue } from './history-overview-DkcucCVb.js';
import { h as historyFlags, o as openExisting } from '../cli.js';
import 'node:fs';
import 'node:path';
import 'node:stream';
import 'node:os';
import 'stream';
import 'node:crypto';
import 'node:util';

const COLUMNS = [
    'experiment',
    'fingerprint',
    'run',
    'run_id',
    'repository',
    'attempt',
    'ref',
    'sha',
    'recorded_at',
    'steps',
    'complete',
    'baseline',
    'pull_request',
    'quarantined_at',
    'quarantine_reason',
];
function historyCsv(records) {
    const metrics = keyMetrics(records);
    const lines = [[...COLUMNS, ...metrics].map(textCell).join(',')];
    for (const r of records) {
        const fixed = [
            textCell(r.experiment),
            textCell(r.fingerprint),
            textCell(r.run),
            textCell(r.runId),
            textCell(r.repository ?? ''),
            numberCell(r.attempt ?? null),
            textCell(r.ref),
            textCell(r.sha),
            textCell(r.recordedAt),
            numberCell(r.steps),
            String(r.complete),
            String(r.baseline),
            numberCell(pullRequestOf(r)),
            textCell(r.quarantined?.at ?? ''),
            textCell(r.quarantined?.reason ?? ''),
        ];
        lines.push([...fixed, ...metrics.map((k) => numberCell(metricValue(r.metrics[k])))].join(','));
    }
    return `${lines.join('\r\n')}\r\n`;
}
function textCell(text) {
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
}
function numberCell(n) {
    return n === null || !Number.isFinite(n) ? '' : String(n);
}

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
