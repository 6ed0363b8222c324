import { describe, expect, it } from 'vitest';
import type { GitHubContext } from '../../options.js';
import {
  CLASSES,
  ezpzRun,
  gateFor,
  megatronRun,
  metricSummary,
  runSummary,
} from '../../../test/helpers/run-summaries.js';
import { toPrometheusSamples, VERDICTS, type PrometheusSamplesOptions } from './samples.js';

const github: GitHubContext = {
  ref: 'refs/pull/12/merge',
  eventName: 'pull_request',
  workflow: 'train',
  defaultBranch: 'main',
  serverUrl: 'https://github.com',
  repository: 'o/r',
  runId: '1',
  sha: 'a'.repeat(40),
  prNumber: 12,
};
const options: PrometheusSamplesOptions = {
  prefix: 'training_metrics',
  tags: { team: 'llm' },
  allowIdTags: false,
  github,
};

const family = (groups: ReturnType<typeof toPrometheusSamples>['groups'], name: string) =>
  groups.flatMap((g) => g.families).find((f) => f.name === name);

describe('toPrometheusSamples', () => {
  it('groups by experiment and pushes steady-state quantiles in base units', () => {
    const run = ezpzRun('perlmutter/agpt-2b');
    const { groups, warnings } = toPrometheusSamples([run], null, options);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.job).toBe('training_metrics');
    expect(groups[0]!.grouping).toEqual({ experiment: 'perlmutter/agpt-2b' });
    const mfu = family(groups, 'training_metrics_mfu_ratio')!;
    // Real file: MFU 2.32, 4.467, 4.636 % → median 4.467 % = 0.04467.
    expect(mfu.samples.find((s) => s.labels.quantile === '0.5')!.value).toBeCloseTo(0.04467, 10);
    expect(mfu.samples.map((s) => s.labels.quantile)).toEqual(['0.1', '0.5', '0.9']);
    const { quantile: _q, ...labels } = mfu.samples[0]!.labels;
    expect(labels).toMatchObject({
      run: 'agpt-2b/bs2',
      branch_type: 'pr',
      event: 'pull_request',
      workflow_name: 'train',
      team: 'llm',
      nodes: '2',
    });
    expect(labels).not.toHaveProperty('experiment');
    expect(family(groups, 'training_metrics_memory_max_allocated_bytes')!.samples[1]!.value).toBe(41_216 * 1024 * 1024);
    expect(family(groups, 'training_metrics_step_time_seconds')!.samples[1]!.value).toBeCloseTo(2.85155, 6);
    expect(family(groups, 'training_metrics_flops_per_second')!.samples[1]!.value).toBeCloseTo(13.937e12, 0);
    expect(family(groups, 'training_metrics_learning_rate')!.samples).toEqual([{ labels, value: 2.8e-4 }]);
    expect(family(groups, 'training_metrics_train_lm_loss_final')!.samples).toHaveLength(1);
    expect(family(groups, 'training_metrics_run_steps')!.samples[0]!.value).toBe(3);
    expect(family(groups, 'training_metrics_gate_regression')).toBeUndefined();
    expect(warnings).toEqual([]);
    for (const f of groups[0]!.families) expect(f.name).not.toMatch(/_total$/);
  });

  it('adds gate verdicts as a state set, the regression flag and the change', () => {
    const run = megatronRun('gpt3');
    const { groups } = toPrometheusSamples([run], [gateFor(run, ['iteration-time'])], options);
    expect(family(groups, 'training_metrics_gate_regression')!.samples[0]!.value).toBe(1);
    const verdicts = family(groups, 'training_metrics_gate_verdict')!.samples.filter(
      (s) => s.labels.metric === 'iteration_time',
    );
    expect(verdicts.map((s) => s.labels.verdict)).toEqual([...VERDICTS]);
    expect(verdicts.filter((s) => s.value === 1).map((s) => s.labels.verdict)).toEqual(['regression']);
    expect(family(groups, 'training_metrics_gate_change_ratio')!.samples.length).toBeGreaterThan(0);
    expect(family(groups, 'training_metrics_run_duration_seconds')!.samples[0]!.value).toBe(19_820);
    // The last step reached (as the StatsD route's run.steps), not the number of rows.
    expect(family(groups, 'training_metrics_run_steps')!.samples[0]!.value).toBe(13_000);
  });

  it('keeps one group per experiment and labels each run', () => {
    const a = megatronRun('exp a');
    const b = { ...megatronRun('exp a'), name: 'second' };
    const c = megatronRun('exp-b');
    const { groups } = toPrometheusSamples([a, b, c], null, options);
    expect(groups.map((g) => g.grouping.experiment)).toEqual(['exp_a', 'exp-b']);
    expect(family([groups[0]!], 'training_metrics_run_steps')!.samples.map((s) => s.labels.run)).toEqual([
      'gpt3-15b-8t',
      'second',
    ]);
  });

  it('bounds labels: id-like tags and run names are refused, reserved labels dropped, duplicates renamed', () => {
    const steps = [1, 2, 3];
    const loss = metricSummary('loss', CLASSES.loss, steps, [3, 2, 1]);
    const runs = [
      runSummary('0123456789abcdef0123456789abcdef01234567', 'e', steps, [loss], {
        tags: { commit: 'deadbeef12', job: 'x', quantile: 'y' },
      }),
      runSummary('same', 'e', steps, [loss]),
      runSummary('same', 'e', steps, [loss]),
    ];
    const { groups, warnings } = toPrometheusSamples(runs, null, options);
    const samples = family(groups, 'training_metrics_run_steps')!.samples;
    expect(samples.map((s) => s.labels.run)).toEqual(['run-1', 'same', 'same-3']);
    expect(samples[0]!.labels).not.toHaveProperty('commit');
    expect(samples[0]!.labels).not.toHaveProperty('job');
    const { refused } = toPrometheusSamples(runs, null, options);
    expect(refused).toEqual([
      'commit:deadbeef12 looks like a unique id (one series per run); pass allow-id-tags to keep it',
    ]);
    expect(warnings.join('\n')).not.toMatch(/deadbeef12/);
    expect(warnings.join('\n')).toMatch(/label job is reserved/);
    expect(warnings.join('\n')).toMatch(/two runs labelled run="same"/);
    const kept = toPrometheusSamples(runs.slice(0, 1), null, { ...options, allowIdTags: true });
    expect(family(kept.groups, 'training_metrics_run_steps')!.samples[0]!.labels).toMatchObject({
      commit: 'deadbeef12',
      run: runs[0]!.name,
    });
  });

  it('refuses a second column that maps onto a name already taken, with a warning', () => {
    const steps = [1, 2];
    const run = runSummary('r', 'e', steps, [
      metricSummary('step_time_ms', CLASSES.timerMs, steps, [1000, 2000]),
      metricSummary('step_time_s', CLASSES.timerSeconds, steps, [1, 2]),
      metricSummary('skip me', CLASSES.ignore, steps, [1, 2]),
    ]);
    const { groups, warnings } = toPrometheusSamples([run], null, options);
    expect(family(groups, 'training_metrics_step_time_seconds')!.samples[1]!.value).toBe(1.5);
    expect(warnings).toEqual([
      'pushgateway: column "step_time_s" maps to training_metrics_step_time_seconds, which another column already uses; not pushed',
    ]);
    expect(family(groups, 'training_metrics_skip_me')).toBeUndefined();
  });

  it('pushes extra gauges (GPU telemetry per device, cost) with the run labels and their own', () => {
    const runs = [megatronRun('a'), megatronRun('b')];
    const { groups } = toPrometheusSamples(runs, null, {
      ...options,
      extraGauges: (run, i) => [
        { name: 'cost.gpu_hours', value: run.experiment === 'a' ? 2 : 3, unit: 'hours', tags: {} },
        ...(i === 0
          ? [0, 1].map((gpu) => ({
              name: 'gpu.util.mean',
              value: 90 + gpu,
              unit: 'percent',
              tags: { gpu: String(gpu) },
            }))
          : []),
      ],
    });
    expect(family([groups[0]!], 'training_metrics_cost_gpu_seconds')!.samples[0]!.value).toBe(7200);
    expect(family([groups[1]!], 'training_metrics_cost_gpu_seconds')!.samples[0]!.value).toBe(10800);
    const util = family([groups[0]!], 'training_metrics_gpu_util_mean_ratio')!;
    expect(util.samples.map((s) => [s.labels.gpu, s.labels.run, s.value])).toEqual([
      ['0', 'gpt3-15b-8t', 0.9],
      ['1', 'gpt3-15b-8t', 0.91],
    ]);
    expect(family([groups[1]!], 'training_metrics_gpu_util_mean_ratio')).toBeUndefined();
  });
});
