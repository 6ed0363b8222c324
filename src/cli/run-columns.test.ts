import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { classify } from '../classify/index.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import { runColumns } from './run-columns.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';
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

  it('takes the classes a run finds in the values, which the header alone cannot give', async () => {
    dir = mkdtempSync(join(tmpdir(), 'run-columns-'));
    const file = join(dir, 'metrics.csv');
    const rows = Array.from({ length: 400 }, (_, i) => `${i + 1},${(41 + (i % 3)).toFixed(1)}`);
    writeFileSync(file, `step,MFU\n${rows.join('\n')}\n`);
    expect(classify('MFU', DEFAULT_CONFIG).unit).toBe('ratio');
    const [mfu] = await runColumns([file], DEFAULT_CONFIG);
    expect(mfu).toMatchObject({ name: 'MFU', class: { kind: 'window', unit: 'percent' } });
  });

  it('names each column once across files, in file order', async () => {
    const cols = await runColumns([DEMO, DEMO], DEFAULT_CONFIG);
    const names = cols.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe((await runColumns([DEMO], DEFAULT_CONFIG))[0]!.name);
  });
});
