import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { PARAMETERS } from '../../src/parameters.js';
import { runAction } from '../helpers/action.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';

describe('the action as the runner runs it (dist/index.js, INPUT_* variables, GITHUB_OUTPUT file)', () => {
  let udp: UdpListener;
  beforeAll(async () => {
    udp = await listenUdp();
  });
  afterAll(async () => udp.close());

  it('emits a batch and sets datagrams, series and metrics-json', async () => {
    const r = await runAction(
      {
        metadata: 'fixtures/demo/experiment_metadata.jsonl',
        'statsd-host': '127.0.0.1',
        'statsd-port': String(udp.port),
        'statsd-protocol': 'udp',
        prefix: 'daily_training_metrics',
      },
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
    expect(metrics['gpt3-7b-tp2'].MFU.value).toBeGreaterThan(0.4);
    expect(metrics['gpt3-7b-tp2'].MFU.stat).toBe('steady_median');
    expect(metrics['gpt3-7b-tp2'].MFU.value).toBeLessThan(0.5);
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
      { csv: 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv', experiment: 'gpt3-7b-tp2', history, comment: 'off' },
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

  it('takes the command input: record and check need a history, an unknown command is refused', async () => {
    const record = await runAction({ command: 'record', csv: 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv' });
    expect(record.code).toBe(1);
    expect(record.stdout).toMatch(/::error::action inputs: history: record needs the history to record in/);
    const unknown = await runAction({ command: 'gate', csv: 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv' });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(
      /::error::action inputs: command: expected one of emit, record, check, post-comment, watch, site, got "gate"/,
    );
  });

  it('action.yml declares exactly the parameters the CLI takes, and runs on node24', () => {
    const action = YAML.parse(readFileSync('action.yml', 'utf8'));
    expect(action.runs.using).toBe('node24');
    // `command` is the CLI's subcommand and `run` what watch runs (the CLI's `-- COMMAND`); every other input
    // is a flag of the same name.
    expect(Object.keys(action.inputs).sort()).toEqual(['command', 'run', ...PARAMETERS.map((p) => p.name)].sort());
    expect(Object.keys(action.outputs).sort()).toEqual([
      'aborted',
      'comment-url',
      'datagrams',
      'metrics-json',
      'regression',
      'report-html',
      'report-json',
      'series',
      'verdict',
    ]);
  });
});

describe('the action gating a run (dist/index.js, real GITHUB_STEP_SUMMARY file, JSON history)', () => {
  it('records on a scheduled run, fails a fork PR run that regresses (summary, annotations, outputs, comment file), then post-comment posts the file (loopback GitHub REST server)', async () => {
    const { mkdtempSync, readFileSync: read, copyFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'tmg-action-gate-'));
    const history = join(dir, 'history.json');
    const baseline = Array.from(
      { length: 10 },
      (_, i) => `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`,
    );
    const scheduled = { GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_NAME: 'schedule', GITHUB_WORKFLOW: 'daily' };
    for (const csv of baseline) {
      const r = await runAction({ csv, experiment: 'gpt3-1.3b-tp1', history, comment: 'off' }, scheduled);
      expect(r.code).toBe(0);
    }
    const before = read(history, 'utf8');
    expect(JSON.parse(before).runs).toHaveLength(10);
    copyFileSync(history, join(dir, 'before.json'));

    // A pull request from a fork: no comment (read-only token), the comment goes to a file instead.
    const head = '9'.repeat(40);
    const prEvent = join(dir, 'pull_request.json');
    writeFileSync(
      prEvent,
      JSON.stringify({ pull_request: { number: 9, head: { sha: head } }, repository: { default_branch: 'main' } }),
    );
    const commentFile = join(dir, 'artifact', 'comment.json');
    const pr = await runAction(
      {
        csv: 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv',
        experiment: 'gpt3-1.3b-tp1',
        history,
        comment: 'off',
        html: join(dir, 'report.html'),
        'comment-file': commentFile,
      },
      {
        GITHUB_REF: 'refs/pull/9/merge',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_WORKFLOW: 'perf',
        GITHUB_REPOSITORY: 'acme/train',
        GITHUB_RUN_ID: '42',
        GITHUB_EVENT_PATH: prEvent,
      },
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

    // The second workflow (workflow_run, write token) posts the file, against a loopback server following
    // GitHub's documented REST API; a file naming another pull request is refused and fails the step.
    const gh = await new FakeGitHub().start();
    try {
      gh.tokens.set('ghs_rw', { login: 'github-actions[bot]', type: 'Bot', installation: true, readOnly: false });
      gh.pullHeads.set(9, head);
      const runEvent = join(dir, 'workflow_run.json');
      writeFileSync(
        runEvent,
        JSON.stringify({
          workflow_run: { head_sha: head, event: 'pull_request' },
          repository: { default_branch: 'main' },
        }),
      );
      const env = {
        GITHUB_REF: 'refs/heads/main',
        GITHUB_EVENT_NAME: 'workflow_run',
        GITHUB_REPOSITORY: 'acme/train',
        GITHUB_EVENT_PATH: runEvent,
        GITHUB_API_URL: gh.baseUrl,
      };
      const posted = await runAction(
        { command: 'post-comment', 'comment-file': commentFile, 'github-token': 'ghs_rw' },
        env,
      );
      expect(posted.stdout).not.toContain('::error');
      expect(posted.code).toBe(0);
      expect(gh.comments).toHaveLength(1);
      expect(gh.comments[0]!.body).toContain('MFU');
      expect(posted.outputs['comment-url']).toBe(
        `https://github.com/acme/train/pull/9#issuecomment-${gh.comments[0]!.id}`,
      );

      const tampered = join(dir, 'tampered.json');
      writeFileSync(tampered, JSON.stringify({ ...JSON.parse(read(commentFile, 'utf8')), pullRequest: 10 }));
      gh.pullHeads.set(10, '1'.repeat(40));
      const refused = await runAction(
        { command: 'post-comment', 'comment-file': tampered, 'github-token': 'ghs_rw' },
        env,
      );
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(
        /::error::.*tampered\.json: not posted: written for commit 999999999999, but pull request #10 is at 111111111111/,
      );
      expect(gh.comments).toHaveLength(1);
    } finally {
      await gh.stop();
    }
  });
});

describe('the action where nothing could be judged (dist/index.js, loopback GitHub REST server)', () => {
  it('a typo in the experiment is not judged, never a pass: output, warning with the likely name, summary, PR comment; fail-on-not-judged fails it', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'tmg-action-not-judged-'));
    const history = join(dir, 'history.json');
    const scheduled = { GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_NAME: 'schedule', GITHUB_WORKFLOW: 'daily' };
    for (let i = 1; i <= 5; i++) {
      const csv = `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i).padStart(2, '0')}.csv`;
      expect((await runAction({ csv, experiment: 'gpt3-1.3b-tp1', history, comment: 'off' }, scheduled)).code).toBe(0);
    }
    const gh = await new FakeGitHub().start();
    try {
      gh.tokens.set('ghs_rw', { login: 'github-actions[bot]', type: 'Bot', installation: true, readOnly: false });
      const event = join(dir, 'pull_request.json');
      writeFileSync(event, JSON.stringify({ pull_request: { number: 7, head: { sha: '7'.repeat(40) } } }));
      const env = {
        GITHUB_REF: 'refs/pull/7/merge',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_REPOSITORY: 'acme/train',
        GITHUB_RUN_ID: '43',
        GITHUB_EVENT_PATH: event,
        GITHUB_API_URL: gh.baseUrl,
      };
      const inputs = {
        csv: 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv',
        experiment: 'gpt3-1.3b-tpl',
        history,
        comment: 'always',
        'github-token': 'ghs_rw',
      };
      const typo = await runAction(inputs, env);
      expect(typo.code).toBe(0);
      expect(typo.outputs.verdict).toBe('not-judged');
      expect(typo.outputs.regression).toBe('false');
      expect(typo.stdout).toMatch(
        /::warning[^:]*::gpt3-1\.3b-tpl: not judged — no comparable runs: .*did you mean "gpt3-1\.3b-tp1"\?/,
      );
      expect(typo.summary).toMatch(/❔ Training metrics: not judged/);
      expect(typo.summary).not.toMatch(/no regression/);
      expect(gh.comments).toHaveLength(1);
      expect(gh.comments[0]!.body).toMatch(/❔ Training metrics: not judged/);
      expect(gh.comments[0]!.body).toMatch(/did you mean/);

      const strict = await runAction({ ...inputs, 'fail-on-not-judged': 'true' }, env);
      expect(strict.code).toBe(1);
      expect(strict.stdout).toMatch(/::error::not judged \(fail-on-not-judged\): gpt3-1\.3b-tpl/);

      // The right name is judged: a pass that rests on the five runs.
      const right = await runAction({ ...inputs, experiment: 'gpt3-1.3b-tp1', comment: 'off' }, env);
      expect(right.outputs.verdict).not.toBe('not-judged');
    } finally {
      await gh.stop();
    }
  });
});
