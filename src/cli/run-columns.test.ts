import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { classify } from '../classify/index.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import { runColumns } from './run-columns.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';
const ALGOPERF = 'fixtures/real/algoperf_measurements_global_step_accumulated_criteo1tb.csv';
const MEGATRON = 'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.json';

describe('runColumns', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('classifies the columns of real files as a run would', async () => {
    const cols = await runColumns([MEGATRON, DEMO], DEFAULT_CONFIG);
    expect(cols.find((c) => c.name === 'lm loss')!.class.kind).toBe('loss');
    expect(cols.find((c) => c.name === 'MFU')!.class).toMatchObject({ kind: 'window', unit: 'ratio' });
    expect(cols.find((c) => c.name === 'memory.allocated [MiB]')!.class.unit).toBe('mebibytes');
  });

  it('never judges the running totals of a real AlgoPerf log as times', async () => {
    const cols = await runColumns([ALGOPERF], DEFAULT_CONFIG);
    const kind = (name: string) => cols.find((c) => c.name === name)!.class;
    for (const name of [
      'accumulated_submission_time',
      'accumulated_eval_time',
      'accumulated_logging_time',
      'total_duration',
    ])
      expect(kind(name)).toMatchObject({ kind: 'gauge', gate: false });
    expect(kind('loss')).toMatchObject({ kind: 'loss', gate: true });
  });

  it('takes the classes a run finds in the values, which the header alone cannot give', async () => {
    dir = mkdtempSync(join(tmpdir(), 'run-columns-'));
    const file = join(dir, 'metrics.csv');
    // An MFU logged in percent (converted to a ratio), and a "throughput" that is a running count.
    const rows = Array.from({ length: 400 }, (_, i) => `${i + 1},${(41 + (i % 3)).toFixed(1)},${(i + 1) * 4096}`);
    writeFileSync(file, `step,MFU [%],tokens_per_sec\n${rows.join('\n')}\n`);
    expect(classify('MFU [%]', DEFAULT_CONFIG).unit).toBe('percent');
    expect(classify('tokens_per_sec', DEFAULT_CONFIG).kind).toBe('window');
    const [mfu, tokens] = await runColumns([file], DEFAULT_CONFIG);
    expect(mfu).toMatchObject({ name: 'MFU [%]', class: { kind: 'window', unit: 'ratio' } });
    expect(tokens).toMatchObject({ name: 'tokens_per_sec', class: { kind: 'gauge', gate: false } });
  });

  it('names each column once across files, in file order', async () => {
    const cols = await runColumns([DEMO, DEMO], DEFAULT_CONFIG);
    const names = cols.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe((await runColumns([DEMO], DEFAULT_CONFIG))[0]!.name);
  });
});
