import { describe, expect, it } from 'vitest';
import { CellKind } from '../../src/ingest/csv/cell.js';
import { JOB_RANK, LiveMetrics } from '../../src/watch/live-metrics.js';
import { WatchState } from '../../src/watch/state/watch-state.js';

const rules = { rules: [], warmupSteps: 10, collapseBelow: 0.5, baselineLevel: () => null };
const COLUMNS = ['loss', 'step_time', 'MFU', 'memory.allocated [MiB]', 'tokens_per_second'];
const NUMBERS = Uint8Array.from(COLUMNS, () => CellKind.Number);

/** Every series of a family in the registry's text: labels → value. */
async function series(metrics: LiveMetrics, name: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const line of (await metrics.registry.metrics()).split('\n')) {
    if (!line.startsWith(`training_metrics_watch_${name}{`)) continue;
    const labels = line.slice(line.indexOf('{') + 1, line.lastIndexOf('}'));
    out.set(labels.replace(/experiment="e",run="r",?/, ''), Number(line.split(' ').at(-1)));
  }
  return out;
}

describe("a multi-rank job's live series", () => {
  it("combine the ranks' latest values by the job's rule, with its rank imbalance, computed at each scrape", async () => {
    let now = 1_000_000;
    const state = new WatchState(rules, 60_000, () => now);
    const ranks = ['0', '1', '2'].map((label) => {
      const rank = state.addRank(label);
      rank.layout(COLUMNS);
      return rank;
    });
    const metrics = new LiveMetrics({ experiment: 'e', run: 'r' }, true, state);
    const write = (step: number, times: number[]) => {
      for (const [r, rank] of ranks.entries())
        rank.row(step, Float64Array.of(2.5, times[r]!, 40 + 2 * r, 60_000 + 100 * r, 3000), NUMBERS);
    };
    write(1, [1, 1, 1.2]);
    now += 1000;
    write(2, [1, 1, 1.25]);
    // Rank 2 is one step behind.
    ranks[0]!.row(3, Float64Array.of(2.4, 1, 40, 60_000, 3000), NUMBERS);
    ranks[1]!.row(3, Float64Array.of(2.4, 1, 42, 60_100, 3000), NUMBERS);
    const value = await series(metrics, 'value');
    const job = (metric: string) => value.get(`rank="${JOB_RANK}",metric="${metric}"`);
    expect(job('step_time_seconds')).toBe(1.25); // the slowest rank's
    expect(job('mfu_ratio')).toBeCloseTo(0.42, 9); // the mean (40, 42, 44 %)
    expect(job('memory_allocated_bytes')).toBe(60_200 * 1024 * 1024); // the largest
    expect(job('tokens_per_second')).toBe(3000); // the global figure every rank logs
    expect(job('rank_imbalance')).toBe(1.25);
    expect(value.get('rank="2",metric="step_time_seconds"')).toBe(1.25);
    expect((await series(metrics, 'step')).get(`rank="${JOB_RANK}"`)).toBe(2); // where the job as a whole is
    expect((await series(metrics, 'loss')).get(`rank="${JOB_RANK}",metric="loss"`)).toBeCloseTo(2.43333333, 6); // ranks differ: the mean
    // Rows read after the last scrape show at the next one, with nothing else asked for.
    ranks[2]!.row(3, Float64Array.of(2.4, 1.5, 44, 60_200, 3000), NUMBERS);
    expect((await series(metrics, 'value')).get(`rank="${JOB_RANK}",metric="rank_imbalance"`)).toBe(1.5);
    expect((await series(metrics, 'step')).get(`rank="${JOB_RANK}"`)).toBe(3);
  });

  it('are not there for one file: its series are the run', async () => {
    const state = new WatchState(rules, 60_000, () => 0);
    const rank = state.addRank('');
    rank.layout(COLUMNS);
    rank.row(1, Float64Array.of(2.5, 1, 40, 60_000, 3000), NUMBERS);
    const metrics = new LiveMetrics({ experiment: 'e', run: 'r' }, false, state);
    const value = await series(metrics, 'value');
    expect([...value.keys()].some((k) => k.includes('rank'))).toBe(false);
    expect(value.get('metric="step_time_seconds"')).toBe(1);
  });
});

describe('a stalled rank in watch', () => {
  it('is named with the step the other ranks went on to', () => {
    let now = 0;
    const state = new WatchState(rules, 60_000, () => now);
    const [a, b] = ['0', '1'].map((label) => {
      const rank = state.addRank(label);
      rank.layout(['loss']);
      return rank;
    });
    for (let step = 1; step <= 100; step++) {
      now += 1000;
      a!.row(step, Float64Array.of(2), Uint8Array.of(CellKind.Number));
      if (step <= 20) b!.row(step, Float64Array.of(2), Uint8Array.of(CellKind.Number));
      state.checkStall();
    }
    expect(state.findings.map((f) => [f.reason, f.rank, f.detail])).toEqual([
      ['stall', '1', 'rank 1: no new step for 60 s after step 20, while the other ranks go on (to step 80)'],
    ]);
  });
});
