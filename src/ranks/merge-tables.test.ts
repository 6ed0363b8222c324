import { describe, expect, it } from 'vitest';
import { classify } from '../classify/index.js';
import { collectTable, tableFromColumns } from '../ingest/index.js';
import { DEFAULT_SUMMARY_SETTINGS } from '../summarize/settings.js';
import { mergeRankTables, RANK_IMBALANCE } from './merge-tables.js';

const settings = { classify: (name: string) => classify(name, { rules: [] }), summary: DEFAULT_SUMMARY_SETTINGS };
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

/** A rank's table: step time `base` (times `slow` from step `slowFrom` on), loss 3 − step/1000. */
function rank(
  r: number,
  steps: number[],
  opts: { slow?: number; slowFrom?: number; memory?: number; batchSize?: number } = {},
) {
  const { slow = 1, slowFrom = 0, memory = 1000 + r, batchSize = 37 } = opts;
  return {
    rank: String(r),
    table: tableFromColumns(
      `out/metrics_rank_${r}.csv`,
      steps,
      {
        step_time: steps.map((s, i) => (1 + 0.01 * ((i * (r + 3)) % 7)) * (s >= slowFrom ? slow : 1)),
        'train.lm_loss': steps.map((s) => 3 - s / 1000),
        'memory.allocated': steps.map(() => memory),
        tokens_per_second: steps.map(() => 1000 + r),
        rank: steps.map(() => r),
      },
      { stepColumn: 'step', batchSize },
    ),
  };
}

describe('mergeRankTables', () => {
  it('gives each step the job value by what the metric means, over every step any rank logged', async () => {
    const job = mergeRankTables(
      'out/metrics_rank_*.csv',
      [rank(0, range(100)), rank(1, range(100)), rank(2, range(50, 51))],
      settings,
    );
    expect(job.table.columns).toEqual([
      'step_time',
      'train.lm_loss',
      'memory.allocated',
      'tokens_per_second',
      RANK_IMBALANCE,
    ]);
    const t = await collectTable(job.table);
    expect(t.steps).toEqual(range(100));
    // Step 60: all three ranks; the slowest rank's time, the largest memory, the sum of differing rates.
    const at = (name: string, step: number) => t.values[name]![t.steps.indexOf(step)]!;
    const times = [0, 1, 2].map((r) => 1 + 0.01 * (((60 - (r === 2 ? 51 : 1)) * (r + 3)) % 7));
    expect(at('step_time', 60)).toBeCloseTo(Math.max(...times), 12);
    expect(at('memory.allocated', 60)).toBe(1002);
    expect(at('tokens_per_second', 60)).toBe(3003);
    expect(at('train.lm_loss', 60)).toBe(3 - 60 / 1000);
    // Step 10: rank 2 had not started; the others' values.
    expect(at('memory.allocated', 10)).toBe(1001);
    const sorted = [...times].sort((a, b) => a - b);
    expect(at(RANK_IMBALANCE, 60)).toBeCloseTo(sorted[2]! / sorted[1]!, 12);
  });

  it('makes a NaN on any rank a NaN of the job', async () => {
    const a = rank(0, range(20));
    const b = {
      rank: '1',
      table: tableFromColumns(
        'r1',
        range(20),
        { 'train.lm_loss': range(20).map((s) => (s === 7 ? Number.NaN : 1)) },
        { nanTokens: { 'train.lm_loss': [6] } },
      ),
    };
    const t = await collectTable(mergeRankTables('job', [a, b], settings).table);
    expect(t.nanTokens['train.lm_loss']).toEqual([6]);
    expect(t.values['train.lm_loss']![6]).toBeNaN();
    expect(t.values['train.lm_loss']![5]).toBe((3 - 6 / 1000 + 1) / 2);
  });

  it('names the straggler, by how much and from when, and the rank that stalled', async () => {
    const ranks = [
      rank(0, range(2000)),
      rank(1, range(2000)),
      rank(2, range(2000), { slow: 1.15, slowFrom: 1200 }),
      rank(3, range(900)),
    ];
    const job = mergeRankTables('job', ranks, settings);
    await collectTable(job.table);
    const summary = job.ranks();
    expect(summary.stepTimer).toBe('step_time');
    expect(summary.ranks.map((r) => r.lastStep)).toEqual([2000, 2000, 2000, 900]);
    expect(summary.straggler?.rank).toBe('2');
    // Slow for the last 40 % of the run only: its median over the run is not slow, its last stretch is.
    expect(summary.ranks[2]!.excess!).toBeLessThan(0.05);
    expect(summary.straggler!.excess).toBeGreaterThan(0.13);
    expect(summary.straggler!.excess).toBeLessThan(0.17);
    expect(summary.straggler!.from).toBeGreaterThanOrEqual(1190);
    expect(summary.straggler!.from).toBeLessThanOrEqual(1200);
    expect(summary.stalls).toEqual([{ rank: '3', lastStep: 900, othersLast: 2000 }]);
  });

  it('names no straggler in a balanced job, and no stall where every rank went on', async () => {
    const job = mergeRankTables(
      'job',
      [0, 1, 2, 3].map((r) => rank(r, range(500))),
      settings,
    );
    await collectTable(job.table);
    const summary = job.ranks();
    expect(summary.straggler).toBeNull();
    expect(summary.stalls).toEqual([]);
    expect(Math.max(...summary.ranks.map((r) => Math.abs(r.excess!)))).toBeLessThan(0.05);
  });
});
