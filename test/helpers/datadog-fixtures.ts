/**
 * Hand-made run summaries and gate results shaped like a Megatron GPT-3 15B run (values after
 * fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.*: loss 12.96 → ~1.9 over 13,000 steps,
 * ~1.2e10 bytes allocated), with MFU/TFLOPs/step time as a Megatron job logs them.
 */
import type { GateResult, MetricClass, MetricSummary, RunSummary } from '../../src/model.js';
import { cls } from './metric-class.js';

function metric(name: string, c: MetricClass, centre: number, extra: Partial<MetricSummary> = {}): MetricSummary {
  return {
    name,
    class: c,
    count: 2544,
    nan: 0,
    inf: 0,
    firstNonFiniteStep: null,
    first: centre * 1.1,
    last: centre,
    lastStep: 12715,
    min: centre * 0.9,
    max: centre * 1.2,
    steady:
      c.kind === 'gauge'
        ? null
        : {
            median: centre,
            p10: centre * 0.97,
            p90: centre * 1.03,
            mean: centre,
            spread: centre * 0.02,
            n: 2500,
            fromStep: 200,
          },
    windows: [],
    ...extra,
  };
}

/** Loss falling from 12.96 to ~1.9, sampled every `every` steps. */
export function lossSamples(count: number, every: number): [number, number][] {
  return Array.from(
    { length: count },
    (_, i) => [1 + i * every, 1.9 + 11.06 * Math.exp(-i / (count / 8))] as [number, number],
  );
}

export function gptRun(
  name = 'gpt3_15b_tp4_pp2',
  experiment = 'gpt3-15b-8t',
  samples = lossSamples(128, 100),
): RunSummary {
  return {
    name,
    experiment,
    source: `runs/${name}/metrics_rank_0.csv`,
    tags: { model: 'gpt3-15b', gpu: 'h100' },
    fingerprint: { gpu: 'H100', world_size: '64' },
    steps: { count: 2601, first: 1, last: 13000 },
    truncated: false,
    durationSeconds: 41_820,
    warnings: [],
    metrics: [
      metric('lm loss', cls('loss', 'lower', ''), 2.02, {
        loss: {
          samples,
          every: 100,
          finalWindow: { from: 12000, to: 13000, count: 201, median: 1.93 },
          runningMin: 1.9,
          divergence: null,
        },
      }),
      metric('iteration-time', cls('timer', 'lower', 'seconds'), 16.1),
      metric('MFU', cls('window', 'higher', 'percent'), 41.7),
      metric('Tflops', cls('window', 'higher', 'tflops'), 412.5),
      metric('mem-max-allocated-bytes', cls('window', 'lower', 'bytes'), 27_658_764_288),
      metric('learning-rate', cls('gauge', 'none', '', false), 1.5e-5),
      metric('num-zeros', cls('ignore', 'none', '', false), 9.5e8),
    ],
  };
}

export function gptGate(run: RunSummary, regression: boolean): GateResult {
  return {
    experiment: run.experiment,
    name: run.name,
    fingerprint: 'H100x64',
    regression,
    verdict: regression ? 'regression' : 'pass',
    judged: 2,
    run: { complete: true, steps: run.steps.count, expectedSteps: 2601, truncated: false },
    metrics: [
      {
        name: 'MFU',
        verdict: regression ? 'regression' : 'pass',
        direction: 'higher',
        unit: 'percent',
        current: regression ? 39.0 : 41.7,
        baseline: { centre: 41.6, band: 0.8, runs: 9, history: [41.2, 41.9, 41.6, 41.5, 41.8, 41.6, 41.3, 41.7, 41.6] },
        change: regression ? -0.0625 : 0.0024,
        reason: regression ? 'MFU 39.0 % is 6.3 % below the baseline 41.6 % (band ±0.8)' : 'within the noise band',
      },
      {
        name: 'iteration-time',
        verdict: 'insufficient-history',
        direction: 'lower',
        unit: 'seconds',
        current: 16.1,
        baseline: null,
        change: null,
        reason: 'only 2 runs of history',
      },
      {
        name: 'lm loss',
        verdict: 'pass',
        direction: 'lower',
        unit: '',
        current: 1.93,
        baseline: { centre: 1.931, band: 0.01, runs: 9, history: [] },
        change: -0.0005,
        reason: 'within the noise band',
      },
    ],
  };
}
