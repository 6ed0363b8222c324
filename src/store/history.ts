/**
 * The stored baseline history: one compact record per recorded run, kept per experiment and per
 * hardware/config fingerprint (runs on different hardware are never compared; a field only one side names
 * is unknown there, not different: fingerprint-match.ts). The file is JSON with one
 * record per line, so a diff of the data branch shows one added line per run and an error can name its line.
 */
import type { HistoryRecord } from '../model.js';
import { type FingerprintMatch, matchFingerprint } from './fingerprint-match.js';
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
 * The runs a run is compared with when its fingerprint may name fewer or more fields than the records of
 * its job (fingerprint-match.ts): those of every recorded fingerprint that is the same job, oldest first,
 * and the match (the fingerprint to judge and record the run under, and what to say).
 */
export function matchingRuns(
  history: HistoryFile,
  experiment: string,
  fingerprint: string,
): { runs: HistoryRecord[]; match: FingerprintMatch } {
  const own = history.runs.filter((r) => r.experiment === experiment && countsInBaseline(r));
  const match = matchFingerprint(
    fingerprint,
    own.map((r) => r.fingerprint),
  );
  const keys = new Set(match.keys);
  return { runs: own.filter((r) => keys.has(r.fingerprint)), match };
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

/** Runs a record would remove from one experiment and fingerprint to keep `max` of them. */
export interface Pruned {
  experiment: string;
  fingerprint: string;
  removed: number;
  kept: number;
}

/**
 * What appending `records` to `history` with `max` removes, per experiment and fingerprint (the oldest
 * runs go): said before it happens, so no history is pruned without a word. A record that replaces an
 * earlier attempt of its run adds nothing. `max` Infinity keeps everything.
 */
export function prunedBy(history: HistoryFile, records: readonly HistoryRecord[], max: number): Pruned[] {
  if (!Number.isFinite(max)) return [];
  const groups = new Map<string, Pruned & { count: number }>();
  const keyOf = (r: HistoryRecord) => `${r.experiment}\u0000${r.fingerprint}`;
  for (const r of records) {
    const g = groups.get(keyOf(r)) ?? {
      experiment: r.experiment,
      fingerprint: r.fingerprint,
      removed: 0,
      kept: 0,
      count: 0,
    };
    if (!history.runs.some((h) => sameRecordedRun(h, r))) g.count += 1;
    groups.set(keyOf(r), g);
  }
  for (const r of history.runs) {
    const g = groups.get(keyOf(r));
    if (g) g.count += 1;
  }
  return [...groups.values()]
    .filter((g) => g.count > max)
    .map(({ count, ...g }) => ({ ...g, removed: count - max, kept: max }));
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
