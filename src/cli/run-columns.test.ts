import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../classify/index.js';
import { runColumns } from './run-columns.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';
const MEGATRON = 'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.json';

describe('runColumns', () => {
  it('classifies the columns of real files as a run would', async () => {
    const cols = await runColumns([MEGATRON, DEMO], DEFAULT_CONFIG);
    expect(cols.find((c) => c.name === 'lm loss')!.class.kind).toBe('loss');
    expect(cols.find((c) => c.name === 'MFU')!.class).toMatchObject({ kind: 'window', unit: 'ratio' });
    expect(cols.find((c) => c.name === 'memory.allocated [MiB]')!.class.unit).toBe('mebibytes');
  });
});
