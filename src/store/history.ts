/**
 * The stored baseline history: one compact record per recorded run, kept per experiment and per
 * hardware/config fingerprint (runs on different hardware are never compared). The file is JSON with one
 * record per line, so a diff of the data branch shows one added line per run and an error can name its line.
 */
import type { HistoryRecord } from '../model.js';
import { sameRecordedRun } from './run-identity.js';

/** The format this version writes; it reads this one and refuses newer ones. */
export const HISTORY_FORMAT = 1;

export interface HistoryFile {
  format: number;
  runs: HistoryRecord[];
  /** Top-level keys this version does not know (a newer tool's, or a person's): written back as they were. */
  extra?: Record<string, unknown>;
}

export function emptyHistory(): HistoryFile {
  return { format: HISTORY_FORMAT, runs: [] };
}

/**
 * A recorded run that may set a baseline: a pull request's run is kept for its own trend and a quarantined
 * run (a bad one) for audit, but neither is ever compared with.
 */
export function countsInBaseline(record: Pick<HistoryRecord, 'pullRequest' | 'quarantined'>): boolean {
  return (record.pullRequest === undefined || record.pullRequest === null) && !record.quarantined;
}

/** The runs a given run is compared with (its experiment and fingerprint, counting in a baseline), oldest first. */
export function comparableRuns(history: HistoryFile, experiment: string, fingerprint: string): HistoryRecord[] {
  return history.runs.filter(
    (r) => r.experiment === experiment && r.fingerprint === fingerprint && countsInBaseline(r),
  );
}

/**
 * Append records and keep at most `max` per experiment and fingerprint (the oldest go first).
 * Records are kept in the order given, after those already there. A record of a run already there (the
 * same run identity: a re-run attempt) replaces it in place instead, so a re-run never counts twice in
 * the noise; an older attempt arriving after a newer one is dropped.
 */
export function appendRecords(history: HistoryFile, records: readonly HistoryRecord[], max: number): HistoryFile {
  const runs = [...history.runs];
  for (const record of records) {
    const i = runs.findIndex((r) => sameRecordedRun(r, record));
    if (i < 0) runs.push(record);
    else if ((record.attempt ?? 1) >= (runs[i]!.attempt ?? 1)) runs[i] = record;
  }
  const seen = new Map<string, number>();
  const keep: boolean[] = new Array(runs.length).fill(false);
  for (let i = runs.length - 1; i >= 0; i--) {
    const key = `${runs[i]!.experiment}\u0000${runs[i]!.fingerprint}`;
    const count = seen.get(key) ?? 0;
    if (count < max) keep[i] = true;
    seen.set(key, count + 1);
  }
  return { ...history, format: HISTORY_FORMAT, runs: runs.filter((_, i) => keep[i]) };
}

/** The file's text: one record per line, unknown top-level keys first as they were read. */
export function serializeHistory(history: HistoryFile): string {
  const extra = Object.entries(history.extra ?? {})
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`)
    .join('');
  const head = `{${extra}"format":${HISTORY_FORMAT},"runs":[`;
  if (history.runs.length === 0) return `${head}]}\n`;
  return `${head}\n${history.runs.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
}
