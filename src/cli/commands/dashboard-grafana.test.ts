import { describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import { dashboardGrafana } from './dashboard-grafana.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';

describe('dashboard grafana', () => {
  it('prints a Grafana dashboard for either source', async () => {
    const pg = JSON.parse(await dashboardGrafana(['--csv', DEMO, '--datasource-uid', 'prom'], {}));
    expect(pg.panels.find((p: { title: string }) => p.title === 'MFU').targets[0].expr).toContain(
      'training_metrics_mfu_ratio{quantile="0.5"',
    );
    expect(JSON.stringify(pg)).not.toContain('${datasource}');
    const se = JSON.parse(await dashboardGrafana(['--source', 'statsd-exporter', '--csv', DEMO, '--no-gate'], {}));
    expect(se.panels.map((p: { title: string }) => p.title)).not.toContain('Gate verdicts');
    await expect(dashboardGrafana(['--source', 'statsd-exporter'], {})).rejects.toThrow(/needs --csv FILE/);
    await expect(dashboardGrafana(['--source', 'influx'], {})).rejects.toThrow(/--source must be/);
    await expect(dashboardGrafana(['--bogus'], {})).rejects.toBeInstanceOf(InputError);
    await expect(dashboardGrafana(['--csv', 'no/such/file.csv'], {})).rejects.toThrow();
  });
});
