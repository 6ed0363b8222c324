/**
 * The history's runs grouped into pages, one per experiment and fingerprint, in one pass over the
 * records (a Map, no scan per record). Within a page the runs stay in the store's order, the order they
 * were recorded in: commit order for a daily run. Each page's file name is its own: where two pairs' names
 * meet (their short hashes alike, page-name.ts), the later one met gets `-2`, `-3`, … after it.
 */
import type { HistoryRecord } from '../model.js';
import { pageFile } from './page-name.js';

export interface RunGroup {
  experiment: string;
  fingerprint: string;
  /** The page's file name without `.html`. */
  file: string;
  /** Every run of the pair, pull request and quarantined runs included, oldest first. */
  records: HistoryRecord[];
}

export function groupRuns(records: Iterable<HistoryRecord>): RunGroup[] {
  const groups = new Map<string, RunGroup>();
  const files = new Set<string>();
  const uniqueFile = (base: string) => {
    let file = base;
    for (let n = 2; files.has(file); n++) file = `${base}-${n}`;
    files.add(file);
    return file;
  };
  for (const r of records) {
    const key = `${r.experiment}\u0000${r.fingerprint}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        experiment: r.experiment,
        fingerprint: r.fingerprint,
        file: uniqueFile(pageFile(r.experiment, r.fingerprint)),
        records: [],
      };
      groups.set(key, g);
    }
    g.records.push(r);
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...groups.values()].sort((a, b) => cmp(a.experiment, b.experiment) || cmp(a.fingerprint, b.fingerprint));
}
