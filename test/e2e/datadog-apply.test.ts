/**
 * `dashboard datadog --apply` and `monitors datadog --apply` as a user runs them (the bundled CLI), against a
 * loopback server following Datadog's documented v1 dashboards and monitors API.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startFakeDatadogConfig, type FakeDatadogConfig } from '../helpers/datadog-config-api.js';

const KEYS = { apiKey: 'api-key-0123456789abcdef', appKey: 'app-key-fedcba9876543210' };
const ENV = { DD_API_KEY: KEYS.apiKey, DD_APP_KEY: KEYS.appKey };

describe('Datadog --apply against a loopback server following the documented v1 dashboards and monitors API', () => {
  let dd: FakeDatadogConfig;
  beforeEach(async () => {
    dd = await startFakeDatadogConfig(KEYS);
  });
  afterEach(async () => dd.close());

  it('creates the monitors, updates them in place on the next run, and leaves other monitors alone', async () => {
    const printed = JSON.parse((await runCli(['monitors', 'datadog', '--source', 'api'])).stdout) as {
      name: string;
      tags: string[];
    }[];
    // Someone's own monitor with one of the names, and one of this tool's for another prefix.
    dd.monitors.push({ id: 1, body: { ...printed[0]!, tags: ['team:perf'] } });
    dd.monitors.push({
      id: 2,
      body: { ...printed[0]!, tags: ['source:training-metrics-gate', 'route:api', 'metric_prefix:other'] },
    });

    const first = await runCli(['monitors', 'datadog', '--source', 'api', '--apply', '--datadog-url', dd.url], ENV);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n')).toEqual(
      printed.map((m, i) => `monitor created: ${m.name} (id ${1000 + i})`),
    );
    expect(dd.monitors.slice(2).map((s) => s.body)).toEqual(printed);

    const second = await runCli(['monitors', 'datadog', '--source', 'api', '--apply', '--datadog-url', dd.url], ENV);
    expect(second.code).toBe(0);
    expect(second.stdout.trim().split('\n')).toEqual(
      printed.map((m, i) => `monitor updated: ${m.name} (id ${1000 + i})`),
    );
    expect(dd.monitors).toHaveLength(2 + printed.length);
    expect(dd.monitors[0]!.body.tags).toEqual(['team:perf']);
    expect(dd.monitors[1]!.body.tags).toContain('metric_prefix:other');
    expect(dd.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(
      printed.map((_, i) => `/api/v1/monitor/${1000 + i}`),
    );
  });

  it('creates the dashboard, then updates the one with its title, retrying a 503', async () => {
    const first = await runCli(['dashboard', 'datadog', '--apply', '--datadog-url', dd.url], ENV);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^dashboard created: .+ \(id abc-100-xyz, \/dashboard\/abc-100-xyz\)\n$/);
    dd.script.push(503);
    const second = await runCli(['dashboard', 'datadog', '--apply', '--datadog-url', dd.url], ENV);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^dashboard updated: .+ \(id abc-100-xyz/);
    expect(dd.dashboards).toHaveLength(1);
    expect(dd.dashboards[0]!.body).toEqual(JSON.parse((await runCli(['dashboard', 'datadog'])).stdout));
  });

  it('needs both keys, and never prints them when the API refuses', async () => {
    const noAppKey = await runCli(['monitors', 'datadog', '--apply', '--datadog-url', dd.url], {
      DD_API_KEY: KEYS.apiKey,
    });
    expect(noAppKey.code).toBe(2);
    expect(noAppKey.stderr).toMatch(/--apply: needs DD_API_KEY and DD_APP_KEY/);
    expect(dd.requests).toEqual([]);

    const wrong = await runCli(['monitors', 'datadog', '--apply', '--datadog-url', dd.url], {
      DD_API_KEY: KEYS.apiKey,
      DD_APP_KEY: 'wrong-app-key-secret',
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/GET \/api\/v1\/monitor\?.* failed after 1 attempt\(s\): HTTP 403/);
    expect(wrong.stderr + wrong.stdout).not.toContain('wrong-app-key-secret');
    expect(wrong.stderr + wrong.stdout).not.toContain(KEYS.apiKey);
  });
});
