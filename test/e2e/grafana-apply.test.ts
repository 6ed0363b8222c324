/** `dashboard grafana --apply` as a user runs it (the bundled CLI), against a loopback server following Grafana's documented dashboard API. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startFakeGrafana, type FakeGrafana } from '../helpers/grafana-api.js';

const TOKEN = 'glsa_0123456789abcdef_secret';
const DEMO = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';

describe('dashboard grafana --apply against a loopback server following the documented Grafana dashboard API', () => {
  let grafana: FakeGrafana;
  beforeEach(async () => {
    grafana = await startFakeGrafana(TOKEN, ['training']);
  });
  afterEach(async () => grafana.close());

  it('creates the dashboard, then replaces the one with its uid (a 503 retried), in the folder asked for', async () => {
    const printed = JSON.parse((await runCli(['dashboard', 'grafana', '--csv', DEMO])).stdout) as Record<
      string,
      unknown
    >;
    const args = [
      'dashboard',
      'grafana',
      '--csv',
      DEMO,
      '--apply',
      '--grafana-url',
      grafana.url,
      '--folder-uid',
      'training',
    ];
    const first = await runCli(args, { GRAFANA_TOKEN: TOKEN });
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe(
      'dashboard saved: Training metrics (Pushgateway) (uid training-metrics-pg, version 1, /d/training-metrics-pg/training-metrics-pushgateway)\n',
    );
    grafana.script.push(503);
    const second = await runCli(args, { GRAFANA_TOKEN: TOKEN });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/version 2,/);
    expect(grafana.dashboards).toHaveLength(1);
    expect(grafana.dashboards[0]).toMatchObject({ uid: 'training-metrics-pg', folderUid: 'training', version: 2 });
    expect(grafana.dashboards[0]!.dashboard).toEqual({ ...printed, id: null });
  });

  it('exits 2 with what Grafana said: no token, a wrong token (never printed), an unknown folder (not retried)', async () => {
    const noToken = await runCli(['dashboard', 'grafana', '--apply', '--grafana-url', grafana.url]);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/--apply: needs GRAFANA_TOKEN/);
    expect(grafana.requests).toEqual([]);

    const wrong = await runCli(['dashboard', 'grafana', '--apply', '--grafana-url', grafana.url], {
      GRAFANA_TOKEN: 'glsa_wrong_secret',
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/POST \/api\/dashboards\/db failed after 1 attempt\(s\): HTTP 401/);
    expect(wrong.stderr + wrong.stdout).not.toContain('glsa_wrong_secret');

    const before = grafana.requests.length;
    const folder = await runCli(
      ['dashboard', 'grafana', '--apply', '--grafana-url', grafana.url, '--folder-uid', 'nope'],
      { GRAFANA_TOKEN: TOKEN },
    );
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/HTTP 400: .*Folder not found/);
    expect(grafana.requests.length - before).toBe(1);
    expect(grafana.dashboards).toEqual([]);
  });
});
