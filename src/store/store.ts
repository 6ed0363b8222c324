/** Where the baseline history lives: a JSON file, a data branch of the repository, or PostgreSQL. */
import type { HistoryRecord } from '../model.js';
import type { HistoryFile } from './history.js';

/**
 * What a reader needs: `experiments` narrows the read to those experiments' runs where the store can do it
 * cheaply (PostgreSQL); the file stores, which read the whole file anyway, may return everything.
 */
export interface HistoryQuery {
  experiments?: readonly string[];
}

export interface HistoryStore {
  /** For messages: the file path, or `git:<branch>:<path>`. */
  readonly location: string;
  /**
   * Runs kept per experiment and fingerprint when `history-max` is not set: a file the whole history is
   * read from keeps a nightly job's years (FILE_HISTORY_MAX); a database, which reads only what it
   * judges, keeps everything (Infinity).
   */
  readonly defaultMax: number;
  /** The whole history; empty when there is none yet. Throws InputError when it cannot be trusted. */
  read(query?: HistoryQuery): Promise<HistoryFile>;
  /** The whole history, or null when it does not exist (no file; no branch, or no file on it). */
  readIfExists(query?: HistoryQuery): Promise<HistoryFile | null>;
  /**
   * Append records (in the order given), keep at most `max` per experiment and fingerprint, and write it
   * back so that neither an interrupted writer nor a concurrent one loses anything (the git store retries
   * a rejected push; the JSON file store takes a lock file, which serves writers on one machine; PostgreSQL
   * upserts in one transaction). A record
   * of a run already there (same run identity) replaces it. Returns what was written.
   */
  append(records: readonly HistoryRecord[], max: number): Promise<HistoryFile>;
  /**
   * Read-modify-write under the store's write guard (the JSON file's lock, the git store's push retry, a
   * PostgreSQL transaction): `change` gets the current history and returns the new one. Returns what was written.
   */
  update(change: (history: HistoryFile) => HistoryFile): Promise<HistoryFile>;
  /** Optional: start connecting before the first operation (PostgreSQL), so the wait overlaps other work. */
  prepare?(): void;
  /** Let go of what the store holds open between operations (PostgreSQL's connection); nothing for files. */
  close(): Promise<void>;
}

/** The file stores' default `history-max`: almost three years of a nightly job, per experiment and fingerprint. */
export const FILE_HISTORY_MAX = 1000;

/** The store could not be reached or written (not the user's input): a network, permission or git failure. */
export class HistoryStoreError extends Error {
  override name = 'HistoryStoreError';
}
