/**
 * The Prometheus route end to end with Debian's real servers: runs pushed through the Pushgateway sink,
 * scraped by Prometheus (honor_labels, every second), values checked against the input files, and every
 * query of the generated Grafana dashboards run through Prometheus' HTTP API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runColumns } from '../../src/cli/run-columns.js';
import { loadConfig, sectionValue } from '../../src/config/index.js';
import { dashboardQueries, grafanaDashboard } from '../../src/dashboards/grafana/dashboard.js';
import { openTable, readManifest } from '../../src/ingest/index.js';
import { readGpuInputs } from '../../src/gpu/capture/read.js';
import { gpuReport } from '../../src/gpu/report.js';
import { summarizeRun } from '../../src/summarize/index.js';
import type { RunSummary } from '../../src/model.js';
import type { GitHubContext } from '../../src/options.js';
import { pushRunResults } from '../../src/sinks/prometheus/pushgateway.js';
import { requireProgram } from '../helpers/programs.js';
import {
  instantQuery,
  startPrometheus,
  startPushgateway,
  waitFor,
  type Server,
} from '../helpers/prometheus-servers.js';
import { emptyPanelQueries } from '../helpers/dashboard-queries.js';
import { ezpzRun, gateFor, megatronRun } from '../helpers/run-summaries.js';

const prometheus = requireProgram('Prometheus', '/usr/bin/prometheus', 'prometheus');
const pushgateway = requireProgram(
  'Prometheus Pushgateway',
  '/usr/bin/prometheus-pushgateway',
  'prometheus-pushgateway',
  'pushgateway',
);

const github: GitHubContext = {
  ref: 'refs/pull/7/merge',
  eventName: 'pull_request',
  workflow: 'train',
  defaultBranch: 'main',
  serverUrl: 'https://github.com',
  repository: 'o/r',
  runId: '99',
  sha: '',
  prNumber: 7,
};

/** Grafana's substitution for the dashboard's variables: All for the multi-value ones. */
function substitute(expr: string): string {
  return expr.replaceAll('$experiment', '.*').replaceAll('$branch_type', '.*').replaceAll('$window', '1d');
}

/** `label_values(selector, label)` as Grafana's Prometheus datasource runs it: the label values API. */
async function labelValues(url: string, query: string): Promise<string[]> {
  const m = /^label_values\((.+), (\w+)\)$/.exec(query);
  if (!m) throw new Error(`not a label_values query: ${query}`);
  const res = await fetch(
    `${url}/api/v1/label/${m[2]}/values?${new URLSearchParams({ 'match[]': substitute(m[1]!) })}`,
  );
  const body = (await res.json()) as { status: string; data: string[]; error?: string };
  if (body.status !== 'success') throw new Error(`${query}: ${body.error}`);
  return body.data;
}

