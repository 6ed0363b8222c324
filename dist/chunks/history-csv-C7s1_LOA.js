import { k as keyMetrics, p as pullRequestOf, m as metricValue } from './history-overview-2D1ktX0y.js';
import { b9 as redactStoredFields } from './postgres-url-BezLfty4.js';
import { e as environmentFieldOrder, T as TOOL_FIELDS } from './environment-format-CUwpBvlI.js';

/**
 * `history export`: the history as CSV, one row per run, the gated metrics as columns (the number the gate
 * compares). RFC 4180 quoting: every text cell is quoted and its quotes doubled, so names with commas,
 * quotes or newlines stay one cell, and no line starts with a name. A text cell that a spreadsheet would
 * run as a formula (= + - @, tab, CR first) gets a leading apostrophe, as OWASP advises for CSV injection.
 *
 * After the metrics, the environment: a column `environment.FIELD` for each field the tool records itself
 * (image, driver, cuda, the runner's) that any run has, and for each other field whose value is not the same
 * in every run (`environment.torch` where torch moved): a pip freeze of 500 packages that never changed
 * would be 500 columns that say nothing (runs that recorded no environment at all are not counted). A run
 * without the field has an empty cell. Fields are shown as every output shows a history's (src/secrets/).
 */
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
/** Fields the tool itself records: a column whenever any run has one, changed or not. */
const OWN_FIELDS = new Set(TOOL_FIELDS);
/** The environment fields that get a column (see the file's comment), in the explanations' order. */
function environmentColumns(environments) {
    const values = new Map();
    const runs = new Map();
    let recorded = 0;
    for (const environment of environments) {
        if (environment)
            recorded++;
        for (const [field, value] of Object.entries(environment ?? {})) {
            const seen = values.get(field);
            if (seen)
                seen.add(value);
            else
                values.set(field, new Set([value]));
            runs.set(field, (runs.get(field) ?? 0) + 1);
        }
    }
    // A field only some of the runs that recorded an environment have varies too; a run from before
    // environments were recorded does not make every field vary.
    const varies = (f) => values.get(f).size > 1 || runs.get(f) < recorded;
    return [...values.keys()].filter((f) => OWN_FIELDS.has(f) || varies(f)).sort(environmentFieldOrder);
}
function historyCsv(records, onRecord) {
    const metrics = keyMetrics(records);
    // As every output shows a history's fields: no secret a record holds (src/secrets/).
    const environments = records.map((r) => redactStoredFields(r.environment));
    const environment = environmentColumns(environments);
    const lines = [[...COLUMNS, ...metrics, ...environment.map((f) => `environment.${f}`)].map(textCell).join(',')];
    for (const [i, r] of records.entries()) {
        const env = environments[i];
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
        lines.push([
            ...fixed,
            ...metrics.map((k) => numberCell(metricValue(r.metrics[k]))),
            ...environment.map((f) => textCell((env && Object.hasOwn(env, f) ? env[f] : '') ?? '')),
        ].join(','));
        onRecord?.();
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

export { historyCsv as h };
