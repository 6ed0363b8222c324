/**
 * A watch glob that matches a FIFO (made with mkfifo, nobody writing to it) skips it with a warning and
 * never opens it: the run is watched through its real file, and watch ends with the command.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthyLines, Scratch, watch } from './watch-harness.js';

let scratch: Scratch;
beforeEach(() => {
  scratch = new Scratch();
});
afterEach(() => scratch.remove());

describe('a watch glob matching a FIFO', () => {
  it('skips it with a warning and watches the files', async () => {
    const out = scratch.path('metrics_rank_0.csv');
    const fifo = scratch.path('metrics_rank_1.csv');
    execFileSync('mkfifo', [fifo]);
    const w = await watch(
      { csv: [scratch.path('metrics_rank_*.csv')], experiment: 'e', json: scratch.path('out.json') },
      scratch.trainer({ out, header: 'step,loss,tps', lines: healthyLines(1, 60), perTick: 5 }),
    );
    expect(w.code).toBe(0);
    expect(w.warnings).toContain(`watch: ${fifo} is a FIFO (named pipe), not a file; skipped`);
    expect(w.warnings.filter((m) => m.includes(fifo))).toHaveLength(1);
    expect(w.errors).toEqual([]);
  });
});
