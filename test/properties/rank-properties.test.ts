/**
 * A multi-rank job over every real run: the run written by four ranks alike is the run itself (every
 * metric's summary the same, rank_imbalance 1, no straggler, no stall), and with one rank 15 % slower at
 * every step, that rank is named, slow from its first step, and the job's step time is its.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { type CollectedTable, tableFromColumns } from '../../src/ingest/index.js';
import { classify } from '../../src/classify/index.js';
import type { RunInput } from '../../src/model.js';
import { mergeRankTables, RANK_IMBALANCE, stepTimerColumn } from '../../src/ranks/index.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { realRuns } from './real-runs.js';

const settings = { classify: (name: string) => classify(name, DEFAULT_CONFIG), summary: DEFAULT_CONFIG.summary };

function rankTable(t: CollectedTable, rank: number, scale: (name: string) => number) {
  const values = Object.fromEntries(Object.entries(t.values).map(([k, v]) => [k, v.map((x) => x * scale(k))]));
  return {
    rank: String(rank),
    table: tableFromColumns(`rank_${rank}.csv`, t.steps, values, { nanTokens: t.nanTokens }),
  };
}

async function job(t: CollectedTable, scale: (rank: number, name: string) => number) {
  const merged = mergeRankTables(
    'job',
    [0, 1, 2, 3].map((r) => rankTable(t, r, (name) => scale(r, name))),
    settings,
  );
  const input: RunInput = {
    name: 'job',
    experiment: 'e',
    tags: {},
    fingerprint: {},
    table: merged.table,
    ranks: merged.ranks,
  };
  return summarizeRun(input, DEFAULT_CONFIG);
}

describe('multi-rank jobs over every real run', () => {
  it('four ranks alike are the run itself; one rank 15 % slower is named', { timeout: 300_000 }, async () => {
    const { runs } = await realRuns();
    let withTimer = 0;
    for (const run of runs) {
      const alike = await job(run.table, () => 1);
      const own = alike.metrics.filter((m) => m.name !== RANK_IMBALANCE);
      expect(own, run.name).toEqual(run.summary.metrics);
      expect(alike.steps, run.name).toEqual(run.summary.steps);
      expect(alike.ranks!.straggler, run.name).toBeNull();
      expect(alike.ranks!.stalls, run.name).toEqual([]);
      // The job's step timer as the merge finds it, before the values are read: by its name's class.
      const names = run.summary.metrics.map((m) => m.name);
      const timer = stepTimerColumn(names, names.map(settings.classify));
      const imbalance = alike.metrics.find((m) => m.name === RANK_IMBALANCE);
      if (timer < 0) {
        expect(imbalance, run.name).toBeUndefined();
        continue;
      }
      const name = run.summary.metrics[timer]!.name;
      if (imbalance?.steady) expect(imbalance.steady.median, run.name).toBe(1);
      if (!((run.summary.metrics[timer]!.steady?.median ?? 0) > 0)) continue;
      withTimer++;
      const slow = await job(run.table, (r, column) => (r === 2 && column === name ? 1.15 : 1));
      expect(slow.ranks!.straggler?.rank, run.name).toBe('2');
      expect(slow.ranks!.straggler!.excess, run.name).toBeCloseTo(0.15, 6);
      expect(slow.ranks!.straggler!.from, run.name).toBe(slow.ranks!.ranks[2]!.firstStep);
      const jobTimer = slow.metrics.find((m) => m.name === name)!;
      expect(jobTimer.steady!.median / run.summary.metrics[timer]!.steady!.median, run.name).toBeCloseTo(1.15, 2);
    }
    expect(withTimer).toBeGreaterThanOrEqual(5);
  });
});
