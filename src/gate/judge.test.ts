import { describe, expect, it } from 'vitest';
import { NORMAL_RUN, Rng, simulateRun, type RunSpec } from '../../bench/gate/simulate.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import type { HistoryRecord, RunSummary } from '../model.js';
import { summarizeRun } from '../summarize/index.js';
import { DEFAULT_GATE_CONFIG } from './config.js';
import { formatSpread } from './format.js';
import { judgeRun } from './judge.js';
import { recordFromSummary } from './record.js';

const summarize = (name: string, spec: Partial<RunSpec>, rng: Rng): Promise<RunSummary> =>
  summarizeRun(simulateRun(name, { ...NORMAL_RUN, ...spec }, rng), DEFAULT_CONFIG);

async function history(
  n: number,
  rng: Rng,
  spec: (k: number) => Partial<RunSpec> = () => ({}),
  marks: number[] = [],
): Promise<HistoryRecord[]> {
  const out: HistoryRecord[] = [];
  for (let k = 0; k < n; k++) {
    const s = await summarize(`h${k}`, spec(k), rng);
    out.push(
      recordFromSummary(s, {
        recordedAt: '2026-01-01T00:00:00Z',
        ref: 'refs/heads/main',
        sha: 'abc',
        runId: String(k),
        baseline: marks.includes(k),
        complete: true,
      }),
    );
  }
  return out;
}
const verdictOf = (r: ReturnType<typeof judgeRun>, name: string) => r.metrics.find((m) => m.name === name)!;

