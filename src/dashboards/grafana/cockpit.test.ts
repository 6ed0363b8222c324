import { describe, expect, it } from 'vitest';
import { dashboardGrafana } from '../../cli/commands/dashboard-grafana.js';
import { InputError } from '../../model.js';
import { cockpitDashboard, cockpitQueries, type CockpitDashboard } from './cockpit.js';

/** The live /metrics names of watch, as the watch contract fixes them. */
const CONTRACT = [
  'training_metrics_watch_step',
  'training_metrics_watch_steps_per_second',
  'training_metrics_watch_loss',
  'training_metrics_watch_loss_smoothed',
  'training_metrics_watch_value',
  'training_metrics_watch_nan_detected_total',
  'training_metrics_watch_diverged',
  'training_metrics_watch_seconds_since_last_step',
  'training_metrics_watch_ranks_active',
  'training_metrics_watch_gpu_utilization_ratio',
  'training_metrics_watch_gpu_memory_used_bytes',
  'training_metrics_watch_gpu_power_watts',
  'training_metrics_watch_gpu_temperature_celsius',
  'training_metrics_watch_aborted',
];

const panelsOf = (d: CockpitDashboard) => d.panels.filter((p) => p.type !== 'row');

describe('cockpitDashboard (dashboard grafana --source watch)', () => {
  const d = cockpitDashboard({});

  it('queries every series of the watch contract, each in a panel of its own', () => {
    const names = panelsOf(d).flatMap((p) => p.targets!.map((t) => /^[a-z_]+/.exec(t.expr)![0]));
    expect([...new Set(names)].sort()).toEqual([...CONTRACT].sort());
    // The loss panel carries both the last and the smoothed loss; every other series has one panel.
    expect(names).toHaveLength(CONTRACT.length);
  });

  it('selects experiment and run in every panel and repeats the window panel per metric', () => {
    for (const p of panelsOf(d))
      for (const t of p.targets!) expect(t.expr).toContain('experiment=~"$experiment", run=~"$run"');
    expect(d.templating.list.map((v) => v.name)).toEqual(['datasource', 'experiment', 'run', 'metric']);
    const window = panelsOf(d).find((p) => p.repeat === 'metric')!;
    expect(window.targets![0]!.expr).toBe(
      'training_metrics_watch_value{experiment=~"$experiment", run=~"$run", metric=~"$metric"}',
    );
    expect(window.title).toBe('$metric');
    expect(d.templating.list[3]!.definition).toBe(
      'label_values(training_metrics_watch_value{experiment=~"$experiment", run=~"$run"}, metric)',
    );
  });

  it('refreshes live, lays panels out inside the 24-column grid, and takes a fixed datasource', () => {
    expect(d.refresh).toBe('5s');
    for (const p of d.panels) expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
    const ids = d.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const fixed = cockpitDashboard({ datasourceUid: 'prom' });
    expect(fixed.templating.list.map((v) => v.name)).toEqual(['experiment', 'run', 'metric']);
    expect(JSON.stringify(fixed)).not.toContain('${datasource}');
    expect(cockpitQueries(fixed)).toHaveLength(CONTRACT.length + 3);
  });

  it('is what `dashboard grafana --source watch` prints, with --title and --uid', async () => {
    const printed = JSON.parse(
      await dashboardGrafana(['--source', 'watch', '--datasource-uid', 'p', '--title', 'Cockpit', '--uid', 'c'], {}),
    ) as CockpitDashboard;
    expect(printed).toEqual(cockpitDashboard({ datasourceUid: 'p', title: 'Cockpit', uid: 'c' }));
    // Its series names are fixed: a prefix or the run's columns would only mislead.
    await expect(dashboardGrafana(['--source', 'watch', '--prefix', 'daily'], {})).rejects.toThrow(
      /--prefix does not apply to --source watch/,
    );
    await expect(dashboardGrafana(['--source', 'watch', '--csv', 'x.csv'], {})).rejects.toBeInstanceOf(InputError);
    await expect(dashboardGrafana(['--source', 'watchh'], {})).rejects.toThrow(/pushgateway, statsd-exporter or watch/);
  });
});
