import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/index.js';
import { collectTable } from '../../ingest/collect.js';
import { openTable } from '../../ingest/open-table.js';
import { summarizeRun } from '../../summarize/index.js';
import { toStatsdMetrics } from './metrics.js';

const MEGATRON = join(
  import.meta.dirname,
  '../../../fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv',
);

describe('StatsD lines of the real Megatron golden values', async () => {
  const input = { name: 'r', experiment: 'e', tags: {}, fingerprint: {} };
  const summary = await summarizeRun({ ...input, table: await openTable(MEGATRON) }, DEFAULT_CONFIG);
  const lines = toStatsdMetrics(summary, null, { prefix: 'tm', flavor: 'plain', tags: {} });
  const logged = await collectTable(await openTable(MEGATRON));

  it('a window of five values or fewer sends those values as logged (iteration-time, every 100 steps)', () => {
    const timer = lines.filter((l) => l.name === 'tm.iteration_time');
    const column = logged.values['iteration-time']!;
    // warm-up counts from the metric's own first value
    const first = logged.steps[column.findIndex(Number.isFinite)]!;
    const values = column.filter(
      (v, i) => Number.isFinite(v) && logged.steps[i]! >= first + DEFAULT_CONFIG.summary.warmupSteps,
    );
    expect(timer.every((l) => l.sampleRate === 1)).toBe(true);
    // sent in milliseconds: the logged seconds × 1000, not a sketch's estimate of them
    expect(timer.map((l) => l.value).sort((a, b) => a - b)).toEqual(
      values.sort((a, b) => a - b).map((v) => expect.closeTo(v * 1000, 9)),
    );
  });

  it('sends the last loss point, and no window label past the last step with data', () => {
    const loss = lines.filter((l) => l.name === 'tm.lm_loss');
    expect(loss.at(-1)!.tags.step).toBe('12715');
    const ends = lines.filter((l) => l.tags.steps).map((l) => Number(l.tags.steps!.split('-')[1]));
    expect(Math.max(...ends)).toBe(12715);
  });
});
