import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Scratch, watch } from './watch-harness.js';

let scratch: Scratch;
beforeEach(() => {
  scratch = new Scratch();
});
afterEach(() => scratch.remove());

/**
 * Real per-step logs replayed by a child as they were written, with every rule on: noisy per-batch
 * losses (Lightning's CSVLogger, 10 and 50 steps apart, spikes included), a loss over three decades,
 * Megatron's golden values (their last rows all nan: a gap, not a NaN loss), AlgoPerf's sparse rows.
 */
const REAL = [
  'lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv',
  'lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv',
  'megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv',
  'algoperf_measurements_global_step_accumulated_criteo1tb.csv',
];

describe('a noisy but healthy real run is never stopped', () => {
  for (const name of REAL) {
    it(name, async () => {
      const [header, ...all] = readFileSync(join('fixtures/real', name), 'utf8').split(/\r?\n/);
      // The golden-values pivot keeps the JSON format's padding ("nan" in every column past the last
      // logged step); no trainer writes that into a CSV, where it would be a loss gone NaN.
      const lines = all.filter((line) => !/^\d+(,nan)+$/.test(line));
      const out = scratch.path('metrics.csv');
      const perTick = Math.max(1, Math.ceil(lines.length / 60));
      const w = await watch(
        {
          csv: [out],
          experiment: 'real',
          json: scratch.path('out.json'),
          'abort-on': 'nan,divergence,stall,collapse',
          'collapse-below': '0.5',
          'stall-after': '5s',
        },
        scratch.trainer({ out, header, lines: lines.filter((l) => l.trim()), perTick, intervalMs: 10 }),
      );
      const j = JSON.parse(readFileSync(scratch.path('out.json'), 'utf8'));
      expect(j.aborted, JSON.stringify(j.live.findings)).toBeNull();
      expect(j.live.findings).toEqual([]);
      expect(w.code).toBe(0);
      expect(j.live.together.rows).toBe(lines.filter((l) => l.trim()).length);
    });
  }
});
