/**
 * The ranks of one file (split-ranks.ts) as tables that speak of the original: a message about a rank's row
 * names the original file, the line it is on there, and the rank, never the temporary file it was read from.
 */
import { InputError, type Table } from '../model.js';
import { openTable } from './open-table.js';
import { splitRanks } from './split-ranks.js';

export interface RankTables {
  ranks: { rank: string; table: Table }[];
  warnings: string[];
}

/** Null when the file has no rank column or one rank only: it is then opened as the run's one table. */
export async function openRankTables(path: string): Promise<RankTables | null> {
  const split = await splitRanks(path);
  if (!split) return null;
  const ranks = [];
  for (const { rank, file } of split.ranks) {
    const relabel = (e: unknown) =>
      e instanceof InputError && e.file === file ? new InputError(path, e.line, `rank ${rank}: ${e.detail}`) : e;
    let table: Table;
    try {
      table = await openTable(file);
    } catch (e) {
      throw relabel(e);
    }
    const batches = table.batches;
    ranks.push({
      rank,
      table: {
        ...table,
        source: `${path} (rank ${rank})`,
        batches: {
          async *[Symbol.asyncIterator]() {
            try {
              yield* batches;
            } catch (e) {
              throw relabel(e);
            }
          },
        },
      },
    });
  }
  return { ranks, warnings: split.warnings };
}
