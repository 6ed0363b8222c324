/** Opening an input file, with the usual failures turned into one-line InputErrors. */
import { open, type FileHandle } from 'node:fs/promises';
import { InputError } from '../model.js';

/** Open `source` for reading; a missing file, a directory or no permission is an InputError. */
export async function openFile(source: string): Promise<FileHandle> {
  try {
    const fh = await open(source, 'r');
    const stat = await fh.stat();
    if (stat.isDirectory()) {
      await fh.close();
      throw new InputError(source, null, 'is a directory, not a metrics file');
    }
    return fh;
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(source, null, 'file not found');
    if (code === 'EISDIR') throw new InputError(source, null, 'is a directory, not a metrics file');
    if (code === 'EACCES') throw new InputError(source, null, 'permission denied');
    throw new InputError(source, null, `cannot open: ${(e as Error).message}`);
  }
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export async function readHead(source: string, bytes: number): Promise<Buffer> {
  const fh = await openFile(source);
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
