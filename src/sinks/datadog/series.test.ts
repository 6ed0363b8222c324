import { describe, expect, it } from 'vitest';
import { gptGate, gptRun } from '../../../test/helpers/datadog-fixtures.js';
import { toDatadogSeries } from './series.js';

const NOW = Date.UTC(2026, 10, 29, 22, 0, 0, 750);
const TAGS = { workflow_name: 'train', event: 'push', branch_type: 'main', team: 'llm' };

function find(result: ReturnType<typeof toDatadogSeries>, metric: string, tag?: string) {
  return result.series.filter((s) => s.metric === metric && (tag === undefined || s.tags.includes(tag)));
}

describe('toDatadogSeries', () => {
  const run = gptRun();
  const result = toDatadogSeries([run], [gptGate(run, true)], { prefix: 'training_metrics', tags: TAGS, now: NOW });

  it('sends steady-state median, p10 and p90 per judged metric as gauges with Datadog units', () => {
    const [median] = find(result, 'training_metrics.mfu.steady.median');
    expect(median).toMatchObject({ type: 3, unit: 'percent', points: [{ value: 41.7 }] });
    expect(find(result, 'training_metrics.mfu.steady.p10')[0]!.points[0]!.value).toBeCloseTo(41.7 * 0.97);
    expect(find(result, 'training_metrics.mfu.steady.p90')[0]!.points[0]!.value).toBeCloseTo(41.7 * 1.03);
    expect(find(result, 'training_metrics.iteration-time.steady.median')).toHaveLength(0);
    expect(find(result, 'training_metrics.iteration_time.steady.median')[0]).toMatchObject({ unit: 'second' });
    expect(find(result, 'training_metrics.mem_max_allocated_bytes.steady.p90')[0]).toMatchObject({ unit: 'byte' });
    // Datadog has no TFLOPs unit: left off rather than guessed.
    expect(find(result, 'training_metrics.tflops.steady.median')[0]!.unit).toBeUndefined();
  });

  it('stamps every point with the submission time in integer seconds', () => {
    const stamps = new Set(result.series.flatMap((s) => s.points.map((p) => p.timestamp)));
    expect([...stamps]).toEqual([Math.floor(NOW / 1000)]);
    expect(Number.isInteger([...stamps][0])).toBe(true);
  });

  it('sends final loss, non-finite count, divergence flag, and every loss sample tagged step:N', () => {
    expect(find(result, 'training_metrics.lm_loss.final')[0]!.points[0]!.value).toBe(1.93);
    expect(find(result, 'training_metrics.lm_loss.nonfinite')[0]!.points[0]!.value).toBe(0);
    expect(find(result, 'training_metrics.lm_loss.diverged')[0]!.points[0]!.value).toBe(0);
    const samples = find(result, 'training_metrics.lm_loss');
    expect(samples).toHaveLength(128);
    expect(samples[0]!.tags).toContain('step:1');
    expect(samples[0]!.points[0]!.value).toBeCloseTo(12.96, 2);
    expect(samples[127]!.tags).toContain('step:12701');
    const steps = find(result, 'training_metrics.lm_loss.step');
    expect(steps.map((s) => s.points[0]!.value)).toEqual(
      samples.map((s) => Number(s.tags.find((t) => t.startsWith('step:'))!.slice(5))),
    );
  });

  it('sends steps, duration, the run verdict and per-metric verdicts (not for insufficient history)', () => {
    expect(find(result, 'training_metrics.run.steps')[0]!.points[0]!.value).toBe(13000);
    expect(find(result, 'training_metrics.run.truncated')[0]!.points[0]!.value).toBe(0);
    expect(find(result, 'training_metrics.run.duration')[0]).toMatchObject({
      unit: 'second',
      points: [{ value: 41_820 }],
    });
    expect(find(result, 'training_metrics.gate.regression')[0]!.points[0]!.value).toBe(1);
    expect(find(result, 'training_metrics.mfu.regression')[0]!.points[0]!.value).toBe(1);
    expect(find(result, 'training_metrics.lm_loss.regression')[0]!.points[0]!.value).toBe(0);
    expect(find(result, 'training_metrics.iteration_time.regression')).toHaveLength(0);
  });

  it('sends a gauge column as its latest value under the DogStatsD gauge name, and nothing for ignored columns', () => {
    expect(find(result, 'training_metrics.learning_rate')[0]!.points[0]!.value).toBe(1.5e-5);
    expect(result.series.some((s) => s.metric.includes('num_zeros'))).toBe(false);
  });

  it('tags every series with the schema tags, the run tags, experiment and run', () => {
    for (const s of result.series) {
      expect(s.tags).toEqual(
        expect.arrayContaining([
          'experiment:gpt3-15b-8t',
          'run:gpt3_15b_tp4_pp2',
          'branch_type:main',
          'workflow_name:train',
          'event:push',
          'team:llm',
          'model:gpt3-15b',
        ]),
      );
    }
  });

  it('with a GitHub context, adds the schema tags as the StatsD route does, over run and user tags', () => {
    const github = {
      ref: 'refs/pull/7/merge',
      eventName: 'pull_request',
      workflow: 'perf',
      defaultBranch: 'main',
      serverUrl: '',
      repository: 'o/r',
      runId: '1',
      sha: '',
      prNumber: 7,
    };
    const r = toDatadogSeries([gptRun()], null, {
      prefix: 'tm',
      tags: { team: 'llm', branch_type: 'spoofed' },
      github,
      now: NOW,
    });
    expect([...r.series[0]!.tags].sort()).toEqual(
      [
        'model:gpt3-15b',
        'run_gpu:h100',
        'team:llm',
        'branch_type:pr',
        'experiment:gpt3-15b-8t',
        'workflow_name:perf',
        'event:pull_request',
        'run:gpt3_15b_tp4_pp2',
      ].sort(),
    );
  });

  it('leaves out no gate gauges when there is no gate result', () => {
    const r = toDatadogSeries([run], null, { prefix: 'training_metrics', tags: TAGS, now: NOW });
    expect(r.series.some((s) => s.metric.endsWith('regression'))).toBe(false);
  });

  it('skips NaN and infinite values instead of sending null, and says which', () => {
    const bad = gptRun();
    bad.metrics[2]!.steady!.median = Number.NaN;
    bad.metrics[0]!.loss!.finalWindow.median = Number.POSITIVE_INFINITY;
    const r = toDatadogSeries([bad], null, { prefix: 'tm', tags: TAGS, now: NOW });
    expect(r.skipped).toEqual(['tm.lm_loss.final (gpt3_15b_tp4_pp2)', 'tm.mfu.steady.median (gpt3_15b_tp4_pp2)']);
    expect(JSON.stringify(r.series)).not.toContain('null');
  });

  it('refuses id-like run names as tags unless allowed', () => {
    const sha = gptRun('3f1c2b9a8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a');
    const r = toDatadogSeries([sha], null, { prefix: 'tm', tags: TAGS, now: NOW });
    expect(r.refused[0]).toMatch(/^run:3f1c2b9a.* looks like a unique id/);
    expect(r.series[0]!.tags.some((t) => t.startsWith('run:'))).toBe(false);
    const allowed = toDatadogSeries([sha], null, { prefix: 'tm', tags: TAGS, now: NOW, allowIdTags: true });
    expect(allowed.series[0]!.tags).toContain('run:3f1c2b9a8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a');
  });
});

describe('toDatadogSeries extra gauges', () => {
  it('sends GPU and cost gauges with the run tags and their own', () => {
    const run = {
      name: 'r',
      experiment: 'e',
      source: 'x.csv',
      tags: {},
      fingerprint: {},
      steps: { count: 1, first: 0, last: 0 },
      truncated: false,
      warnings: [],
      metrics: [],
    };
    const out = toDatadogSeries([run], null, {
      prefix: 'p',
      tags: {},
      now: Date.UTC(2026, 0, 1),
      extraGauges: () => [
        { name: 'gpu.utilization.mean', value: 96, tags: { gpu: '0' } as Record<string, string> },
        { name: 'cost.total', value: 9.96, tags: {} },
      ],
    });
    const util = out.series.find((s) => s.metric === 'p.gpu.utilization.mean')!;
    expect(util.points[0]!.value).toBe(96);
    expect(util.tags).toEqual(expect.arrayContaining(['experiment:e', 'run:r', 'gpu:0']));
    expect(out.series.find((s) => s.metric === 'p.cost.total')!.points[0]!.value).toBe(9.96);
  });
});
