import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/index.js';
import { parseConfig } from '../config/parse.js';
import { tableFromColumns } from '../ingest/table-from-columns.js';
import type { RunInput } from '../model.js';
import { mulberry32 } from '../../bench/random.js';
import { summarizeRun } from './index.js';

/**
 * Memory held after a full collection, so garbage not yet collected is not counted: V8's heap and the
 * array buffers outside it (where the sketches' counts live). The test process does not run with
 * --expose-gc; setting the flag lets a fresh context hand out its gc().
 */
/** Heap and array buffers after full collections; buffers are freed a tick after the collection that drops them. */
async function collectedHeapBytes(): Promise<number> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function input(
  steps: number[],
  columns: Record<string, number[]>,
  nanTokens?: Record<string, number[]>,
  batchSize = 1000,
): RunInput {
  return {
    name: 'r',
    experiment: 'e',
    tags: {},
    fingerprint: {},
    table: tableFromColumns('mem.csv', steps, columns, { nanTokens, batchSize }),
  };
}

describe('summarizeRun', () => {
  it('takes the steady state after warm-up, robust to periodic stalls', async () => {
    const steps = Array.from({ length: 3000 }, (_, i) => i);
    const mfu = steps.map((s) => (s < 10 ? 0.05 : s % 100 === 0 ? 0.14 : 0.42));
    const stepTime = steps.map((s) => (s < 10 ? 20 : s % 100 === 0 ? 3 : 1));
    const summary = await summarizeRun(
      input(steps, { MFU: mfu, step_time: stepTime, lr: steps.map((s) => 1e-4 / (s + 1)) }),
      DEFAULT_CONFIG,
    );
    const byName = Object.fromEntries(summary.metrics.map((m) => [m.name, m]));
    expect(byName.MFU!.steady!.median).toBeCloseTo(0.42, 3);
    expect(byName.MFU!.steady!.n).toBe(2990);
    expect(byName.MFU!.steady!.fromStep).toBe(10);
    expect(byName.step_time!.steady!.median).toBeCloseTo(1, 3);
    expect(byName.step_time!.windows.length).toBeLessThanOrEqual(32);
    expect(byName.lr!.steady).toBeNull();
    expect(byName.lr!.last).toBeCloseTo(1e-4 / 3000);
    expect(summary.steps).toEqual({ count: 3000, first: 0, last: 2999 });
  });

  it('gives the same summary however the run is cut into batches', async () => {
    const random = mulberry32(8);
    const steps = Array.from({ length: 4000 }, (_, i) => 2 * i + 1);
    const columns = {
      'train.lm_loss': steps.map((s, i) => (i % 53 === 0 ? NaN : 10 / Math.log(s + 2) + random() * 0.01)),
      MFU: steps.map((_, i) => (i % 71 === 0 ? Infinity : 0.42 + random() * 0.01)),
      step_time: steps.map(() => 1 + random() * 0.05),
      lr: steps.map((s) => 1e-4 / s),
    };
    const nanTokens = { 'train.lm_loss': [106, 2809] };
    const whole = await summarizeRun(input(steps, columns, nanTokens, 65_536), DEFAULT_CONFIG);
    for (const batchSize of [1, 7, 999])
      expect(await summarizeRun(input(steps, columns, nanTokens, batchSize), DEFAULT_CONFIG)).toEqual(whole);
    expect(whole.metrics.find((m) => m.name === 'train.lm_loss')!.nan).toBe(2);
  });

  it('converts an MFU logged in percent to a ratio, with a note, so one series never mixes the two', async () => {
    const steps = Array.from({ length: 100 }, (_, i) => i);
    const summary = await summarizeRun(
      input(steps, {
        mfu: steps.map((i) => 42.1 + (i % 2) * 0.2),
        'train.MFU': steps.map(() => 0.421),
        'gpu_util [%]': steps.map(() => 0.5), // the header says percent, whatever the values
      }),
      DEFAULT_CONFIG,
    );
    expect(summary.metrics.map((m) => m.class.unit)).toEqual(['ratio', 'ratio', 'ratio']);
    const [pct, ratio, util] = summary.metrics;
    expect(pct!.steady!.median).toBeCloseTo(0.421, 3);
    expect(pct!.last).toBeCloseTo(0.423, 6);
    expect(pct!.windows[0]!.quantiles[0]).toBeCloseTo(0.421, 3);
    expect(ratio!.steady!.median).toBeCloseTo(0.421, 6);
    expect(util!.last).toBeCloseTo(0.005, 9);
    expect(summary.warnings.filter((w) => /in percent/.test(w))).toHaveLength(2);
  });

  it('says a unitless timer whose level is implausible as seconds, with the likely unit and the config line', async () => {
    const steps = Array.from({ length: 100 }, (_, i) => i);
    const ms = steps.map((i) => 1020 + (i % 7));
    const summary = await summarizeRun(
      input(steps, { step_time: ms, 'iter time [ms]': ms, elapsed_ms: ms, fwd_time: steps.map(() => 0.9) }),
      DEFAULT_CONFIG,
    );
    const said = summary.warnings.filter((w) => /read as seconds/.test(w));
    expect(said).toEqual([
      '"step_time" is a timer with no unit in its name, read as seconds, but its steady level is 1023 (17.1 min a step): probably milliseconds; if so, say it in the config (metrics: {"step_time": {unit: milliseconds}}), and name it with its unit where it is logged',
    ]);
    // Where the run's tokens per second say how long a step takes, they decide: 132 s agrees, 1.3 ms does not.
    const tokens = steps.map((i) => 5e6 * i);
    const slow = await summarizeRun(
      input(steps, {
        step_time: steps.map(() => 132),
        consumed_tokens: tokens,
        tokens_per_sec: steps.map(() => 37_900),
      }),
      DEFAULT_CONFIG,
    );
    expect(slow.warnings.filter((w) => /read as seconds/.test(w))).toEqual([]);
    const fast = await summarizeRun(
      input(steps, { step_time: steps.map(() => 60), consumed_tokens: tokens, tokens_per_sec: steps.map(() => 83e6) }),
      DEFAULT_CONFIG,
    );
    expect(fast.warnings.filter((w) => /read as seconds/.test(w))).toEqual([
      '"step_time" is a timer with no unit in its name, read as seconds, but its steady level is 60.0 (1.00 min a step; its tokens per second say a step takes 0.0602 s): probably milliseconds; if so, say it in the config (metrics: {"step_time": {unit: milliseconds}}), and name it with its unit where it is logged',
    ]);
    // Once the config says the unit, nothing more is said, and it is sent as milliseconds.
    const config = parseConfig('metrics:\n  step_time: { unit: milliseconds }\n', 'c.yaml');
    const told = await summarizeRun(input(steps, { step_time: ms }), config);
    expect(told.warnings.filter((w) => /read as seconds/.test(w))).toEqual([]);
    expect(told.metrics[0]!.class.unit).toBe('milliseconds');
  });

  it('says a metric the config gates that no column matches (a renamed column is not quietly left out)', async () => {
    const steps = Array.from({ length: 20 }, (_, i) => i);
    const config = parseConfig(
      'metrics:\n  eval_acc: { kind: quality, direction: higher }\n  "throughput/*": { gate: true }\n  lr: { gate: false }\n',
      'c.yaml',
    );
    const summary = await summarizeRun(
      input(steps, { eval_accuracy: steps.map(() => 0.9), 'throughput/tps': steps }),
      config,
    );
    expect(summary.warnings.filter((w) => /^config:/.test(w))).toEqual([
      'config: metrics "eval_acc" gates a metric, but no column of this run matches it (renamed or no longer logged?): nothing is judged by it',
    ]);
  });

  it('sends a cumulative "throughput" or time as a gauge, and keeps rates, step times and peaks judged', async () => {
    const rng = mulberry32(3);
    const steps = Array.from({ length: 300 }, (_, i) => i + 1);
    const summary = await summarizeRun(
      input(steps, {
        'throughput/total_training_Gflops': steps.map((s) => s * 5.2e6), // named as a counter
        tokens_per_sec: steps.map((s) => s * 8192 + Math.round(100 * rng())), // named as a rate, counts in fact
        iteration_time: steps.map((s) => 100 + s * 1.8), // elapsed time, written as a timer
        samples_per_second: steps.map(() => 400 * (1 + 0.02 * (rng() - 0.5))),
        step_time: steps.map(() => 1.8 * (1 + 0.02 * (rng() - 0.5))),
        'mem_max_allocated [MiB]': steps.map((s) => (s < 20 ? 30_000 + s * 100 : 32_000)),
        loss: steps.map((s) => 10 / s),
      }),
      DEFAULT_CONFIG,
    );
    const kind = Object.fromEntries(summary.metrics.map((m) => [m.name, [m.class.kind, m.class.gate]]));
    expect(kind).toEqual({
      'throughput/total_training_Gflops': ['gauge', false],
      tokens_per_sec: ['gauge', false],
      iteration_time: ['gauge', false],
      samples_per_second: ['window', true],
      step_time: ['timer', true],
      'mem_max_allocated [MiB]': ['window', true],
      loss: ['loss', true],
    });
    const tokens = summary.metrics.find((m) => m.name === 'tokens_per_sec')!;
    expect(tokens.steady).toBeNull();
    expect(tokens.windows).toEqual([]);
    expect(summary.warnings.filter((w) => /only rises/.test(w))).toHaveLength(2);
  });

  it('counts every NaN a step logged for the loss, alone on its row and in the last row too', async () => {
    const steps = [0, 1, 2, 3, 4];
    const loss = [3, 2.9, NaN, 2.8, NaN];
    const other = [1, 1, 1, 1, NaN];
    const summary = await summarizeRun(
      input(steps, { loss, step_time: other }, { loss: [2, 4], step_time: [4] }),
      DEFAULT_CONFIG,
    );
    const l = summary.metrics.find((m) => m.name === 'loss')!;
    expect(l.nan).toBe(2);
    expect(l.firstNonFiniteStep).toBe(2);
    expect(l.count).toBe(3);
    expect(summary.steps.last).toBe(4);
  });

  it('counts infinities and keeps the final loss and samples', async () => {
    const steps = Array.from({ length: 1000 }, (_, i) => i);
    const loss = steps.map((s) => (s === 500 ? Infinity : 2 + 8 / Math.sqrt(s + 1)));
    const summary = await summarizeRun(input(steps, { train_loss: loss }), DEFAULT_CONFIG);
    const l = summary.metrics[0]!;
    expect(l.inf).toBe(1);
    expect(l.firstNonFiniteStep).toBe(500);
    expect(l.loss!.samples[0]).toEqual([0, 10]);
    // 20 grid points every 50 steps, then the last point, off the grid
    expect(l.loss!.samples.length).toBe(21);
    expect(l.loss!.samples[20]).toEqual([999, 2 + 8 / Math.sqrt(1000)]);
    // the final window is the last quarter of the steps, 750–999 (it was the last 100 points, 900–999)
    expect(l.loss!.finalWindow.median).toBeCloseTo(2 + 8 / Math.sqrt(875.5), 3);
    expect(l.loss!.finalWindow.from).toBe(750);
    expect(l.loss!.finalWindow).toMatchObject({ to: 999, count: 250 });
    expect(l.loss!.divergence).toBeNull();
  });
});

