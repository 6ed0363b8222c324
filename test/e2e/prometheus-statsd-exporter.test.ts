/**
 * The StatsD route to Prometheus: the CLI (from source, real child processes) sends real files' runs over
 * UDP to a loopback statsd_exporter STAND-IN (test/helpers/statsd-exporter-stand-in.ts: the exporter's
 * documented rules, since no real exporter can run here) loaded with the generated mapping; Debian's real
 * Prometheus scrapes it every second, and every panel of the generated statsd_exporter dashboard (gate and
 * GPU rows included) must return data after the first run and after the second. Each run's level on the
 * dashboard is the report's steady state within 1 %, on two runs 8 % apart.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runColumns } from '../../src/cli/run-columns.js';
import { mappingStatsdExporter } from '../../src/cli/commands/mapping-statsd-exporter.js';
import { loadConfig } from '../../src/config/index.js';
import { type GrafanaDashboard, grafanaDashboard } from '../../src/dashboards/grafana/dashboard.js';
import { openTable } from '../../src/ingest/index.js';
import { prometheusMetricName } from '../../src/naming/prometheus.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { emptyPanelQueries } from '../helpers/dashboard-queries.js';
import { requireProgram } from '../helpers/programs.js';
import { instantQuery, startPrometheus, waitFor, type Server } from '../helpers/prometheus-servers.js';
import { type StatsdExporterStandIn, startStatsdExporterStandIn } from '../helpers/statsd-exporter-stand-in.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const prometheus = requireProgram('Prometheus', '/usr/bin/prometheus', 'prometheus');

/** Per-step files as their trainers wrote them (real headers), and the demo batch. */
const REAL = [
  'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv',
  'fixtures/real/algoperf_measurements_global_step_accumulated_criteo1tb.csv',
  'fixtures/real/lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv',
  'fixtures/real/lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv',
];
const MANIFEST = 'fixtures/demo/experiment_metadata.jsonl';
const DEMO = ['gpt3-1.3b-tp1', 'gpt3-7b-tp2', 'llama3-8b-tp4'].map((r) => `fixtures/demo/${r}/metrics_rank_0.csv`);
const GPU = ['--gpu-csv', 'fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv'];
const PRICE = ['--gpu-price', '{ "H100": 2.49 }'];
const ENV = { GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_NAME: 'schedule', GITHUB_WORKFLOW: 'nightly' };

function cli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [SOURCE_CLI, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...ENV },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((done) => child.on('close', (code) => done({ code, stderr })));
}

const sum = async (url: string, q: string) =>
  (await instantQuery(url, `sum(${q})`)).reduce((s, r) => s + Number(r.value[1]), 0);

