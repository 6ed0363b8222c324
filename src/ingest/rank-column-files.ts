/**
 * A folder of a job's ranks' files whose names say nothing of the rank (`worker-host1-4242.csv`) but
 * whose rows do, in a `rank` column or key: two files or more, each naming a different rank in its first
 * row, are that job's files. Anything else (one file, a file without a rank, two files of one rank) is
 * not, and the folder is read as it always was.
 */
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { METRICS_EXT } from './file.js';
import { firstRank } from './split-ranks.js';

/** The folder's files by the rank their rows name, in rank order; null when they are not one job's ranks. */
export async function rankColumnFilesIn(dir: string): Promise<{ rank: string; file: string }[] | null> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isFile() && METRICS_EXT.has(extname(e.name).toLowerCase()))
      .map((e) => e.name)
      .sort();
  } catch {
    return null;
  }
  if (names.length < 2) return null;
  const out: { rank: string; file: string }[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const file = join(dir, name);
    const rank = await firstRank(file);
    if (rank === null || seen.has(rank)) return null;
    seen.add(rank);
    out.push({ rank, file });
  }
  return out.sort((a, b) => Number(a.rank) - Number(b.rank));
}
