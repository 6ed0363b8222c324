/**
 * A temporary folder that lives until the process exits: files a later stage of the same run reads (a
 * rank's rows split out of a shared file, nvidia-smi's table saved for the environment). One exit
 * listener removes them all, however many there are (one listener each would pass Node's limit of ten
 * and print a warning).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs = new Set<string>();

function removeAll(): void {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

export function tempDirUntilExit(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (dirs.size === 0) process.once('exit', removeAll);
  dirs.add(dir);
  return dir;
}
