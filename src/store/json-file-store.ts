/**
 * History in a JSON file. Writers on one machine take turns under a lock file (file-lock.ts), so
 * concurrent `record` processes each read the others' records before adding theirs. Writes are atomic
 * (src/write-file.ts): the new text goes to a temporary file beside the target, is flushed to disk, then
 * renamed over it, so a process killed at any point leaves the old file or the new one, never half of
 * one. A symlinked history is the one file the tool writes at a link's target rather than in its place:
 * the workflow names it, the link keeps a history on shared storage, and the target is replaced by a
 * rename in its own folder, never written into; the file's mode is kept, and a file that cannot be
 * parsed is never overwritten.
 */
import { realpath } from 'node:fs/promises';
import { readRegularText } from '../ingest/file.js';
import { basename, dirname, join } from 'node:path';
import { InputError, type HistoryRecord } from '../model.js';
import { withFileLock } from './file-lock.js';
import { appendRecords, emptyHistory, serializeHistory, type HistoryFile } from './history.js';
import { FILE_HISTORY_MAX, HistoryStoreError, type HistoryStore } from './store.js';
import { writeFileAtomic } from '../write-file.js';

export class JsonFileStore implements HistoryStore {
  readonly defaultMax = FILE_HISTORY_MAX;

  constructor(
    readonly location: string,
    private readonly lock: { timeoutMs?: number; staleMs?: number } = {},
  ) {}

  async read(): Promise<HistoryFile> {
    return (await this.readIfExists()) ?? emptyHistory();
  }

  async readIfExists(): Promise<HistoryFile | null> {
    let text: string;
    try {
      text = await readRegularText(this.location);
    } catch (e) {
      if (e instanceof InputError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return null;
      throw new InputError(this.location, null, `cannot read the history: ${code ?? String(e)}`);
    }
    // Loaded when a file is read: its parser's dependencies (jsonc-parser, yaml) are not needed otherwise.
    const { parseHistory } = await import('./parse-history.js');
    return parseHistory(text, this.location);
  }

  append(records: readonly HistoryRecord[], max: number): Promise<HistoryFile> {
    return this.update((history) => appendRecords(history, records, max));
  }

  /** `change` sees the file as it is under the lock; a `change` that throws leaves the file as it was. */
  /** Nothing is held open between operations. */
  async close(): Promise<void> {}

  async update(change: (history: HistoryFile) => HistoryFile): Promise<HistoryFile> {
    const target = await resolveTarget(this.location);
    try {
      return await withFileLock(
        target,
        async () => {
          const next = change(await this.read());
          await writeHistory(target, serializeHistory(next));
          return next;
        },
        this.lock,
      );
    } catch (e) {
      if (e instanceof InputError || e instanceof HistoryStoreError) throw e;
      throw new HistoryStoreError(`cannot write the history ${this.location}: ${(e as Error).message}`);
    }
  }
}

/** The file a symlinked history points to (written in place of the link), or the path itself. */
async function resolveTarget(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    // Not there yet, or a dangling link: create what it names, in a folder that exists.
    try {
      return join(await realpath(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

/** Write the history through the one atomic writer (write-file.ts), its failure a store error. */
async function writeHistory(path: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(path, text);
  } catch (e) {
    throw new HistoryStoreError(`cannot write the history ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}
