import { describe, expect, it } from 'vitest';
import { costInputs, runCost } from './cost.js';
import { costWarnings } from './cost-warnings.js';

const inputs = (over: Partial<ReturnType<typeof costInputs>>) => ({ ...costInputs(null, null), ...over });

describe('costWarnings', () => {
  it('says once per reason why a cost could not be computed, naming the runs', () => {
    const unpriced = runCost(inputs({ gpuName: 'NVIDIA H100 80GB HBM3', gpuCount: 8, durationSeconds: 60 }), {
      A100: 1,
    });
    const noDuration = runCost(inputs({ gpuName: 'NVIDIA A100', gpuCount: 8 }), { A100: 1 });
    const noCount = runCost(inputs({ gpuName: 'NVIDIA A100', durationSeconds: 60 }), { A100: 1 });
    const priced = runCost(inputs({ gpuName: 'NVIDIA A100', gpuCount: 8, durationSeconds: 60 }), { A100: 1 });
    expect(
      costWarnings([
        { run: 'a', cost: unpriced },
        { run: 'b', cost: noDuration },
        { run: 'c', cost: noDuration },
        { run: 'd', cost: noCount },
        { run: 'e', cost: priced },
      ]),
    ).toEqual([
      'cost not computed for "a": no price for "NVIDIA H100 80GB HBM3" (priced: A100)',
      'cost not computed for "b", "c": wall time unknown (no run duration in the manifest and no timed GPU capture of this run)',
      'cost not computed for "d": GPU count unknown (no world size in the manifest and no GPU capture of this run)',
    ]);
  });

  it('is silent for a computed cost that only lacks tokens, and counts long lists', () => {
    const noTokens = runCost(inputs({ gpuName: 'A100', gpuCount: 1, durationSeconds: 3600 }), { A100: 1 });
    expect(noTokens.cost).toBe(1);
    expect(noTokens.missing).toHaveLength(1);
    expect(costWarnings([{ run: 'a', cost: noTokens }])).toEqual([]);
    const none = runCost(inputs({ gpuCount: 1, durationSeconds: 1 }), { A100: 1 });
    const many = ['a', 'b', 'c', 'd', 'e'].map((run) => ({ run, cost: none }));
    expect(costWarnings(many)).toEqual([
      'cost not computed for "a", "b", "c" and 2 more runs: GPU type unknown (no GPU name in the capture and no gpu key in the manifest)',
    ]);
  });
});
