/**
 * The GPU stage through run(): what the console says about a cost it could not compute, and how one
 * capture joins the runs of a batch.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, githubContextFromEnv, type Options } from '../options.js';
import { run } from '../run.js';

const demo = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
const h100 = 'fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv';
const batchCapture = 'fixtures/real/nvidia_smi_wrapper_snake_case_units_8gpu_iso_z.csv';

function collector() {
  const warnings: string[] = [];
  return { warnings, io: { info: () => {}, warn: (m: string) => warnings.push(m), error: () => {} } };
}

function options(more: Partial<Options>): Options {
  return { ...DEFAULT_OPTIONS, command: 'emit', github: githubContextFromEnv({}), notices: [], ...more };
}

describe('GPU stage', () => {
  it('says on the console why a cost could not be computed', async () => {
    const c = collector();
    const result = await run(options({ csv: [demo], gpuCsv: [h100], gpuPrice: '{ A100: 1.29 }' }), c.io);
    expect(result.exitCode).toBe(0);
    // One line, naming the run and every reason (a one-sample capture has no wall time either).
    expect(c.warnings.filter((w) => w.startsWith('cost not computed'))).toEqual([
      'cost not computed for "gpt3-1.3b-tp1": wall time unknown (no run duration in the manifest and no timed GPU capture of this run); no price for "NVIDIA H100 80GB HBM3" (priced: A100)',
    ]);
    const priced = collector();
    const batch = await run(
      options({ metadata: 'fixtures/demo/experiment_metadata.jsonl', gpuPrice: '{ H100: 2.49 }' }),
      priced.io,
    );
    expect(batch.gpu!.costs.map((c) => c.cost.cost)).toEqual([
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(priced.warnings.filter((w) => w.startsWith('cost not computed'))).toEqual([]);
  });

  it('joins one capture to the runs of a manifest by their start and end times', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmg-gpu-batch-'));
    copyFileSync(demo, join(dir, 'a.csv'));
    copyFileSync(demo, join(dir, 'b.csv'));
    const manifest = join(dir, 'experiment_metadata.jsonl');
    writeFileSync(
      manifest,
      [
        { name: 'a', csv: 'a.csv', start_time: '2025-09-24T03:48:30Z', end_time: '2025-09-24T03:49:50Z' },
        { name: 'b', csv: 'b.csv', start_time: 1758685790.001, duration_seconds: 90 },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const c = collector();
    const result = await run(options({ metadata: manifest, gpuCsv: [batchCapture] }), c.io);
    expect(result.exitCode).toBe(0);
    expect(result.gpu!.placement).toBe('time-range');
    for (const s of result.summaries) expect(s.metrics.map((m) => m.name)).toContain('gpu.utilization');
    expect(result.gpu!.runs.map((r) => r.gpu!.gpuCount)).toEqual([8, 8]);
    expect(c.warnings.filter((w) => w.startsWith('GPU capture'))).toEqual([]);
  });

  it('never tags a capture of several --csv runs to the first run, and says so', async () => {
    const c = collector();
    const other = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';
    const result = await run(options({ csv: [demo, other], gpuCsv: [batchCapture] }), c.io);
    expect(result.exitCode).toBe(0);
    expect(result.summaries.map((s) => s.metrics.some((m) => m.name.startsWith('gpu.')))).toEqual([false, false]);
    expect(c.warnings).toContainEqual(expect.stringMatching(/covers a batch of 2 runs .*joined to no run/));
  });
});
