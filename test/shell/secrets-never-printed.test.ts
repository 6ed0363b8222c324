/**
 * Secrets are never printed, whole or in part. The CLI (from source, real processes) meets every failure
 * path with a distinctive token and key: GitHub answering 401/403/422/500 with the request's headers echoed
 * (check on a pull request, post-comment), Datadog answering 4xx/5xx with the key echoed (past the length
 * an excerpt is cut to), and a git history remote with credentials in its URL whose transport echoes it.
 * Every output — stdout, stderr, --json, Markdown, HTML, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and the comment
 * file — is searched for any 8-character piece of either.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDatadog, type FakeDatadog } from '../helpers/datadog-api-server.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import { DATADOG_KEY_UNDER_TEST as KEY, GITHUB_TOKEN_UNDER_TEST as TOKEN, leaks } from '../helpers/secret-leaks.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const ROOT = resolve('.');
const BASELINE = Array.from({ length: 10 }, (_, i) =>
  join(ROOT, `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`),
);
const CANDIDATE = join(ROOT, 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv');

interface Outputs {
  code: number | null;
  texts: Record<string, string>;
}

/** Run the CLI with a fresh set of output files; every text it produced, by where it went. */
async function cli(args: (dir: string) => string[], env: NodeJS.ProcessEnv = {}, cwd = ROOT): Promise<Outputs> {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-secrets-'));
  const files = {
    json: join(dir, 'report.json'),
    markdown: join(dir, 'report.md'),
    html: join(dir, 'report.html'),
    summary: join(dir, 'summary.md'),
    output: join(dir, 'output'),
    comment: join(dir, 'comment.json'),
  };
  writeFileSync(files.summary, '');
  writeFileSync(files.output, '');
  const child = spawn(process.execPath, [SOURCE_CLI, ...args(dir)], {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_OUTPUT: files.output,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const texts: Record<string, string> = { stdout, stderr };
  for (const [name, path] of Object.entries(files)) if (existsSync(path)) texts[name] = readFileSync(path, 'utf8');
  return { code, texts };
}

const reportFlags = (dir: string) => [
  '--json',
  join(dir, 'report.json'),
  '--markdown',
  join(dir, 'report.md'),
  '--html',
  join(dir, 'report.html'),
];

describe('secrets are never printed, whole or in part (CLI from source)', () => {
  let gh: FakeGitHub;
  let history: string;
  const pr = (apiUrl: string): NodeJS.ProcessEnv => ({
    GITHUB_REF: 'refs/pull/7/merge',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REPOSITORY: 'acme/trainer',
    GITHUB_RUN_ID: '42',
    GITHUB_API_URL: apiUrl,
  });

  beforeAll(async () => {
    gh = await new FakeGitHub().start();
    history = join(mkdtempSync(join(tmpdir(), 'tmg-secrets-h-')), 'history.json');
    const rec = await cli(() => [
      'record',
      '--history',
      history,
      '--experiment',
      'gpt3',
      ...BASELINE.flatMap((f) => ['--csv', f]),
    ]);
    expect(rec.code).toBe(0);
  }, 120_000);
  afterAll(() => gh.stop());

  for (const status of [401, 403, 422, 500]) {
    it(`check on a pull request: GitHub ${status} echoing the Authorization header`, async () => {
      gh.echoHeadersWith = status;
      const before = gh.requests.length;
      const r = await cli(
        (dir) => [
          'check',
          '--history',
          history,
          '--experiment',
          'gpt3',
          '--csv',
          CANDIDATE,
          '--comment',
          'always',
          '--github-token',
          TOKEN,
          ...reportFlags(dir),
        ],
        pr(gh.baseUrl),
      );
      expect(gh.requests.length).toBeGreaterThan(before); // the token did go out, and came back echoed
      expect(gh.requests.at(-1)!.authorization).toContain(TOKEN);
      expect(r.texts.stderr).toContain(`HTTP ${status}`);
      expect(r.code).toBe(1); // the demo candidate regresses: a failed comment never changes the verdict
      expect(leaks(r.texts)).toEqual([]);
    }, 60_000);
  }

  it('post-comment: GitHub 401 echoing the Authorization header (token from GITHUB_TOKEN too)', async () => {
    gh.echoHeadersWith = 401;
    const file = join(mkdtempSync(join(tmpdir(), 'tmg-secrets-c-')), 'comment.json');
    const body = { repository: 'acme/trainer', pullRequest: 7, headSha: 'a'.repeat(40), group: 'gpt3' };
    writeFileSync(
      file,
      JSON.stringify({ format: 'training-metrics-gate/comment@1', ...body, regression: false, body: '## ok' }),
    );
    const r = await cli(() => ['post-comment', '--comment-file', file], {
      GITHUB_REPOSITORY: 'acme/trainer',
      GITHUB_API_URL: gh.baseUrl,
      GITHUB_TOKEN: TOKEN,
      GITHUB_EVENT_NAME: 'workflow_run',
    });
    expect(r.texts.stderr).toMatch(/HTTP 401/);
    expect(leaks(r.texts)).toEqual([]);
  }, 60_000);

  describe('Datadog echoing the key', () => {
    let dd: FakeDatadog;
    beforeAll(async () => {
      dd = await startFakeDatadog({ apiKey: KEY, echoKeyInErrors: true });
    });
    afterAll(() => dd.close());

    for (const status of [400, 403, 413, 500, 503]) {
      it(`${status}, the key past the length an excerpt is cut to`, async () => {
        // An error line is cut to 300 characters: this key starts at 285, so a cut made before redacting keeps 15 of it.
        const echoed = { status, body: JSON.stringify({ errors: [`${'r'.repeat(280)} key ${KEY}`] }) };
        dd.script.push(...Array.from({ length: 8 }, () => echoed));
        const r = await cli(
          (dir) => ['emit', '--csv', CANDIDATE, '--datadog-url', dd.url, '--datadog-api-key', KEY, ...reportFlags(dir)],
          {},
        );
        dd.script.length = 0;
        expect(r.texts.stderr).toContain(`HTTP ${status}`);
        expect(leaks(r.texts)).toEqual([]);
      }, 60_000);
    }

    it('403 for a wrong key, echoing the key sent (from DD_API_KEY)', async () => {
      const r = await cli((dir) => ['emit', '--csv', CANDIDATE, '--datadog-url', dd.url, ...reportFlags(dir)], {
        DD_API_KEY: `${KEY}x`,
      });
      expect(r.texts.stderr).toContain('HTTP 403');
      expect(leaks(r.texts)).toEqual([]);
    }, 60_000);
  });

  it('a git history remote with credentials in its URL, echoed by the transport', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmg-secrets-git-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    // A remote helper (git-remote-<scheme>) that fails the way helpers do, naming the URL it was given.
    const helper = join(bin, 'git-remote-tmgtest');
    writeFileSync(helper, '#!/bin/sh\necho "fatal: cannot reach $2" >&2\nexit 128\n');
    chmodSync(helper, 0o755);
    const repo = join(dir, 'repo');
    execFileSync('git', ['init', '-q', repo]);
    execFileSync('git', [
      '-C',
      repo,
      'remote',
      'add',
      'origin',
      `tmgtest::https://x-access-token:${TOKEN}@git.example/acme/trainer.git`,
    ]);
    const r = await cli(
      (out) => ['record', '--history', 'git:metrics', '--experiment', 'gpt3', '--csv', CANDIDATE, ...reportFlags(out)],
      { PATH: `${bin}:${process.env.PATH}` },
      repo,
    );
    expect(r.code).toBe(2);
    expect(r.texts.stderr).toMatch(/git ls-remote failed: fatal: cannot reach https:\/\/\*\*\*@git\.example/);
    expect(leaks(r.texts)).toEqual([]);
  }, 60_000);
});
