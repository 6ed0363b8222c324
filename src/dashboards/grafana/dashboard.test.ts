import { describe, expect, it } from 'vitest';
import { ezpzRun, megatronRun } from '../../../test/helpers/run-summaries.js';
import { dashboardQueries, grafanaDashboard, rowOf, type GrafanaDashboard } from './dashboard.js';

const metrics = [...ezpzRun('e').metrics, ...megatronRun('e').metrics];

function rows(d: GrafanaDashboard): string[] {
  return d.panels.filter((p) => p.type === 'row').map((p) => p.title);
}

describe('grafanaDashboard', () => {
  const pg = grafanaDashboard(metrics, { prefix: 'training_metrics', source: 'pushgateway' });

  it('is ready for file provisioning: a datasource variable, no ${DS_…} placeholders', () => {
    const text = JSON.stringify(pg);
    expect(text).not.toMatch(/\$\{DS_/);
    expect(text).not.toMatch(/__inputs/);
    expect(pg.templating.list.map((v) => v.name)).toEqual(['datasource', 'experiment', 'branch_type']);
    for (const p of pg.panels.filter((x) => x.type !== 'row'))
      expect(p.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
    const fixed = grafanaDashboard(metrics, {
      prefix: 'training_metrics',
      source: 'pushgateway',
      datasourceUid: 'prom-main',
    });
    expect(fixed.templating.list.map((v) => v.name)).toEqual(['experiment', 'branch_type']);
    expect(JSON.stringify(fixed)).not.toContain('${datasource}');
  });

  it('selects experiment and branch_type with label_values queries', () => {
    const [, experiment, branch] = pg.templating.list;
    expect(experiment!.query).toEqual({
      query: 'label_values(training_metrics_run_steps, experiment)',
      refId: 'experiment-query',
    });
    expect(branch!.definition).toBe('label_values(training_metrics_run_steps{experiment=~"$experiment"}, branch_type)');
    expect(experiment).toMatchObject({ multi: true, includeAll: true, allValue: '.*' });
  });

  it('has the rows of the columns present, then gate verdicts and runs', () => {
    expect(rows(pg)).toEqual([
      'MFU and throughput',
      'Loss',
      'Step time',
      'Memory',
      'GPU',
      'Other',
      'Gate verdicts',
      'Runs',
    ]);
    expect(
      rows(grafanaDashboard(megatronRun('e').metrics, { prefix: 'tm', source: 'pushgateway', gate: false })),
    ).toEqual(['Loss', 'Step time', 'Memory', 'Other', 'Runs']);
  });

  it('queries the Pushgateway names with quantile labels and the template variables', () => {
    const mfu = pg.panels.find((p) => p.title === 'MFU')!;
    expect(mfu.fieldConfig!.defaults.unit).toBe('percentunit');
    expect(mfu.targets!.map((t) => t.expr)).toEqual([
      'training_metrics_mfu_ratio{quantile="0.5", experiment=~"$experiment", branch_type=~"$branch_type"}',
      'training_metrics_mfu_ratio{quantile="0.1", experiment=~"$experiment", branch_type=~"$branch_type"}',
      'training_metrics_mfu_ratio{quantile="0.9", experiment=~"$experiment", branch_type=~"$branch_type"}',
    ]);
    expect(pg.panels.find((p) => p.title === 'lm loss')!.targets!.at(-1)!.expr).toBe(
      'training_metrics_lm_loss_final{experiment=~"$experiment", branch_type=~"$branch_type"}',
    );
    expect(pg.panels.find((p) => p.title === 'memory.max_allocated [MiB]')!.fieldConfig!.defaults.unit).toBe('bytes');
  });

  it('lays panels out without overlap and with unique ids', () => {
    const ids = pg.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Set<string>();
    for (const p of pg.panels) {
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++) {
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
          const cell = `${x},${y}`;
          expect(cells.has(cell), `${p.title} overlaps at ${cell}`).toBe(false);
          cells.add(cell);
        }
      }
    }
  });

  it('shows statsd_exporter levels from the exact level gauges, distributions from histograms, and only the regression flag from the gate', () => {
    const se = grafanaDashboard(metrics, { prefix: 'training_metrics', source: 'statsd-exporter', datasourceUid: 'p' });
    expect(rows(se).slice(-2)).toEqual(['Gate verdicts', 'Runs']);
    expect(se.panels.find((p) => p.title === 'Runs with a regression')!.targets![0]!.expr).toBe(
      'training_metrics_gate_regression{experiment=~"$experiment", branch_type=~"$branch_type"}',
    );
    expect(se.panels.some((p) => p.title === 'Verdict per metric')).toBe(false);
    expect(se.templating.list.map((v) => v.name)).toEqual(['experiment', 'branch_type', 'window']);
    const sel = 'experiment=~"$experiment", branch_type=~"$branch_type"';
    // A run's level: the steady state the gate judges, sent as gauges, never read off buckets.
    const level = se.panels.find((p) => p.title === 'step_time_ms')!;
    expect(level.targets!.map((t) => t.expr)).toEqual(
      ['0.5', '0.1', '0.9'].map((q) => `training_metrics_step_time_seconds_steady{quantile="${q}", ${sel}}`),
    );
    expect(
      se.panels.some((p) => p.targets?.some((t) => /histogram_quantile/.test(t.expr)) && p.title === 'step_time_ms'),
    ).toBe(false);
    // The increase where the count rose in $window, else the cumulative buckets (a first run's series).
    const step = se.panels.find((p) => p.title === 'step_time_ms (distribution)')!;
    expect(step.description).toMatch(/not a run's level/);
    expect(step.targets![0]!.expr).toBe(
      `histogram_quantile(0.5, sum by (le, experiment, branch_type) ((increase(training_metrics_step_time_seconds_bucket{${sel}}[$window]) and ignoring (le) (increase(training_metrics_step_time_seconds_count{${sel}}[$window]) > 0)) or training_metrics_step_time_seconds_bucket{${sel}}))`,
    );
    expect(se.panels.find((p) => p.title === 'lm loss')!.targets!.map((t) => t.expr)).toEqual([
      ...['0.5', '0.1', '0.9'].map((q) => `training_metrics_lm_loss_steady{quantile="${q}", ${sel}}`),
      `training_metrics_lm_loss_final{${sel}}`,
      `training_metrics_lm_loss{${sel}}`,
    ]);
    expect(() => grafanaDashboard([], { prefix: 'tm', source: 'statsd-exporter' })).toThrow(/needs the metric columns/);
  });

  it('adds per-device GPU and cost panels on request', () => {
    const withGpu = grafanaDashboard(megatronRun('e').metrics, {
      prefix: 'training_metrics',
      source: 'pushgateway',
      gpu: true,
    });
    expect(rows(withGpu)).toContain('GPU');
    const util = withGpu.panels.find((p) => p.title === 'GPU utilisation per device (mean)')!;
    expect(util.targets![0]).toMatchObject({
      expr: 'training_metrics_gpu_util_mean_ratio{experiment=~"$experiment", branch_type=~"$branch_type"}',
      legendFormat: '{{run}} GPU {{gpu}}',
    });
    expect(withGpu.panels.find((p) => p.title === 'GPU time of the run')!.targets![0]!.expr).toMatch(
      /^training_metrics_cost_gpu_seconds\{/,
    );
  });

  it('without columns, matches names by pattern (Pushgateway)', () => {
    const generic = grafanaDashboard([], { prefix: 'training_metrics', source: 'pushgateway' });
    expect(rows(generic)).toEqual([
      'MFU and throughput',
      'Loss',
      'Step time',
      'Memory',
      'GPU',
      'Gate verdicts',
      'Runs',
    ]);
    expect(dashboardQueries(generic).length).toBeGreaterThan(10);
  });
});

describe('run panels', () => {
  it('estimate the duration from steps × the median step time where the manifest gave none, and drop it without a timer', () => {
    const pg = grafanaDashboard(megatronRun('e').metrics, { prefix: 'tm', source: 'pushgateway' });
    const duration = pg.panels.find((p) => p.title === 'Duration')!;
    expect(duration.targets![0]!.expr).toBe(
      'tm_run_duration_seconds{experiment=~"$experiment", branch_type=~"$branch_type"} or (max without (quantile) (tm_iteration_time_seconds{quantile="0.5", experiment=~"$experiment", branch_type=~"$branch_type"}) * tm_run_steps{experiment=~"$experiment", branch_type=~"$branch_type"})',
    );
    const noTimer = ezpzRun('e').metrics.filter((m) => m.class.kind !== 'timer');
    const without = grafanaDashboard(noTimer, { prefix: 'tm', source: 'pushgateway' });
    expect(without.panels.some((p) => p.title === 'Duration')).toBe(false);
    expect(without.panels.some((p) => p.title === 'Steps')).toBe(true);
  });

  it('match the plain tokens_per_second name in the pattern-based throughput panel', () => {
    const generic = grafanaDashboard([], { prefix: 'training_metrics', source: 'pushgateway' });
    const expr = generic.panels.find((p) => p.title === 'Throughput (median)')!.targets![0]!.expr;
    const pattern = new RegExp(`^(?:${/__name__=~"([^"]+)"/.exec(expr)![1]})$`);
    expect(pattern.test('training_metrics_tokens_per_second')).toBe(true);
    expect(pattern.test('training_metrics_throughput_tokens_per_second')).toBe(true);
    expect(pattern.test('training_metrics_mfu_ratio')).toBe(false);
  });
});

describe('rowOf', () => {
  it('puts GPU telemetry, memory, step time and throughput on their rows', () => {
    expect(rowOf({ name: 'gpu.utilization', class: { kind: 'window', unit: 'percent' } })).toBe('GPU');
    expect(rowOf({ name: 'iteration-time', class: { kind: 'window', unit: 'seconds' } })).toBe('Step time');
    expect(rowOf({ name: 'mem-allocated-bytes', class: { kind: 'window', unit: 'bytes' } })).toBe('Memory');
    expect(rowOf({ name: 'throughput_tokens_per_sec', class: { kind: 'window', unit: 'tokens_per_second' } })).toBe(
      'MFU and throughput',
    );
    expect(rowOf({ name: 'timestamp', class: { kind: 'ignore', unit: '' } })).toBeNull();
  });
});

describe('the traces of the runs, with a Tempo datasource', () => {
  const plain = grafanaDashboard([], { prefix: 'training_metrics', source: 'pushgateway' });
  const traced = grafanaDashboard([], { prefix: 'training_metrics', source: 'pushgateway', tempoUid: 'tempo-1' });

  it('is off unless asked: no Traces row, no links', () => {
    expect(plain.panels.some((p) => p.title === 'Traces')).toBe(false);
    expect(JSON.stringify(plain)).not.toContain('tempo');
  });

  it('adds a TraceQL search of the training run spans for the experiments picked, and links every series to them', () => {
    const table = traced.panels.find((p) => p.title === 'Training runs (traces)')!;
    expect(table.datasource).toEqual({ type: 'tempo', uid: 'tempo-1' });
    const target = table.targets![0] as unknown as { queryType: string; query: string };
    expect(target.queryType).toBe('traceql');
    expect(target.query).toBe('{ name = "training run" && span.training.experiment =~ "${experiment:regex}" }');
    const series = traced.panels.filter((p) => p.type === 'timeseries');
    expect(series.length).toBeGreaterThan(0);
    for (const p of series) {
      const link = p.fieldConfig!.defaults.links![0]!;
      expect(link.url).toMatch(/^\/explore\?schemaVersion=1&panes=/);
      expect(link.url).toContain('${__field.labels.experiment:percentencode}');
      const search = new URLSearchParams(
        link.url.split('?')[1]!.replace('${__field.labels.experiment:percentencode}', 'E'),
      );
      const panes = JSON.parse(search.get('panes')!);
      expect(panes.t.queries[0].query).toBe('{ name = "training run" && span.training.experiment = "E" }');
      expect(panes.t.range).toEqual({ from: '${__from}', to: '${__to}' });
    }
    // The PromQL checks see no TraceQL.
    expect(dashboardQueries(traced).every((q) => !q.expr.includes('training run'))).toBe(true);
  });
});
