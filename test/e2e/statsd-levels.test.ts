/**
 * A run's level on the statsd_exporter dashboards is exact: the demo run and a copy 8 % slower go from the
 * CLI into a statsd_exporter (the loopback STAND-IN following its documented rules, and the real binary too
 * where STATSD_EXPORTER=/path/to/statsd_exporter names one) loaded with the generated mapping; Debian's real
 * Prometheus scrapes it, and every level panel of the generated dashboard gives the report's steady-state
 * median, p10 and p90 within 1 %, and the change between the runs as the report's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runColumns } from '../../src/cli/run-columns.js';
import { mappingStatsdExporter } from '../../src/cli/commands/mapping-statsd-exporter.js';
import { loadConfig } from '../../src/config/index.js';
import { type GrafanaDashboard, grafanaDashboard } from '../../src/dashboards/grafana/dashboard.js';
import { prometheusMetricName } from '../../src/naming/prometheus.js';
import { runCli } from '../helpers/cli.js';
import { requireProgram } from '../helpers/programs.js';
import { instantQuery, startPrometheus, waitFor, type Server } from '../helpers/prometheus-servers.js';
import { startStatsdExporter } from '../helpers/statsd-exporter-binary.js';
import { startStatsdExporterStandIn } from '../helpers/statsd-exporter-stand-in.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const prometheus = requireProgram('Prometheus', '/usr/bin/prometheus', 'prometheus');
const DEMO = ['fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv'];

const cli = (args: string[]) => runCli(args, {}, process.cwd(), SOURCE_CLI);

interface Exporter {
  statsdPort: number;
  metricsUrl: string;
  stop(): Promise<void>;
}

const kinds: { name: string; start: (mappingFile: string, mapping: string) => Promise<Exporter> }[] = [
  { name: 'the statsd_exporter stand-in', start: (_file, mapping) => startStatsdExporterStandIn(mapping) },
];
if (process.env.STATSD_EXPORTER) {
  const bin = process.env.STATSD_EXPORTER;
  kinds.push({ name: `the real statsd_exporter (${bin})`, start: (file) => startStatsdExporter(bin, file) });
}

describe.skipIf(!prometheus).each(kinds)('StatsD levels through $name and Debian Prometheus', ({ start }) => {
  let exporter: Exporter;
  let prom: Server;
  let dir: string;
  let dashboard: GrafanaDashboard;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tmg-statsd-levels-'));
    const mapping = await mappingStatsdExporter(DEMO.flatMap((f) => ['--csv', f]));
    const mappingFile = join(dir, 'mapping.yml');
    writeFileSync(mappingFile, mapping);
    exporter = await start(mappingFile, mapping);
    prom = await startPrometheus(prometheus!, [new URL(exporter.metricsUrl).host]);
    const columns = await runColumns(DEMO, await loadConfig(null));
    dashboard = grafanaDashboard(columns, { prefix: 'training_metrics', source: 'statsd-exporter', gpu: false });
  });

  afterAll(async () => {
    await prom?.stop();
    await exporter?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("shows each run's level as the report gives it, within 1 %, on two runs 8 % apart", async () => {
    // The demo run, and a copy 8 % slower: step time × 1.08, throughput and FLOP/s × 0.92.
    const [header, ...rows] = readFileSync(DEMO[0]!, 'utf8').trim().split('\n');
    const cols = header!.split(',');
    const scale: Record<string, number> = { step_time: 1.08, tokens_per_sec: 0.92, Tflops: 0.92 };
    const slower = join(dir, 'slower.csv');
    writeFileSync(
      slower,
      `${[
        header,
        ...rows.map((r) =>
          r
            .split(',')
            .map((v, i) => (scale[cols[i]!] && v ? String(Number(v) * scale[cols[i]!]!) : v))
            .join(','),
        ),
      ].join('\n')}\n`,
    );
    const statsd = ['--statsd-host', '127.0.0.1', '--statsd-port', String(exporter.statsdPort)];
    const reports: Record<
      string,
      {
        metrics: {
          name: string;
          class: { kind: string; unit: string };
          steady: { median: number; p10: number; p90: number } | null;
          loss?: { finalWindow: { median: number } };
        }[];
      }
    > = {};
    for (const [experiment, file] of [
      ['level-base', DEMO[0]!],
      ['level-slower', slower],
    ] as const) {
      const json = join(dir, `${experiment}.json`);
      const r = await cli(['emit', '--csv', file, '--experiment', experiment, '--json', json, ...statsd]);
      expect(r.code, r.stderr).toBe(0);
      reports[experiment] = JSON.parse(readFileSync(json, 'utf8')).runs[0];
    }
    await waitFor(
      'both runs in Prometheus',
      async () => (await instantQuery(prom.url, 'training_metrics_run_steps{experiment=~"level-.*"}')).length === 2,
      60_000,
      500,
    );
    /** The dashboard's level panel of a column, its median target, for one experiment. */
    const shown = async (column: string, experiment: string, quantile: string): Promise<number> => {
      const panel = dashboard.panels.find((p) => p.title === column)!;
      const target = panel.targets!.find((t) => t.expr.includes(`quantile="${quantile}"`))!;
      const expr = target.expr.replaceAll('$experiment', experiment).replaceAll('$branch_type', '.*');
      // A family may be scraped a moment after another: wait for this one's series.
      let result: Awaited<ReturnType<typeof instantQuery>> = [];
      await waitFor(
        expr,
        async () => {
          result = await instantQuery(prom.url, expr);
          return result.length > 0;
        },
        60_000,
        250,
      );
      expect(result, expr).toHaveLength(1);
      return Number(result[0]!.value[1]);
    };
    const checked: string[] = [];
    for (const m of reports['level-base']!.metrics) {
      if (!m.steady || m.class.kind === 'gauge' || m.class.kind === 'ignore') continue;
      // Sent in the unit of its Prometheus name: the report's value × the base-unit factor.
      const unit = prometheusMetricName('', m.name, m.class.unit).factor;
      for (const experiment of ['level-base', 'level-slower']) {
        const reported = reports[experiment]!.metrics.find((x) => x.name === m.name)!.steady!;
        for (const [q, stat] of [
          ['0.5', 'median'],
          ['0.1', 'p10'],
          ['0.9', 'p90'],
        ] as const) {
          const value = await shown(m.name, experiment, q);
          expect(Math.abs(value / (reported[stat] * unit) - 1), `${m.name} ${stat} (${experiment})`).toBeLessThan(0.01);
        }
      }
      checked.push(m.name);
    }
    expect(checked).toEqual(expect.arrayContaining(['step_time', 'tokens_per_sec', 'Tflops', 'MFU', 'train.lm_loss']));
    // The change the dashboard shows between the two runs is the report's: +8 % step time, −8 % throughput.
    for (const [column, change] of [
      ['step_time', 0.08],
      ['tokens_per_sec', -0.08],
      ['Tflops', -0.08],
    ] as const) {
      const ratio = (await shown(column, 'level-slower', '0.5')) / (await shown(column, 'level-base', '0.5'));
      expect(Math.abs(ratio - 1 - change), column).toBeLessThan(0.01 * 0.08 + 1e-9);
    }
  }, 180_000); // two CLI runs and a scrape per query, each wait bounded by its own deadline
});
