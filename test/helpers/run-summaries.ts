/**
 * Hand-made RunSummary/GateResult values for sink and dashboard tests: real fixture columns reduced with
 * simple-statistics the way the summarizer documents it (steady state = steps from `warmup` on,
 * quantiles p10/median/p90, final loss = median of the last tenth), so the tests do not depend on the
 * summarizer's accumulators.
 */
import { readFileSync } from 'node:fs';
import { median, quantile } from 'simple-statistics';
import type { GateResult, MetricClass, MetricSummary, RunSummary } from '../../src/model.js';

export const CLASSES = {
  loss: { kind: 'loss', direction: 'lower', unit: '', gate: true, minEffect: 0.02 },
  timerSeconds: { kind: 'timer', direction: 'lower', unit: 'seconds', gate: true, minEffect: 0.03 },
  timerMs: { kind: 'timer', direction: 'lower', unit: 'milliseconds', gate: true, minEffect: 0.03 },
  mfuPercent: { kind: 'window', direction: 'higher', unit: 'percent', gate: true, minEffect: 0.02 },
  tflops: { kind: 'window', direction: 'higher', unit: 'tflops', gate: true, minEffect: 0.02 },
  throughput: { kind: 'window', direction: 'higher', unit: 'tokens_per_second', gate: true, minEffect: 0.02 },
  memoryBytes: { kind: 'window', direction: 'lower', unit: 'bytes', gate: true, minEffect: 0.05 },
  memoryMiB: { kind: 'window', direction: 'lower', unit: 'mebibytes', gate: true, minEffect: 0.05 },
  gpuPercent: { kind: 'window', direction: 'higher', unit: 'percent', gate: false, minEffect: 0.05 },
  gauge: { kind: 'gauge', direction: 'none', unit: '', gate: false, minEffect: 0 },
  ignore: { kind: 'ignore', direction: 'none', unit: '', gate: false, minEffect: 0 },
} satisfies Record<string, MetricClass>;

/** Summarise one column (NaN = missing) the way the summarizer's documentation says. */
export function metricSummary(
  name: string,
  cls: MetricClass,
  steps: number[],
  values: number[],
  warmup = 0,
): MetricSummary {
  const rows = steps.map((step, i) => [step, values[i]!] as const).filter(([, v]) => Number.isFinite(v));
  const finite = rows.map(([, v]) => v);
  const steadyRows = rows.filter(([s]) => s >= warmup);
  const steadyValues = steadyRows.length ? steadyRows.map(([, v]) => v) : finite;
  const summary: MetricSummary = {
    name,
    class: cls,
    count: finite.length,
    nan: 0,
    inf: 0,
    firstNonFiniteStep: null,
    first: finite[0] ?? NaN,
    last: finite[finite.length - 1] ?? NaN,
    lastStep: rows[rows.length - 1]?.[0] ?? NaN,
    min: finite.length ? Math.min(...finite) : NaN,
    max: finite.length ? Math.max(...finite) : NaN,
    steady:
      cls.kind === 'gauge' || !finite.length
        ? null
        : {
            median: median(steadyValues),
            p10: quantile(steadyValues, 0.1),
            p90: quantile(steadyValues, 0.9),
            mean: steadyValues.reduce((a, b) => a + b, 0) / steadyValues.length,
            spread: (quantile(steadyValues, 0.75) - quantile(steadyValues, 0.25)) / 1.349,
            n: steadyValues.length,
            fromStep: steadyRows[0]?.[0] ?? rows[0]![0],
          },
    windows: [],
  };
  if (cls.kind === 'loss' && finite.length) {
    const tail = finite.slice(Math.floor(finite.length * 0.9));
    summary.loss = {
      samples: rows.filter((_, i) => i % 10 === 0).map(([s, v]) => [s, v]),
      every: 10,
      finalWindow: {
        from: rows[Math.floor(rows.length * 0.9)]![0],
        to: rows[rows.length - 1]![0],
        count: tail.length,
        median: median(tail),
      },
      runningMin: Math.min(...finite),
      divergence: null,
    };
  }
  return summary;
}

export function runSummary(
  name: string,
  experiment: string,
  steps: number[],
  metrics: MetricSummary[],
  extra: Partial<RunSummary> = {},
): RunSummary {
  return {
    name,
    experiment,
    source: `${name}.csv`,
    tags: {},
    fingerprint: { gpu: 'H100' },
    steps: { count: steps.length, first: steps[0] ?? 0, last: steps[steps.length - 1] ?? 0 },
    truncated: false,
    warnings: [],
    metrics,
    ...extra,
  };
}