describe.skipIf(!prometheus)('StatsD route: CLI → statsd_exporter stand-in → Debian Prometheus → dashboard', () => {
  let exporter: StatsdExporterStandIn;
  let prom: Server;
  let dir: string;
  let dashboard: GrafanaDashboard;
  const history = (name: string) => join(dir, `${name}.json`);

  /** One CI run of every job: the demo batch (cost), the real files (gate), one run with a GPU capture. */
  async function sendRun(): Promise<void> {
    const statsd = ['--statsd-host', '127.0.0.1', '--statsd-port', String(exporter.statsdPort)];
    const results = await Promise.all([
      cli(['check', '--metadata', MANIFEST, '--history', history('demo'), ...GPU, ...PRICE, ...statsd]),
      cli([
        'check',
        ...REAL.flatMap((f) => ['--csv', f]),
        '--experiment',
        'real',
        '--history',
        history('real'),
        ...statsd,
      ]),
      cli(['emit', '--csv', REAL[0]!, '--experiment', 'real-gpu', ...GPU, ...statsd]),
    ]);
    // 1 is a verdict (the gate found a regression), not a failure to send.
    for (const r of results) expect([0, 1], r.stderr).toContain(r.code);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tmg-statsd-route-'));
    const files = [...DEMO, ...REAL];
    exporter = await startStatsdExporterStandIn(await mappingStatsdExporter(files.flatMap((f) => ['--csv', f])));
    prom = await startPrometheus(prometheus!, [new URL(exporter.metricsUrl).host]);
    // A history for the gate (recorded without StatsD), so the runs the exporter sees are judged.
    for (const r of await Promise.all([
      cli(['record', '--metadata', MANIFEST, '--history', history('demo')]),
      cli(['record', ...REAL.flatMap((f) => ['--csv', f]), '--experiment', 'real', '--history', history('real')]),
    ]))
      expect(r.code, r.stderr).toBe(0);
    const columns = await runColumns(files, await loadConfig(null));
    dashboard = grafanaDashboard(columns, { prefix: 'training_metrics', source: 'statsd-exporter', gpu: true });
  });

  afterAll(async () => {
    await prom?.stop();
    await exporter?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every panel after the first run, with clean names and labels and nothing unmapped', async () => {
    await sendRun();
    await waitFor(
      'the first run in Prometheus',
      async () => (await instantQuery(prom.url, 'training_metrics_run_steps')).length === DEMO.length + REAL.length + 1,
      60_000,
      500,
    );
    expect(exporter.stats).toMatchObject({ unmapped: 0, conflicts: 0, malformed: 0 });
    expect(dashboard.panels.some((p) => p.title === 'GPU utilisation per device (mean)')).toBe(true);
    expect(dashboard.panels.some((p) => p.title === 'Runs with a regression')).toBe(true);
    expect(await emptyPanelQueries(prom.url, dashboard)).toEqual([]);
    // One series per run label set: the per-step and per-window tags are blanked by the mapping.
    expect(await instantQuery(prom.url, '{__name__=~"training_metrics_.+", step!=""}')).toEqual([]);
    expect(await instantQuery(prom.url, '{__name__=~"training_metrics_.+", steps!=""}')).toEqual([]);
    const [lossSeries] = await instantQuery(prom.url, 'training_metrics_lm_loss{experiment="real"}');
    expect(Object.keys(lossSeries!.metric).sort()).toEqual(
      ['__name__', 'branch_type', 'event', 'experiment', 'instance', 'job', 'run', 'workflow_name'].sort(),
    );
    expect(lossSeries!.metric).toMatchObject({ branch_type: 'main', event: 'schedule', workflow_name: 'nightly' });
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
      await waitFor(expr, async () => (result = await instantQuery(prom.url, expr)).length > 0, 60_000, 250);
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
  });

  it('answers every panel after the second run too, the histograms then showing that run', async () => {
    const count = 'training_metrics_iteration_time_seconds_count{experiment="real"}';
    const first = await sum(prom.url, count);
    expect(first).toBeGreaterThan(0);
    await sendRun();
    await waitFor('the second run in Prometheus', async () => (await sum(prom.url, count)) >= 2 * first, 60_000, 500);
    await new Promise((r) => setTimeout(r, 2000)); // every family of the second run scraped at least once
    expect(await emptyPanelQueries(prom.url, dashboard)).toEqual([]);
    // The Megatron file's iteration time, in seconds (|ms ÷ 1000), within a bucket (×1.25) of its median.
    const summary = await summarizeRun(
      { name: 'm', experiment: 'm', tags: {}, fingerprint: {}, table: await openTable(REAL[0]!) },
      await loadConfig(null),
    );
    const median = summary.metrics.find((m) => m.name === 'iteration-time')!.steady!.median;
    const [q] = await instantQuery(
      prom.url,
      'histogram_quantile(0.5, sum by (le) (increase(training_metrics_iteration_time_seconds_bucket{experiment="real"}[1d])))',
    );
    expect(Number(q!.value[1])).toBeGreaterThan(median / 1.25);
    expect(Number(q!.value[1])).toBeLessThan(median * 1.25);
  });
});