describe.skipIf(!prometheus || !pushgateway)(
  'Prometheus route end to end (Debian prometheus + prometheus-pushgateway)',
  () => {
    let gw: Server;
    let prom: Server;
    let runs: RunSummary[];

    beforeAll(async () => {
      gw = await startPushgateway(pushgateway!);
      prom = await startPrometheus(prometheus!, [`127.0.0.1:${gw.port}`]);
      runs = [ezpzRun('perlmutter/agpt-2b'), megatronRun('gpt3-15b')];
      const report = await pushRunResults(gw.url, runs, [gateFor(runs[0]!), gateFor(runs[1]!, ['iteration-time'])], {
        prefix: 'training_metrics',
        tags: { team: 'llm' },
        allowIdTags: false,
        github,
      });
      expect(report.ok, report.warnings.join('\n')).toBe(true);
      // Prometheus scrapes every second; wait until both groups are stored.
      await waitFor(
        'both experiments in Prometheus',
        async () => (await instantQuery(prom.url, 'training_metrics_run_steps')).length === 2,
        60_000,
        500,
      );
    });

    afterAll(async () => {
      await prom?.stop();
      await gw?.stop();
    });

    it('stores the MFU median of the real ezpz file as a ratio, with the grouping and run labels', async () => {
      const [sample, ...more] = await instantQuery(prom.url, 'training_metrics_mfu_ratio{quantile="0.5"}');
      expect(more).toEqual([]);
      expect(Number(sample!.value[1])).toBeCloseTo(0.04467, 10);
      expect(sample!.metric).toMatchObject({
        job: 'training_metrics',
        experiment: 'perlmutter/agpt-2b',
        run: 'agpt-2b/bs2',
        branch_type: 'pr',
        event: 'pull_request',
        workflow_name: 'train',
        team: 'llm',
      });
    });

    it('stores the Megatron run in base units and the gate outcome', async () => {
      const megatron = runs[1]!;
      const steady = (name: string) => megatron.metrics.find((m) => m.name === name)!.steady!;
      const [time] = await instantQuery(
        prom.url,
        'training_metrics_iteration_time_seconds{quantile="0.5", experiment="gpt3-15b"}',
      );
      expect(Number(time!.value[1])).toBeCloseTo(steady('iteration-time').median, 10);
      const [mem] = await instantQuery(
        prom.url,
        'training_metrics_mem_max_allocated_bytes{quantile="0.9", experiment="gpt3-15b"}',
      );
      expect(Number(mem!.value[1])).toBe(steady('mem-max-allocated-bytes').p90);
      const [final] = await instantQuery(prom.url, 'training_metrics_lm_loss_final{experiment="gpt3-15b"}');
      expect(Number(final!.value[1])).toBeCloseTo(megatron.metrics[0]!.loss!.finalWindow.median, 10);
      const regressions = await instantQuery(prom.url, 'training_metrics_gate_verdict{verdict="regression"} == 1');
      expect(regressions.map((r) => [r.metric.experiment, r.metric.metric])).toEqual([['gpt3-15b', 'iteration_time']]);
      const flags = await instantQuery(prom.url, 'training_metrics_gate_regression');
      expect(Object.fromEntries(flags.map((f) => [f.metric.experiment, f.value[1]]))).toEqual({
        'gpt3-15b': '1',
        'perlmutter/agpt-2b': '0',
      });
    });

    it('answers every panel query of the generated Pushgateway dashboard with data', async () => {
      const dashboard = grafanaDashboard([...runs[0]!.metrics, ...runs[1]!.metrics], {
        prefix: 'training_metrics',
        source: 'pushgateway',
      });
      const queries = dashboardQueries(dashboard).filter((q) => q.where.startsWith('panel'));
      expect(queries.length).toBeGreaterThan(30);
      const empty: string[] = [];
      for (const q of queries)
        if ((await instantQuery(prom.url, substitute(q.expr))).length === 0) empty.push(`${q.where}: ${q.expr}`);
      expect(empty).toEqual([]);
    });

    it('answers every panel query of the pattern-based dashboard (no column list) with data', async () => {
      const dashboard = grafanaDashboard([], { prefix: 'training_metrics', source: 'pushgateway' });
      const queries = dashboardQueries(dashboard).filter((x) => x.where.startsWith('panel'));
      expect(queries.length).toBeGreaterThan(5);
      const empty: string[] = [];
      for (const q of queries)
        if ((await instantQuery(prom.url, substitute(q.expr))).length === 0) empty.push(`${q.where}: ${q.expr}`);
      expect(empty).toEqual([]);
    });

    it('fills the experiment and branch_type variables from label_values', async () => {
      const dashboard = grafanaDashboard([], { prefix: 'training_metrics', source: 'pushgateway' });
      const vars = Object.fromEntries(
        dashboardQueries(dashboard)
          .filter((q) => q.where.startsWith('variable'))
          .map((q) => [q.where, q.expr]),
      );
      expect((await labelValues(prom.url, vars['variable experiment']!)).sort()).toEqual([
        'gpt3-15b',
        'perlmutter/agpt-2b',
      ]);
      expect(await labelValues(prom.url, vars['variable branch_type']!)).toEqual(['pr']);
    });

    it('takes the demo batch through ingest and summarize to Prometheus, and the dashboard made from its columns answers every panel', async () => {
      const config = await loadConfig(null, { gpuPrice: '{ "H100": 2.49 }' });
      const manifest = await readManifest('fixtures/demo/experiment_metadata.jsonl');
      expect(manifest.errors).toEqual([]);
      const summaries: RunSummary[] = [];
      for (const r of manifest.runs) {
        // As the engine names them with --experiment demo: a `/` in every grouping value.
        const input = {
          name: r.name,
          experiment: `demo/${r.name}`,
          tags: r.config,
          fingerprint: r.fingerprint,
          table: await openTable(r.file),
        };
        summaries.push(
          await summarizeRun(
            r.durationSeconds === undefined ? input : { ...input, durationSeconds: r.durationSeconds },
            config,
          ),
        );
      }
      // A real nvidia-smi capture priced per GPU-hour, pushed with the runs as the engine's GPU report gives it.
      const samples = await readGpuInputs(['fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv'], []);
      const gpu = gpuReport(samples, summaries, { prices: sectionValue(config.gpuPrices), config });
      expect(gpu.gauges.length).toBeGreaterThan(0);
      const report = await pushRunResults(gw.url, summaries, null, {
        prefix: 'demo_metrics',
        tags: {},
        allowIdTags: false,
        github,
        extraGauges: (s, i) => [
          ...(gpu.costs.find((c) => c.run === s.name)?.gauges ?? []),
          ...(i === 0 ? gpu.gauges : []),
        ],
      });
      expect(report.ok, report.warnings.join('\n')).toBe(true);
      await waitFor(
        'the demo runs in Prometheus',
        async () => (await instantQuery(prom.url, 'demo_metrics_run_steps')).length === summaries.length,
        60_000,
        500,
      );
      const mfu = summaries[0]!.metrics.find((m) => m.name === 'MFU')!;
      const [stored] = await instantQuery(
        prom.url,
        `demo_metrics_mfu_ratio{quantile="0.5", experiment="demo/${summaries[0]!.name}"}`,
      );
      expect(Number(stored!.value[1])).toBeCloseTo(mfu.steady!.median * (mfu.class.unit === 'percent' ? 0.01 : 1), 12);

      const columns = await runColumns(
        manifest.runs.map((r) => r.file),
        await loadConfig(null),
      );
      const dashboard = grafanaDashboard(columns, {
        prefix: 'demo_metrics',
        source: 'pushgateway',
        gate: false,
        gpu: true,
      });
      expect(dashboard.panels.some((p) => p.title === 'GPU utilisation per device (mean)')).toBe(true);
      const queries = dashboardQueries(dashboard).filter((x) => x.where.startsWith('panel'));
      expect(queries.length).toBeGreaterThan(5);
      const empty: string[] = [];
      for (const q of queries)
        if ((await instantQuery(prom.url, substitute(q.expr))).length === 0) empty.push(`${q.where}: ${q.expr}`);
      expect(empty).toEqual([]);
      // The pattern-based throughput panel finds the plain `<prefix>_tokens_per_second` of every demo run.
      const generic = grafanaDashboard([], { prefix: 'demo_metrics', source: 'pushgateway' });
      const throughput = generic.panels.find((p) => p.title === 'Throughput (median)')!.targets![0]!.expr;
      const found = await instantQuery(prom.url, substitute(throughput));
      expect(found.map((r) => r.metric.__name__)).toEqual(summaries.map(() => 'demo_metrics_tokens_per_second'));
    });

    it('answers every panel of a dashboard made from real per-step files after their first push and their second', async () => {
      // Headers as the trainers wrote them; none of these files has a timestamp or a manifest duration.
      const files = [
        'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv',
        'fixtures/real/algoperf_measurements_global_step_accumulated_criteo1tb.csv',
        'fixtures/real/lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv',
        'fixtures/real/lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv',
      ];
      const config = await loadConfig(null, { gpuPrice: '{ "H100": 2.49 }' });
      const summaries: RunSummary[] = [];
      for (const [i, file] of files.entries()) {
        const input = {
          name: `real-${i}`,
          experiment: `real/${i}`,
          tags: {},
          fingerprint: {},
          table: await openTable(file),
        };
        summaries.push(await summarizeRun(input, config));
      }
      const samples = await readGpuInputs(['fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv'], []);
      const gpu = gpuReport(samples, summaries.slice(0, 1), { prices: sectionValue(config.gpuPrices), config });
      const push = () =>
        pushRunResults(
          gw.url,
          summaries,
          summaries.map((s) => gateFor(s)),
          {
            prefix: 'real_metrics',
            tags: {},
            allowIdTags: false,
            github,
            extraGauges: (_s, i) =>
              i === 0
                ? [
                    ...gpu.gauges,
                    { name: 'cost.total', value: 9.96, unit: 'currency', tags: {} },
                    { name: 'cost.gpu_hours', value: 4, unit: 'hours', tags: {} },
                  ]
                : [],
          },
        );
      const dashboard = grafanaDashboard(await runColumns(files, await loadConfig(null)), {
        prefix: 'real_metrics',
        source: 'pushgateway',
        gpu: true,
      });
      // The Megatron file has a step timer: a Duration panel, estimated from its steps and median step time.
      expect(dashboard.panels.some((p) => p.title === 'Duration')).toBe(true);
      for (const round of [1, 2]) {
        const report = await push();
        expect(report.ok, report.warnings.join('\n')).toBe(true);
        await waitFor(
          `push ${round} of the real files in Prometheus`,
          async () => (await instantQuery(prom.url, 'real_metrics_run_steps')).length === files.length,
          60_000,
          500,
        );
        expect(await emptyPanelQueries(prom.url, dashboard), `after push ${round}`).toEqual([]);
      }
      const megatron = summaries[0]!;
      const [duration] = await instantQuery(
        prom.url,
        substitute(
          dashboard.panels
            .find((p) => p.title === 'Duration')!
            .targets![0]!.expr.replace('experiment=~"$experiment"', 'experiment="real/0"'),
        ),
      );
      const timer = megatron.metrics.find((m) => m.name === 'iteration-time')!.steady!.median;
      expect(Number(duration!.value[1])).toBeCloseTo(timer * megatron.steps.last, 6);
    });

    it('writes statsd_exporter dashboard queries that Prometheus accepts', async () => {
      const dashboard = grafanaDashboard([...runs[0]!.metrics, ...runs[1]!.metrics], {
        prefix: 'training_metrics',
        source: 'statsd-exporter',
      });
      const queries = dashboardQueries(dashboard);
      expect(queries.length).toBeGreaterThan(0);
      for (const q of queries) {
        if (q.expr.startsWith('label_values')) await labelValues(prom.url, q.expr);
        else await instantQuery(prom.url, substitute(q.expr)); // throws on a syntax error
      }
    });
  },
);
