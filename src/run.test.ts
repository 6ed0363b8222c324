/**
 * run() over the demo fixtures, for what only the whole pipeline shows: a config section is raised by the
 * stage that uses it, and a single run's GPU capture is gated with it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Command, DEFAULT_OPTIONS, githubContextFromEnv, type Options } from './options.js';
import { run } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-run-'));
const csv = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
const capture = 'fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function options(command: Command, more: Partial<Options>): Options {
  return { ...DEFAULT_OPTIONS, command, github: githubContextFromEnv({}), notices: [], csv: [csv], ...more };
}

describe('run', () => {
  it('fails on a bad gate section only when it gates', async () => {
    const config = join(dir, 'bad-gate.yml');
    writeFileSync(config, 'gate:\n  alpha: 2\n');
    const emitted = await run(options('emit', { config }), quiet);
    expect(emitted.exitCode).toBe(0);
    expect(emitted.summaries).toHaveLength(1);
    const checked = await run(options('check', { config, history: join(dir, 'h.json') }), quiet);
    expect(checked.exitCode).toBe(2);
    expect(checked.errors).toEqual([`${config}: gate.alpha must be a number from 0.000001 to 0.5`]);
    // The runs were still read; only the gate did not run.
    expect(checked.summaries).toHaveLength(1);
    expect(checked.gate).toEqual([]);
  });

  it("gates a single run's GPU capture with it, and prices it", async () => {
    const result = await run(options('emit', { gpuCsv: [capture], gpuPrice: '{ H100: 2.49 }' }), quiet);
    expect(result.exitCode).toBe(0);
    expect(result.summaries[0]!.metrics.map((m) => m.name)).toContain('gpu.utilization');
    expect(result.gpu!.costs[0]!.cost.priceKey).toBe('H100');
  });

  it('reports bad prices after the runs were read, and still returns them', async () => {
    const result = await run(options('emit', { gpuCsv: [capture], gpuPrice: 'H100: [1]' }), quiet);
    expect(result.exitCode).toBe(2);
    expect(result.errors).toEqual(['gpu-price:1: price for "H100" must be a number ≥ 0 (per GPU-hour)']);
    expect(result.summaries).toHaveLength(1);
    expect(result.gpu).toBeNull();
  });
});