describe('summarizeRun metric names', () => {
  it('refuses two headers that become one metric, naming both', async () => {
    const steps = [0, 1, 2];
    await expect(
      summarizeRun(input(steps, { 'lm loss': [3, 2, 1], lm_loss: [3, 2, 1] }), DEFAULT_CONFIG),
    ).rejects.toThrow(/"lm loss" and "lm_loss" would both be sent as the metric "lm_loss"/);
  });

  it('leaves out a header with nothing to name a metric by', async () => {
    const summary = await summarizeRun(input([0, 1], { '%': [1, 2], loss: [3, 2] }), DEFAULT_CONFIG);
    expect(summary.metrics.map((m) => m.name)).toEqual(['loss']);
    expect(summary.warnings.join()).toContain('column "%"');
  });
});

describe('summarizeRun and memory', () => {
  it('holds nothing of a run once it is summarised: 40 runs one after another leave the heap where two left it', async () => {
    const random = mulberry32(12);
    const steps = Array.from({ length: 20_000 }, (_, i) => i);
    // Wide ranges (stalls, a warm-up ramp) so that every window has thousands of bins.
    const columns = {
      'train.lm_loss': steps.map((s) => 10 / Math.log(s + 2) + random() * 0.01),
      MFU: steps.map((s) => (s % 97 === 0 ? 0.01 : 0.42 + random() * 0.01)),
      step_time: steps.map((s) => (s % 89 === 0 ? 30 : 1 + random() * 0.01)),
      tokens_per_sec: steps.map((s) => (s < 500 ? 10 + s * 1000 : 4.4e6 + random() * 1e4)),
    };
    const run = () => summarizeRun(input(steps, columns, undefined, 4096), DEFAULT_CONFIG);
    await run();
    await run();
    const held = await collectedHeapBytes();
    for (let i = 0; i < 38; i++) await run();
    // A run's windows alone take megabytes here, so 38 runs kept would pass this bound many times over.
    expect((await collectedHeapBytes()) - held).toBeLessThan(8 * 2 ** 20);
  });
});
