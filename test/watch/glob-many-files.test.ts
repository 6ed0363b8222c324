/**
 * A watch glob that matches 10,000 files (a folder of old runs' files, a glob too wide): watch follows the
 * first 1,024 in rank order, says how many more matched, and ends with its command; the job after the run
 * reads the files followed, no more. What is checked is the work: the files followed and the ranks read.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FOLLOWED } from '../../src/watch/tail/tail-set.js';
import { Scratch, watch } from './watch-harness.js';

let scratch: Scratch;
beforeEach(() => {
  scratch = new Scratch();
});
afterEach(() => scratch.remove());

describe('a watch glob matching 10,000 files', () => {
  it(`follows ${MAX_FOLLOWED} of them, says so, and ends with the command`, async () => {
    const n = 10_000;
    for (let r = 0; r < n; r++)
      writeFileSync(scratch.path(`metrics_rank_${r}.csv`), `step,loss,tps\n1,${2 + r / 1e4},1000\n2,1.9,1000\n`);
    const json = scratch.path('out.json');
    const w = await watch({ csv: [scratch.path('metrics_rank_*.csv')], experiment: 'wide', json, listen: 'off' }, [
      process.execPath,
      '-e',
      '',
    ]);
    expect(w.errors).toEqual([]);
    expect(w.code).toBe(0);
    expect(w.warnings).toContain(
      `watch: ${n} files match; following the first ${MAX_FOLLOWED} in rank order (a job's most ranks): the other ${n - MAX_FOLLOWED} are neither watched nor read after the run`,
    );
    const account = JSON.parse(await readFile(json, 'utf8')) as {
      runs: { ranks?: { ranks: { rank: string }[] } }[];
    };
    const ranks = account.runs[0]!.ranks!.ranks.map((r) => Number(r.rank));
    expect(ranks).toEqual(Array.from({ length: MAX_FOLLOWED }, (_, r) => r));
  }, 600_000);
});
