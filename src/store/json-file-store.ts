/**
 * History in a JSON file. Writes are atomic: the new text goes to a temporary file beside the target,
 * is flushed to disk, then renamed over it, so a process killed at any point leaves the old file or the new
 * one, never half of one. A file that cannot be parsed is never overwritten.
 */
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError, type HistoryRecord } from '../model.js';
import { appendRecords, emptyHistory, serializeHistory, type HistoryFile } from './history.js';
import { parseHistory } from './parse-history.js';
import { HistoryStoreError, type HistoryStore } from './store.js';

export class JsonFileStore implements HistoryStore {
  constructor(readonly location: string) {}

  async read(): Promise<HistoryFile> {
    let text: string;
    try {
      text = await readFile(this.location, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return emptyHistory();
      throw new InputError(this.location, null, `cannot read the history: ${code ?? String(e)}`);
    }
    return parseHistory(text, this.location);
  }

  async append(records: readonly HistoryRecord[], max: number): Promise<HistoryFile> {
    const next = appendRecords(await this.read(), records, max);
    await writeAtomically(this.location, serializeHistory(next));
    return next;
  }
}

/** Write `text` to `path` through a temporary file and a rename (atomic on one file system). */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw new HistoryStoreError(`cannot write the history ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}
