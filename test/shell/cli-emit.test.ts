import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startFakeDatadog } from '../helpers/datadog-api-server.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-cli-'));

describe('training-metrics-gate emit (bundled CLI, real UDP listener)', () => {
  let udp: UdpListener;
  beforeAll(async () => {
    udp = await listenUdp();
  });
  afterAll(async () => udp.close());

  it('sends a perf batch from a manifest; --json counts match what arrived', async () => {
    const json = join(dir, 'emit.json');
    const r = await runCli(
      [
        'emit',
        '--metadata',
        'fixtures/demo/experiment_metadata.jsonl',
        '--statsd-port',
        String(udp.port),
        '--statsd-protocol',
        'udp',
        '--prefix',
        'daily_training_metrics',
        '--tags',
        'team:perf',
        '--json',
        json,
      ],
      {
        GITHUB_REF: 'refs/heads/main',
        GITHUB_EVENT_NAME: 'schedule',
        GITHUB_WORKFLOW: 'daily-perf',
      },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const lines = await udp.waitForLines(report.statsd.lines);
    expect(lines.length).toBe(report.statsd.lines);
    expect(udp.datagrams.length).toBe(report.statsd.datagrams);
    expect(report.runs.map((s: { name: string }) => s.name)).toEqual(['gpt3-1.3b-tp1', 'gpt3-7b-tp2', 'llama3-8b-tp4']);
    // every line carries the schema tags; a run's config is tagged; keys are the same for every run
    for (const l of lines) {
      expect(l).toMatch(/\|#experiment:[^,]+,workflow_name:daily-perf,event:schedule,branch_type:main,/);
      expect(l).toContain('team:perf');
    }
    expect(lines.some((l) => l.includes('model:llama3-8b') && l.includes('tp:4'))).toBe(true);
    expect(report.statsd.series).toBeGreaterThan(0);
  });

  it('prints the lines and sends nothing with --dry-run', async () => {
    udp.datagrams.length = 0;
    const r = await runCli([
      'emit',
      '--csv',
      'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv',
      '--statsd-port',
      String(udp.port),
      '--statsd-protocol',
      'udp',
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    const printed = r.stdout.trim().split('\n');
    expect(printed.some((l) => l.startsWith('training_metrics.lm_loss:') && l.endsWith(',step:1'))).toBe(true);
    expect(printed.some((l) => /^training_metrics\.iteration_time:\d+(\.\d+)?\|ms\|/.test(l))).toBe(true);
    expect(
      printed.some((l) => /^training_metrics\.mem_max_allocated_bytes:\d+\|h\|@[\d.]+\|#.*,steps:\d+-\d+$/.test(l)),
    ).toBe(true);
    await new Promise((r2) => setTimeout(r2, 200));
    expect(udp.datagrams).toEqual([]);
  });

  it("tags GPU gauges gpu:<index> and sends a manifest config's gpu key as run_gpu on every line", async () => {
    // One run: a capture is joined to a run of a batch only by time, and the demo's runs carry none.
    const dir = mkdtempSync(join(tmpdir(), 'tmg-gpu-'));
    const first = readFileSync('fixtures/demo/experiment_metadata.jsonl', 'utf8').split('\n')[0]!;
    const demo = join(process.cwd(), 'fixtures/demo');
    writeFileSync(
      join(dir, 'one.jsonl'),
      `${first.replace('"dir":"gpt3-1.3b-tp1"', `"dir":${JSON.stringify(join(demo, 'gpt3-1.3b-tp1'))}`)}\n`,
    );
    const r = await runCli([
      'emit',
      '--metadata',
      join(dir, 'one.jsonl'),
      '--manifest-root',
      demo,
      '--gpu-csv',
      'fixtures/real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv',
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    const printed = r.stdout.trim().split('\n');
    const gpuLines = printed.filter((l) => l.startsWith('training_metrics.gpu.util.mean_ratio:'));
    expect(gpuLines.length).toBeGreaterThan(0);
    for (const l of gpuLines) expect(l).toMatch(/,run_gpu:H100-SXM,.*,gpu:\d+$/);
    expect(printed.every((l) => l.includes('run_gpu:H100-SXM'))).toBe(true);
    expect(printed.some((l) => l.includes('gpu:H100-SXM') && !l.includes('run_gpu:H100-SXM'))).toBe(false);
  });

  it('refuses id-like tag values unless allowed', async () => {
    const sha = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
    const r = await runCli([
      'emit',
      '--csv',
      'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv',
      '--dry-run',
      '--tags',
      `commit:${sha},team:perf`,
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('commit:');
    expect(r.stderr).toContain('looks like a unique id');
    expect(r.stdout).not.toContain(sha);
    const allowed = await runCli([
      'emit',
      '--csv',
      'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv',
      '--dry-run',
      '--allow-id-tags',
      '--tags',
      `commit:${sha}`,
    ]);
    expect(allowed.stdout).toContain(`commit:${sha}`);
  });

  it('warns about a refused tag once, not once per run and sink (three runs, StatsD and a loopback Datadog API stand-in)', async () => {
    const dd = await startFakeDatadog({ apiKey: 'test-key' });
    try {
      const sha = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
      const r = await runCli(
        [
          'emit',
          '--metadata',
          'fixtures/demo/experiment_metadata.jsonl',
          // Not a dry run: a dry run sends nothing to any sink.
          '--statsd-port',
          String(udp.port),
          '--statsd-protocol',
          'udp',
          '--datadog-url',
          dd.url,
          '--tags',
          `commit:${sha}`,
        ],
        { DD_API_KEY: 'test-key' },
      );
      expect(r.code).toBe(0);
      expect(dd.accepted.length).toBeGreaterThan(0);
      expect(JSON.stringify(dd.accepted)).not.toContain(sha);
      expect(r.stdout).not.toContain(sha);
      expect(r.stderr.split('\n').filter((l) => l.includes(sha))).toEqual([
        `warning: tag refused: commit:${sha} looks like a unique id (one series per run); pass allow-id-tags to keep it`,
      ]);
    } finally {
      await dd.close();
    }
  });
});

describe('bad input: one line naming file and line, exit code 2, never a stack trace', () => {
  const cases: [string, string | Buffer, RegExp][] = [
    ['empty.csv', '', /empty\.csv.*empty/i],
    ['header-only.csv', 'step,loss\n', /header-only\.csv.*/],
    ['binary.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 0, 255, 254]), /binary\.csv.*/],
    ['dup.csv', 'step,loss,loss\n1,2,3\n', /dup\.csv:1.*loss/],
    ['quote.csv', 'step,loss\n1,"2\n2,3\n', /quote\.csv:\d+/],
    ['allnan.csv', 'step,loss\n1,nan\n2,nan\n', /allnan\.csv.*/],
  ];
  it.each(cases)('%s', async (name, content, message) => {
    const file = join(dir, name);
    writeFileSync(file, content);
    const r = await runCli(['emit', '--csv', file, '--dry-run']);
    expect(r.code).toBe(2);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack
  });

  it('a missing file', async () => {
    const r = await runCli(['emit', '--csv', join(dir, 'nope.csv'), '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nope\.csv/);
  });

  it('a malformed manifest line is reported with its number and the other runs still go', async () => {
    const batch = join(dir, 'batch');
    mkdirSync(batch);
    writeFileSync(join(dir, 'secret.csv'), 'step,loss\n1,3\n');
    const manifest = join(batch, 'experiment_metadata.jsonl');
    writeFileSync(
      manifest,
      [
        JSON.stringify({ name: 'escapes', csv: '../secret.csv' }),
        '{not json',
        JSON.stringify({ name: 'ok', csv: 'ok.csv' }),
      ].join('\n'),
    );
    writeFileSync(join(batch, 'ok.csv'), 'step,loss\n1,3\n2,2.9\n');
    const json = join(dir, 'batch.json');
    const r = await runCli(['emit', '--metadata', manifest, '--dry-run', '--json', json]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/experiment_metadata\.jsonl:1: .*(escape|outside)/i);
    expect(r.stderr).toMatch(/experiment_metadata\.jsonl:2: /);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.runs.map((s: { name: string }) => s.name)).toEqual(['ok']);
  });

  it('an unknown flag or a bad value', async () => {
    expect((await runCli(['emit', '--csv', 'x', '--bogus'])).code).toBe(2);
    const r = await runCli(['emit', '--csv', 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv', '--statsd-port', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('statsd-port');
    const port = await runCli([
      'emit',
      '--csv',
      'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv',
      '--statsd-port',
      '70000',
    ]);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('at most 65535');
    const prefix = await runCli([
      'emit',
      '--csv',
      'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv',
      '--prefix',
      'a b|c',
      '--dry-run',
    ]);
    expect(prefix.code).toBe(2);
    expect(prefix.stderr).toContain('not a metric prefix');
    expect(prefix.stdout).toBe('');
    // A mistyped Pushgateway URL stops the run before anything is read or sent.
    const push = await runCli([
      'emit',
      '--csv',
      'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv',
      '--dry-run',
      '--pushgateway-url',
      'pushgateway:9091',
    ]);
    expect(push.code).toBe(2);
    expect(push.stderr).toMatch(/pushgateway-url: .* is not an http\(s\) URL/);
    expect(push.stdout).toBe('');
  });
});