/** A tiny CSV reader for the fixtures (plain numbers, `nan`, no quoting). */
export function readNumericCsv(path: string): { header: string[]; columns: Record<string, number[]> } {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const header = head!.split(',');
  const columns: Record<string, number[]> = Object.fromEntries(header.map((h) => [h, [] as number[]]));
  for (const line of lines) {
    for (const [i, cell] of line.split(',').entries())
      columns[header[i]!]?.push(cell.trim() === '' ? NaN : Number(cell));
  }
  return { header, columns };
}

/** The Megatron golden-values run (real): lm loss, num-zeros, memory in bytes, iteration time in seconds. */
export function megatronRun(experiment: string): RunSummary {
  const { columns } = readNumericCsv('fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv');
  const steps = columns.step!;
  return runSummary(
    'gpt3-15b-8t',
    experiment,
    steps,
    [
      metricSummary('lm loss', CLASSES.loss, steps, columns['lm loss']!, 100),
      metricSummary('num-zeros', CLASSES.gauge, steps, columns['num-zeros']!),
      metricSummary('mem-allocated-bytes', CLASSES.memoryBytes, steps, columns['mem-allocated-bytes']!, 100),
      metricSummary('mem-max-allocated-bytes', CLASSES.memoryBytes, steps, columns['mem-max-allocated-bytes']!, 100),
      metricSummary('iteration-time', CLASSES.timerSeconds, steps, columns['iteration-time']!, 100),
    ],
    { durationSeconds: 19_820 },
  );
}

/**
 * The ezpz Perlmutter results (real): three runs' MFU in percent, TFLOPs and tokens/s, read as the steps
 * of one run (the file is per run, not per step), plus a GPU utilisation column and a learning rate.
 */
export function ezpzRun(experiment: string, name = 'agpt-2b/bs2'): RunSummary {
  const [head, ...lines] = readFileSync('fixtures/real/run_summary_mfu_tflops_ezpz_perlmutter.csv', 'utf8')
    .trim()
    .split('\n');
  const header = head!.split(',');
  const col = (h: string) => lines.map((l) => Number(l.split(',')[header.indexOf(h)]));
  const steps = lines.map((_, i) => i + 1);
  return runSummary(
    name,
    experiment,
    steps,
    [
      metricSummary('MFU', CLASSES.mfuPercent, steps, col('mfu')),
      metricSummary('Tflops', CLASSES.tflops, steps, col('tflops')),
      metricSummary('throughput_tokens_per_sec', CLASSES.throughput, steps, col('throughput_tokens_per_sec')),
      metricSummary(
        'step_time_ms',
        CLASSES.timerMs,
        steps,
        col('wall_time_sec').map((s) => (s * 1000) / 20),
      ),
      metricSummary('memory.max_allocated [MiB]', CLASSES.memoryMiB, steps, [40_960, 41_472, 41_216]),
      metricSummary('gpu.utilization', CLASSES.gpuPercent, steps, [91, 95, 97]),
      metricSummary('learning_rate', CLASSES.gauge, steps, [3e-4, 2.9e-4, 2.8e-4]),
      metricSummary('train.lm_loss', CLASSES.loss, steps, col('final_loss')),
    ],
    { tags: { config: 'agpt-2b/bs2/seq2048', nodes: '2' } },
  );
}

export function gateFor(summary: RunSummary, regression: string[] = []): GateResult {
  return {
    experiment: summary.experiment,
    name: summary.name,
    fingerprint: 'H100x8',
    regression: regression.length > 0,
    verdict: regression.length > 0 ? 'regression' : 'pass',
    judged: summary.metrics.filter((m) => m.class.gate && m.steady).length,
    run: { complete: true, steps: summary.steps.count, expectedSteps: summary.steps.count, truncated: false },
    metrics: summary.metrics
      .filter((m) => m.class.gate && m.steady)
      .map((m) => ({
        name: m.name,
        verdict: regression.includes(m.name) ? ('regression' as const) : ('pass' as const),
        direction: m.class.direction,
        unit: m.class.unit,
        current: m.steady!.median,
        baseline: { centre: m.steady!.median * 1.01, band: m.steady!.median * 0.02, runs: 5, history: [] },
        change: -0.0099,
        reason: 'within the noise band',
      })),
  };
}
