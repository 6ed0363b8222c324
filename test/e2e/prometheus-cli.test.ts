/**
 * The bundled CLI's `emit --pushgateway` against Debian's Pushgateway and Prometheus, and its outage
 * behaviour. Skips loudly where prometheus/pushgateway are absent; fails under E2E_REQUIRED=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { requireProgram } from '../helpers/programs.js';
import {
  freePort,
  instantQuery,
  startPrometheus,
  startPushgateway,
  waitFor,
  type Server,
} from '../helpers/prometheus-servers.js';

const prometheus = requireProgram('Prometheus', '/usr/bin/prometheus', 'prometheus');
const pushgateway = requireProgram(
  'Prometheus Pushgateway',
  '/usr/bin/prometheus-pushgateway',
  'prometheus-pushgateway',
  'pushgateway',
);

const env = { GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_NAME: 'schedule', GITHUB_WORKFLOW: 'nightly' };
const batch = ['--metadata', 'fixtures/demo/experiment_metadata.jsonl', '--experiment', 'demo'];

describe.skipIf(!prometheus || !pushgateway)(
  'training-metrics-gate emit --pushgateway (bundled CLI, Debian Prometheus and Pushgateway)',
  () => {
    let gw: Server;
    let prom: Server;
    beforeAll(async () => {
      gw = await startPushgateway(pushgateway!);
      prom = await startPrometheus(prometheus!, [`127.0.0.1:${gw.port}`]);
    });
    afterAll(async () => {
      await prom?.stop();
      await gw?.stop();
    });

    it('pushes every run of the batch, one group per experiment, and Prometheus stores them', async () => {
      const r = await runCli(['emit', ...batch, '--pushgateway', gw.url, '--prefix', 'cli_metrics'], env);
      expect(r.stderr).not.toMatch(/pushgateway/i);
      expect(r.code).toBe(0);
      await waitFor(
        'the batch in Prometheus',
        async () => (await instantQuery(prom.url, 'cli_metrics_run_steps')).length === 3,
        60_000,
        500,
      );
      const experiments = (await instantQuery(prom.url, 'cli_metrics_mfu_ratio{quantile="0.5"}'))
        .map((s) => s.metric.experiment)
        .sort();
      expect(experiments).toEqual(['demo/gpt3-1.3b-tp1', 'demo/gpt3-7b-tp2', 'demo/llama3-8b-tp4']);
    });

    it('warns and keeps exit code 0 when the Pushgateway is down; fails with --fail-on-sink-error', async () => {
      const closed = `http://127.0.0.1:${await freePort()}`;
      const r = await runCli(['emit', ...batch, '--pushgateway', closed], env);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/warning: .*pushgateway.*failed after 4 attempts/i);
      const strict = await runCli(['emit', ...batch, '--pushgateway', closed, '--fail-on-sink-error'], env);
      expect(strict.code).not.toBe(0);
    });
  },
);
