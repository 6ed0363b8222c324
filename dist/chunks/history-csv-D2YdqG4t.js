import { k as keyMetrics, p as pullRequestOf, m as metricValue } from './history-overview-DkcucCVb.js';

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

export { historyCsv as h };
