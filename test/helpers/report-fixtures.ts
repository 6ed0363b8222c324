/**
 * Hand-made gate results and run summaries with realistic values, for the report's tests:
 * a regression (MFU 0.398 vs 0.421 ± 0.004 over 10 runs), an improvement, insufficient history,
 * a missing metric, an incomplete run with a NaN loss, and names that try to inject markup.
 */
import type { GateResult, MetricClass, MetricSummary, MetricVerdict, RunSummary, StepWindow } from '../../src/model.js';
import { cls } from './metric-class.js';
import type { LossBandPoint, ReportInput, RunReport } from '../../src/report/report-input.js';

/** Deterministic noise in [−1, 1]. */
function noise(i: number): number {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

function lossAt(step: number, shift = 0): number {
  return 2.35 + shift + 8.5 * Math.exp(-step / 260) + 0.9 * Math.exp(-step / 2200);
}

export function lossSamples(
  lastStep: number,
  every: number,
  opts: { nanFrom?: number; shift?: number } = {},
): [number, number][] {
  const out: [number, number][] = [];
  for (let s = every; s <= lastStep; s += every) {
    const v = opts.nanFrom !== undefined && s >= opts.nanFrom ? NaN : lossAt(s, opts.shift) + 0.03 * noise(s);
    out.push([s, v]);
  }
  return out;
}

export function lossBand(lastStep: number, every: number): LossBandPoint[] {
  const out: LossBandPoint[] = [];
  for (let s = every; s <= lastStep; s += every) {
    const c = lossAt(s);
    const w = 0.04 + 0.3 * Math.exp(-s / 400);
    out.push({ step: s, centre: c, lo: c - w, hi: c + w });
  }
  return out;
}

function windows(lastStep: number, size: number, median: (i: number) => number, spread: number): StepWindow[] {
  const out: StepWindow[] = [];
  for (let from = 1, i = 0; from <= lastStep; from += size, i++) {
    const m = median(i);
    out.push({
      from,
      to: Math.min(from + size - 1, lastStep),
      count: Math.min(size, lastStep - from + 1),
      quantiles: [m - 1.3 * spread, m - 0.6 * spread, m, m + 0.6 * spread, m + 1.3 * spread],
    });
  }
  return out;
}

function metric(
  name: string,
  c: MetricClass,
  values: Partial<MetricSummary> & { median?: number; spread?: number },
): MetricSummary {
  const median = values.median ?? 0;
  const spread = values.spread ?? 0;
  return {
    name,
    class: c,
    count: 2000,
    nan: 0,
    inf: 0,
    firstNonFiniteStep: null,
    first: median,
    last: median,
    lastStep: 2000,
    min: median - 3 * spread,
    max: median + 3 * spread,
    steady:
      c.kind === 'gauge'
        ? null
        : {
            median,
            p10: median - 1.3 * spread,
            p90: median + 1.3 * spread,
            mean: median,
            spread,
            n: 1800,
            fromStep: 200,
          },
    windows: [],
    ...values,
  };
}

function history(centre: number, band: number, n: number, seed: number): number[] {
  return Array.from({ length: n }, (_, i) => centre + band * 0.9 * noise(seed + i));
}

function verdict(
  v: Omit<MetricVerdict, 'baseline'> & { baseline?: [number, number, number, number] | null },
): MetricVerdict {
  const b = v.baseline;
  return {
    ...v,
    baseline: b ? { centre: b[0], band: b[1], runs: b[2], history: history(b[0], b[1], b[2], b[3]) } : null,
  };
}

/** A 15B GPT run on H100s whose MFU regressed, with an improved loss and a young TFLOP/s history. */
export function regressedRun(): RunReport {
  const last = 2000;
  const summary: RunSummary = {
    name: 'gpt3-15b-8t-h100-run42',
    experiment: 'gpt3-15b-pretrain',
    source: 'runs/gpt3-15b/metrics_rank_0.csv',
    tags: { gpu: 'h100', world_size: '64' },
    fingerprint: { gpu: 'H100', world_size: '64' },
    steps: { count: last, first: 1, last },
    truncated: false,
    warnings: ['runs/gpt3-15b/metrics_rank_0.csv: column "host" is text and was skipped'],
    metrics: [
      metric('train.lm_loss', cls('loss', 'lower', ''), {
        median: 2.44,
        spread: 0.03,
        loss: {
          samples: lossSamples(last, 10, { shift: -0.04 }),
          every: 10,
          finalWindow: { from: 1900, to: 2000, count: 11, median: 2.412 },
          runningMin: 2.36,
          divergence: null,
        },
      }),
      metric('MFU', cls('window', 'higher', 'ratio'), {
        median: 0.398,
        spread: 0.003,
        windows: windows(last, 100, (i) => (i < 2 ? 0.3 + i * 0.05 : 0.398 + 0.002 * noise(i)), 0.003),
      }),
      metric('step_time', cls('timer', 'lower', 'seconds'), {
        median: 1.912,
        spread: 0.02,
        windows: windows(last, 100, (i) => (i < 2 ? 2.4 - i * 0.2 : 1.912 + 0.01 * noise(i + 7)), 0.02),
      }),
      metric('Tflops', cls('window', 'higher', 'tflops'), {
        median: 392.5,
        spread: 3,
        windows: windows(last, 100, (i) => 392.5 + 2 * noise(i + 3), 3),
      }),
      metric('memory.max_allocated [MiB]', cls('window', 'lower', 'mebibytes'), {
        median: 73_012,
        spread: 40,
        windows: windows(last, 100, () => 73_012, 40),
      }),
      metric('learning_rate', cls('gauge', 'none', '', false), { median: 3e-4, last: 1.2e-4 }),
      metric('consumed_tokens', cls('gauge', 'none', 'count', false), { median: 0, last: 8.39e9 }),
    ],
  };
  const gate: GateResult = {
    experiment: summary.experiment,
    name: summary.name,
    fingerprint: 'gpu=H100,world_size=64',
    regression: true,
    verdict: 'regression',
    judged: 4,
    run: { complete: true, steps: last, expectedSteps: last, truncated: false },
    metrics: [
      verdict({
        name: 'train.lm_loss',
        verdict: 'improvement',
        direction: 'lower',
        unit: '',
        current: 2.412,
        baseline: [2.451, 0.015, 10, 1],
        change: -0.0159,
        reason: 'final loss 2.412 is below the band 2.436 – 2.466',
      }),
      verdict({
        name: 'step_time',
        verdict: 'pass',
        direction: 'lower',
        unit: 'seconds',
        current: 1.912,
        baseline: [1.905, 0.02, 10, 20],
        change: 0.0037,
        reason: 'within the noise band',
      }),
      verdict({
        name: 'MFU',
        verdict: 'regression',
        direction: 'higher',
        unit: 'ratio',
        current: 0.398,
        baseline: [0.421, 0.004, 10, 40],
        change: -0.0546,
        reason:
          'MFU 0.398 is 5.5 % below the baseline 0.421 ± 0.004 (10 runs), beyond noise and the 2 % minimum effect',
      }),
      verdict({
        name: 'memory.max_allocated [MiB]',
        verdict: 'pass',
        direction: 'lower',
        unit: 'mebibytes',
        current: 73_012,
        baseline: [72_980, 150, 10, 60],
        change: 0.0004,
        reason: 'within the noise band',
      }),
      verdict({
        name: 'Tflops',
        verdict: 'insufficient-history',
        direction: 'higher',
        unit: 'tflops',
        current: 392.5,
        baseline: [410, 6, 3, 80],
        change: -0.0427,
        reason: 'only 3 baseline runs; 5 needed to judge',
      }),
      verdict({
        name: 'throughput',
        verdict: 'missing',
        direction: 'higher',
        unit: 'tokens_per_second',
        current: null,
        baseline: [52_300, 400, 10, 90],
        change: null,
        reason: 'no column throughput in this run (it is in the baseline)',
      }),
    ],
  };
  return { gate, summary, lossBand: lossBand(last, 10) };
}

/** An SFT run that stopped early: the file ends mid-row and the loss went NaN at step 1200. */
export function nanLossRun(): RunReport {
  const last = 1250;
  const samples = lossSamples(last, 25, { nanFrom: 1200, shift: 0.1 });
  const summary: RunSummary = {
    name: 'llama-8b-sft-lr3e-4',
    experiment: 'llama-8b-sft',
    source: 'runs/llama/metrics_rank_0.csv',
    tags: {},
    fingerprint: { gpu: 'H100' },
    steps: { count: last, first: 1, last },
    truncated: true,
    warnings: [
      'runs/llama/metrics_rank_0.csv:1252: last line is incomplete (file still being written?) and was skipped',
    ],
    metrics: [
      metric('lm loss', cls('loss', 'lower', ''), {
        median: 2.6,
        spread: 0.04,
        nan: 3,
        firstNonFiniteStep: 1200,
        loss: {
          samples,
          every: 25,
          finalWindow: { from: 1150, to: 1250, count: 5, median: NaN },
          runningMin: 2.5,
          divergence: null,
        },
      }),
      metric('step_time', cls('timer', 'lower', 'seconds'), {
        median: 0.412,
        spread: 0.006,
        windows: windows(last, 50, (i) => 0.412 + 0.003 * noise(i), 0.006),
      }),
    ],
  };
  const gate: GateResult = {
    experiment: summary.experiment,
    name: summary.name,
    fingerprint: 'gpu=H100',
    regression: true,
    verdict: 'regression',
    judged: 1,
    run: { complete: false, steps: last, expectedSteps: 2000, truncated: true },
    metrics: [
      verdict({
        name: 'lm loss',
        verdict: 'regression',
        direction: 'lower',
        unit: '',
        current: NaN,
        baseline: [2.58, 0.02, 8, 5],
        change: null,
        reason: 'loss is NaN from step 1200',
      }),
      verdict({
        name: 'step_time',
        verdict: 'pass',
        direction: 'lower',
        unit: 'seconds',
        current: 0.412,
        baseline: [0.41, 0.005, 8, 9],
        change: 0.0049,
        reason: 'within the noise band',
      }),
    ],
  };
  return { gate, summary };
}

/** Names from a user's file that try to break the table or inject markup. */
export const HOSTILE_METRIC = 'tok/s <img src=x onerror=alert(1)> | `code` *b* @octocat [x](https://evil.example)';
export const HOSTILE_EXPERIMENT = '<script>alert("x")</script>|exp';

export function hostileRun(): RunReport {
  const gate: GateResult = {
    experiment: HOSTILE_EXPERIMENT,
    name: 'run|1 <b>bold</b>',
    fingerprint: 'x',
    regression: false,
    verdict: 'pass',
    judged: 1,
    run: { complete: true, steps: 500, expectedSteps: null, truncated: false },
    metrics: [
      verdict({
        name: HOSTILE_METRIC,
        verdict: 'pass',
        direction: 'higher',
        unit: 'tokens_per_second',
        current: 51_200,
        baseline: [51_000, 500, 6, 3],
        change: 0.0039,
        reason: `within the band for ${HOSTILE_METRIC}`,
      }),
    ],
  };
  const summary: RunSummary = {
    name: gate.name,
    experiment: gate.experiment,
    source: 'x.csv',
    tags: {},
    fingerprint: {},
    steps: { count: 500, first: 1, last: 500 },
    truncated: false,
    warnings: [],
    metrics: [
      metric(HOSTILE_METRIC, cls('window', 'higher', 'tokens_per_second'), {
        median: 51_200,
        spread: 300,
        windows: windows(500, 50, (i) => 51_200 + 200 * noise(i), 300),
      }),
      metric('<img src=y onerror=alert(2)>`|', cls('gauge', 'none', ''), { median: 1, last: 1 }),
    ],
  };
  return { gate, summary };
}

export function batchInput(): ReportInput {
  return {
    runs: [hostileRun(), nanLossRun(), regressedRun()],
    github: {
      serverUrl: 'https://github.com',
      repository: 'acme/trainer',
      runId: '9876543210',
      sha: '0123456789abcdef0123456789abcdef01234567',
    },
  };
}
