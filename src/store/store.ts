/** Where the baseline history lives: a JSON file, or a data branch of the repository. */
import type { HistoryRecord } from '../model.js';
import type { HistoryFile } from './history.js';

export interface HistoryStore {
  /** For messages: the file path, or `git:<branch>:<path>`. */
  readonly location: string;
  /** The whole history; empty when there is none yet. Throws InputError when it cannot be trusted. */
  read(): Promise<HistoryFile>;
  /**
   * Append records (in the order given), keep at most `max` per experiment and fingerprint, and write it
   * back so that an interrupted writer loses nothing (and, for the git store, no concurrent writer either;
   * the JSON file store assumes one writer at a time). Returns what was written.
   */
  append(records: readonly HistoryRecord[], max: number): Promise<HistoryFile>;
}

/** The store could not be reached or written (not the user's input): a network, permission or git failure. */
export class HistoryStoreError extends Error {
  override name = 'HistoryStoreError';
}