describe('judgeRun', () => {
  it('passes an unchanged run and explains each verdict in one line', async () => {
    const rng = new Rng(11);
    const r = judgeRun(await summarize('c', {}, rng), await history(10, rng));
    expect(r.regression).toBe(false);
    expect(r.run).toEqual({ complete: true, steps: 400, expectedSteps: 400, truncated: false });
    const mfu = verdictOf(r, 'MFU');
    expect(mfu.verdict).toBe('pass');
    expect(mfu.reason).toMatch(
      /^MFU 0\.4\d+ vs 0\.4\d+ ± \d\.\d % noise band over 10 runs: [−+]\d\.\d %, within the noise band$/,
    );
    // The reason's spread is the report's baseline column's: the verdict's band, relative to its centre.
    expect(mfu.reason).toContain(formatSpread(mfu.baseline!.centre, mfu.baseline!.band, 'noise band'));
    expect(mfu.baseline!.runs).toBe(10);
    expect(mfu.baseline!.history).toHaveLength(10);
    expect(r.metrics.map((m) => m.name)).not.toContain('learning_rate');
  });

  it('fails a 10 % slow-down on every throughput measure, with its direction', async () => {
    const rng = new Rng(12);
    const r = judgeRun(await summarize('c', { speed: 0.9 }, rng), await history(10, rng));
    expect(r.regression).toBe(true);
    for (const name of ['MFU', 'Tflops', 'step_time']) expect(verdictOf(r, name).verdict).toBe('regression');
    expect(verdictOf(r, 'MFU').change).toBeLessThan(-0.07);
    expect(verdictOf(r, 'step_time').change).toBeGreaterThan(0.07);
    expect(verdictOf(r, 'MFU').reason).toMatch(
      / ± \d\.\d % noise band over 10 runs: −[\d.]+ %, worse beyond the noise band$/,
    );
  });

  it('never fails an improvement', async () => {
    const rng = new Rng(13);
    const r = judgeRun(await summarize('c', { speed: 1.1 }, rng), await history(10, rng));
    expect(r.regression).toBe(false);
    expect(verdictOf(r, 'MFU').verdict).toBe('improvement');
    expect(verdictOf(r, 'step_time').verdict).toBe('improvement');
  });

  it('reports, and does not fail, with too short a history', async () => {
    const rng = new Rng(14);
    const r = judgeRun(await summarize('c', { speed: 0.8 }, rng), await history(3, rng));
    expect(r.regression).toBe(false);
    expect(verdictOf(r, 'MFU').verdict).toBe('insufficient-history');
    expect(verdictOf(r, 'MFU').reason).toMatch(/over 3 runs: −\d+\.\d % \(not judged below 5 runs\)/);
    expect(verdictOf(r, 'MFU').baseline!.band).toBeGreaterThan(0);
    expect(Number.isFinite(verdictOf(r, 'MFU').baseline!.band)).toBe(true);
    const none = judgeRun(await summarize('c', {}, rng), []);
    expect(verdictOf(none, 'MFU').reason).toMatch(/no comparable runs yet/);
  });

  it('always fails a NaN loss or a divergence, even without history', async () => {
    const rng = new Rng(15);
    const nan = judgeRun(await summarize('c', { nanAt: 250 }, rng), []);
    expect(nan.regression).toBe(true);
    expect(verdictOf(nan, 'train.lm_loss').reason).toBe(
      'train.lm_loss: 1 NaN value, first at step 250 (always a regression)',
    );
    const diverged = judgeRun(await summarize('c', { divergeAt: 250 }, rng), await history(2, rng));
    expect(diverged.regression).toBe(true);
    expect(verdictOf(diverged, 'train.lm_loss').reason).toMatch(/diverged from step \d+ .*always a regression/);
  });

  it('reports a run that stopped early and cleanly as incomplete without failing it, comparing its loss at the step it reached', async () => {
    const rng = new Rng(16);
    const r = judgeRun(await summarize('c', { stopAt: 240 }, rng), await history(10, rng));
    expect(r.run.complete).toBe(false);
    // A clean early end (a target reached, as MLPerf runs stop) is a warning, not a regression.
    expect(verdictOf(r, 'steps').verdict).toBe('pass');
    expect(verdictOf(r, 'steps').reason).toBe(
      'run stopped at step 240 of the usual 400: incomplete, ended cleanly (a warning; set gate.require_complete to fail on it)',
    );
    expect(r.regression).toBe(false);
    // At the step it reached its loss is as usual, not "worse than the final loss".
    expect(verdictOf(r, 'train.lm_loss').verdict).toBe('pass');
    // The config can ask for complete runs.
    const required = judgeRun(await summarize('c', { stopAt: 240 }, rng), await history(10, rng), {
      ...DEFAULT_GATE_CONFIG,
      requireComplete: true,
    });
    expect(required.regression).toBe(true);
    expect(verdictOf(required, 'steps').reason).toBe(
      'run stopped at step 240 of the usual 400: incomplete (require_complete is set)',
    );
  });

  it('fails a run that stopped early with its file cut off inside a row (a crash)', async () => {
    const rng = new Rng(16);
    const h = await history(10, rng);
    const crashed = await summarize('c', { stopAt: 240 }, rng);
    crashed.truncated = true;
    const r = judgeRun(crashed, h);
    expect(r.regression).toBe(true);
    expect(verdictOf(r, 'steps').verdict).toBe('regression');
    expect(verdictOf(r, 'steps').reason).toBe(
      'run stopped at step 240 of the usual 400, the file ends inside a row: incomplete, cut off (a crash)',
    );
  });

  it('fails a run that stopped early with a Python traceback in its file, and only reports one after all its steps', async () => {
    const rng = new Rng(16);
    const h = await history(10, rng);
    const crashed = await summarize('c', { stopAt: 240 }, rng);
    crashed.crash = 'metrics.csv:241';
    const r = judgeRun(crashed, h);
    expect(r.regression).toBe(true);
    expect(verdictOf(r, 'steps').reason).toBe(
      'run stopped at step 240 of the usual 400: the training crashed (a Python traceback at metrics.csv:241)',
    );
    const late = await summarize('c', {}, rng);
    late.crash = 'metrics.csv:401';
    const after = judgeRun(late, h);
    expect(verdictOf(after, 'steps').verdict).toBe('pass');
    expect(verdictOf(after, 'steps').reason).toBe(
      'a Python traceback at metrics.csv:401, after all usual steps (step 400) were reached',
    );
  });

  it('fails a 5 % slow-down back to the old level after an accepted speed-up, marked or found', async () => {
    const rng = new Rng(17);
    const current = await summarize('c', { speed: 1.0 }, rng);
    const found = judgeRun(current, await history(10, rng, (k) => ({ speed: k >= 5 ? 1.05 : 1 })));
    expect(verdictOf(found, 'MFU').verdict).toBe('regression');
    expect(verdictOf(found, 'MFU').reason).toMatch(/level of 5 runs since an accepted shift/);
    const marked = judgeRun(current, await history(10, rng, (k) => ({ speed: k >= 5 ? 0.9 : 1 }), [5]));
    // Marked as a new (slower) baseline: the old level no longer counts, so the current run is an improvement.
    expect(verdictOf(marked, 'MFU').baseline!.runs).toBe(5);
    expect(marked.regression).toBe(false);
  });

  it('keeps comparing with the last good level after an unacknowledged slow-down', async () => {
    const rng = new Rng(18);
    const r = judgeRun(
      await summarize('c', { speed: 0.92 }, rng),
      await history(10, rng, (k) => ({ speed: k >= 5 ? 0.92 : 1 })),
    );
    expect(verdictOf(r, 'MFU').verdict).toBe('regression');
    expect(verdictOf(r, 'MFU').reason).toMatch(/the 5 latest runs are worse and not acknowledged/);
  });

  it('reports a judged metric the history has and this run lacks as missing, without failing', async () => {
    const rng = new Rng(19);
    const current = await summarize('c', {}, rng);
    current.metrics = current.metrics.filter((m) => m.name !== 'Tflops');
    const r = judgeRun(current, await history(6, rng));
    expect(verdictOf(r, 'tflops').verdict).toBe('missing');
    expect(r.regression).toBe(false);
  });

  it('compares only what the history holds for the metric (memory is near-deterministic: the minimum effect decides)', async () => {
    const rng = new Rng(20);
    const h = await history(10, rng);
    const small = judgeRun(await summarize('c', { memoryFactor: 1.02 }, rng), h);
    // The same in every run: the minimum effect alone decides.
    expect(verdictOf(small, 'memory.max_allocated [MiB]').reason).toMatch(
      /the same in all 10 runs: \+2\.0 %, within the 3\.0 % minimum effect/,
    );
    expect(verdictOf(small, 'memory.max_allocated [MiB]').verdict).toBe('pass');
    const big = judgeRun(await summarize('c', { memoryFactor: 1.05 }, rng), h);
    expect(verdictOf(big, 'memory.max_allocated [MiB]').verdict).toBe('regression');
  });
});
