/**
 * The StatsD route to Prometheus: the CLI (from source, real child processes) sends real files' runs over
 * UDP to a loopback statsd_exporter STAND-IN (test/helpers/statsd-exporter-stand-in.ts: the exporter's
 * documented rules, since no real exporter can run here) loaded with the generated mapping; Debian's real
 * Prometheus scrapes it every second, and every panel of the generated statsd_exporter dashboard (gate and
 * GPU rows included) must return data after the first run and after the second. The levels' exactness is
 * test/e2e/statsd-levels.test.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runColumns } from '../../src/cli/run-columns.js';
import { mappingStatsdExporter } from '../../src/cli/commands/mapping-statsd-exporter.js';
import { loadConfig } from '../../src/config/index.js';
import { type GrafanaDashboard, grafanaDashboard } from '../../src/dashboards/grafana/dashboard.js';
import { openTable } from '../../src/ingest/index.js';
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
