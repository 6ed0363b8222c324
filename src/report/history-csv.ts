/**
 * `history export`: the history as CSV, one row per run, the gated metrics as columns (the number the gate
 * compares). RFC 4180 quoting: every text cell is quoted and its quotes doubled, so names with commas,
 * quotes or newlines stay one cell, and no line starts with a name. A text cell that a spreadsheet would
 * run as a formula (= + - @, tab, CR first) gets a leading apostrophe, as OWASP advises for CSV injection.
 */
import type { HistoryRecord } from '../model.js';
import { keyMetrics, metricValue, pullRequestOf } from '../store/history-overview.js';

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
] as const;

export function historyCsv(records: readonly HistoryRecord[]): string {
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

export function textCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

function numberCell(n: number | null): string {
  return n === null || !Number.isFinite(n) ? '' : String(n);
}
