import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { PARAMETERS } from '../../src/parameters.js';
import { runAction } from '../helpers/action.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';

describe('the action as the runner runs it (dist/index.js, INPUT_* variables, GITHUB_OUTPUT file)', () => {
  let udp: UdpListener;
  beforeAll(async () => {
    udp = await listenUdp();
  });
  afterAll(async () => udp.close());

  it('emits a batch and sets datagrams, series and metrics-json', async () => {
    const r = await runAction(
      { metadata: 'fixtures/demo/experiment_metadata.jsonl', 'statsd-host': '127.0.0.1', 'statsd-port': String(udp.port), prefix: 'daily_training_metrics' },
      { GITHUB_REF: 'refs/pull/7/merge', GITHUB_EVENT_NAME: 'pull_request', GITHUB_WORKFLOW: 'perf' },
    );
    expect(r.stdout).not.toContain('::error');
    expect(r.code).toBe(0);
    const datagrams = Number(r.outputs.datagrams);
    expect(datagrams).toBeGreaterThan(0);
    await udp.waitForLines(1);
    await new Promise((res) => setTimeout(res, 200));
    expect(udp.datagrams.length).toBe(datagrams);
    expect(udp.lines().every((l) => l.includes('branch_type:pr') && l.includes('event:pull_request'))).toBe(true);
    expect(Number(r.outputs.series)).toBeGreaterThan(0);
    const metrics = JSON.parse(r.outputs['metrics-json']!);
    expect(metrics['gpt3-7b-tp2'].MFU).toBeGreaterThan(0.4);
    expect(metrics['gpt3-7b-tp2'].MFU).toBeLessThan(0.5);
    expect(readFileSync(r.outputs['report-json']!, 'utf8')).toContain('"runs"');
  });

  it('honours DD_AGENT_HOST and DD_DOGSTATSD_PORT with the datadog flavor', async () => {
    udp.datagrams.length = 0;
    const r = await runAction(
      { csv: 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv', 'statsd-flavor': 'datadog' },
      { DD_AGENT_HOST: '127.0.0.1', DD_DOGSTATSD_PORT: String(udp.port), DD_ENV: 'ci' },
    );
    expect(r.code).toBe(0);
    const lines = await udp.waitForLines(1);
    expect(Number(r.outputs.datagrams)).toBeGreaterThan(0);
    expect(lines.some((l) => /\|d\|@/.test(l))).toBe(true);
    expect(lines.every((l) => l.includes('env:ci'))).toBe(true);
  });

  it('records pushes to the default branch named in the event payload', async () => {
    const { mkdtempSync, writeFileSync, readFileSync: read } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'tmg-event-'));
    const event = join(dir, 'event.json');
    writeFileSync(event, JSON.stringify({ repository: { default_branch: 'develop' } }));
    const history = join(dir, 'h.json');
    const r = await runAction(
      { csv: 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv', history, comment: 'off' },
      { GITHUB_REF: 'refs/heads/develop', GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(read(history, 'utf8')).runs).toHaveLength(1);
  });

  it('sends nothing over StatsD unless statsd-host is given', async () => {
    udp.datagrams.length = 0;
    const r = await runAction({ csv: 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv' });
    expect(r.code).toBe(0);
    expect(r.outputs.datagrams).toBe('0');
  });

  it('fails the step with one error line on bad input', async () => {
    const r = await runAction({ csv: 'fixtures/does-not-exist.csv' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::.*does-not-exist\.csv/);
    expect(r.stdout).not.toMatch(/\n\s+at /);
  });

  it('action.yml declares exactly the parameters the CLI takes, and runs on node24', () => {
    const action = YAML.parse(readFileSync('action.yml', 'utf8'));
    expect(action.runs.using).toBe('node24');
    expect(Object.keys(action.inputs).sort()).toEqual(PARAMETERS.map((p) => p.name).sort());
    expect(Object.keys(action.outputs).sort()).toEqual(['comment-url', 'datagrams', 'metrics-json', 'regression', 'report-html', 'report-json', 'series']);
  });
});

describe('the action gating a run (dist/index.js, real GITHUB_STEP_SUMMARY file, JSON history)', () => {
  it('records on a scheduled run, then fails a PR run that regresses, with summary, annotations and outputs', async () => {
    const { mkdtempSync, readFileSync: read, copyFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'tmg-action-gate-'));
    const history = join(dir, 'history.json');
    const baseline = Array.from({ length: 10 }, (_, i) => `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`);
    const scheduled = { GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_NAME: 'schedule', GITHUB_WORKFLOW: 'daily' };
    for (const csv of baseline) {
      const r = await runAction({ csv, experiment: 'gpt3-1.3b-tp1', history, comment: 'off' }, scheduled);
      expect(r.code).toBe(0);
    }
    const before = read(history, 'utf8');
    expect(JSON.parse(before).runs).toHaveLength(10);
    copyFileSync(history, join(dir, 'before.json'));

    const pr = await runAction(
      { csv: 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv', experiment: 'gpt3-1.3b-tp1', history, comment: 'off', html: join(dir, 'report.html') },
      { GITHUB_REF: 'refs/pull/9/merge', GITHUB_EVENT_NAME: 'pull_request', GITHUB_WORKFLOW: 'perf', GITHUB_REPOSITORY: 'acme/train', GITHUB_RUN_ID: '42' },
    );
    expect(pr.code).toBe(1);
    expect(pr.outputs.regression).toBe('true');
    expect(pr.stdout).toMatch(/::error[^:]*::.*MFU/);
    expect(pr.summary).toContain('MFU');
    expect(pr.summary).toContain('❌');
    expect(pr.summary).toContain('/acme/train/actions/runs/42');
    const report = JSON.parse(read(pr.outputs['report-json']!, 'utf8'));
    expect(report.regression).toBe(true);
    expect(report.run.complete).toBe(true);
    expect(report.metrics.find((m: { name: string }) => m.name === 'MFU').verdict).toBe('regression');
    // a PR compares and never writes
    expect(read(history, 'utf8')).toBe(before);
    expect(read(join(dir, 'report.html'), 'utf8')).toContain('<svg');
  });
});
