/**
 * The whole report path as the action runs it: files, a real GITHUB_STEP_SUMMARY file through
 * @actions/core, annotations, and the PR comment against a loopback server that follows GitHub's
 * documented REST responses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/model.js';
import type { GitHubContext } from '../../src/options.js';
import { commentGroup, commentMarker } from '../../src/report/publish/pr-comment.js';
import { resolveOptions } from '../../src/parameters.js';
import { publishReport, type PublishOptions } from '../../src/report/publish/publish.js';
import { run } from '../../src/run.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import { batchInput } from '../helpers/report-fixtures.js';

const github: GitHubContext = {
  ref: 'refs/pull/7/merge',
  eventName: 'pull_request',
  workflow: 'train-gate',
  defaultBranch: 'main',
  serverUrl: 'https://github.com',
  repository: 'acme/trainer',
  runId: '9876543210',
  sha: '0123456789abcdef0123456789abcdef01234567',
  prNumber: 7,
};

describe('publishReport with a real step summary file and a loopback GitHub REST server', () => {
  let dir: string;
  let gh: FakeGitHub;
  // @actions/core resolves GITHUB_STEP_SUMMARY once per process: one file for all tests here, emptied before each.
  const summaryDir = mkdtempSync(join(tmpdir(), 'tmg-step-summary-'));
  const summaryFile = join(summaryDir, 'summary.md');
  const saved = process.env.GITHUB_STEP_SUMMARY;
  const warnings: string[] = [];
  const io = { info: () => {}, warn: (m: string) => warnings.push(m) };
  const annotations: string[] = [];
  const sink = {
    error: (m: string) => annotations.push(`error ${m}`),
    warning: (m: string) => annotations.push(`warning ${m}`),
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tmg-publish-'));
    writeFileSync(summaryFile, '');
    process.env.GITHUB_STEP_SUMMARY = summaryFile;
    gh = await new FakeGitHub().start();
    gh.tokens.set('ghs_rw', { login: 'github-actions[bot]', type: 'Bot', installation: true, readOnly: false });
    gh.tokens.set('ghs_ro', { login: 'github-actions[bot]', type: 'Bot', installation: true, readOnly: true });
    warnings.length = 0;
    annotations.length = 0;
  });

  afterEach(async () => {
    await gh.stop();
    if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY;
    else process.env.GITHUB_STEP_SUMMARY = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  afterAll(() => rmSync(summaryDir, { recursive: true, force: true }));

  // Every request goes to the loopback server, whatever context a test gives.
  const options = (over: Partial<PublishOptions> = {}): PublishOptions => ({
    markdown: join(dir, 'out', 'report.md'),
    html: join(dir, 'out', 'report.html'),
    comment: 'always',
    githubToken: 'ghs_rw',
    jobSummary: true,
    ...over,
    github: { ...(over.github ?? github), apiUrl: gh.baseUrl },
  });

  it('writes the files and the summary, annotates, and comments once per group', async () => {
    const first = await publishReport(batchInput(), options(), { io, annotations: sink });
    expect(first.comment.action).toBe('created');
    expect(first.summaryWritten).toBe(true);
    expect(readFileSync(summaryFile, 'utf8')).toContain(
      '[Workflow run](https://github.com/acme/trainer/actions/runs/9876543210)',
    );
    expect(readFileSync(join(dir, 'out', 'report.md'), 'utf8').split('\n')[0]).toBe(
      '## ❌ Training metrics: 2 of 3 runs regressed',
    );
    expect(readFileSync(join(dir, 'out', 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(first.annotations).toEqual({ errors: 2, warnings: 3 });
    expect(annotations.filter((a) => a.startsWith('error'))).toHaveLength(2);

    const second = await publishReport(batchInput(), options(), { io, annotations: sink });
    expect(second.comment.action).toBe('updated');
    expect(gh.comments).toHaveLength(1);
    const group = commentGroup(batchInput().runs.map((r) => r.gate.experiment));
    expect(gh.comments[0]!.body.startsWith(`${commentMarker(group)}\n`)).toBe(true);
    expect(gh.comments[0]!.body).toMatch(/^<!-- training-metrics-gate:[^ ]+ -->\n## ❌/);
    expect(warnings).toEqual([]);
  });

  it('a fork PR: the comment fails with a warning, the summary still carries the report', async () => {
    const out = await publishReport(batchInput(), options({ githubToken: 'ghs_ro' }), { io, annotations: sink });
    expect(out.comment.action).toBe('failed');
    expect(out.summaryWritten).toBe(true);
    expect(readFileSync(summaryFile, 'utf8')).toContain('MFU −5.5 %');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/403/);
  });

  it('a fork PR with comment-file: the file holds the comment, and post-comment in a workflow_run posts it once, after checking it', async () => {
    const head = 'f'.repeat(40);
    const path = join(dir, 'artifact', 'comment.json');
    const forkRun = await publishReport(
      batchInput(),
      options({ githubToken: 'ghs_ro', commentFile: path, github: { ...github, prHeadSha: head } }),
      { io },
    );
    expect(forkRun.comment.action).toBe('failed');
    expect(forkRun.files.comment).toBe(path);
    expect(gh.comments).toHaveLength(0);

    gh.pullHeads.set(7, head);
    const log: string[] = [];
    const post = async (token = 'ghs_rw') => {
      const context: GitHubContext = {
        ...github,
        eventName: 'workflow_run',
        ref: 'refs/heads/main',
        prNumber: null,
        workflowRunHeadSha: head,
        apiUrl: gh.baseUrl,
      };
      const opts = resolveOptions('post-comment', { 'comment-file': path, 'github-token': token }, context, {}, 'cli');
      return run(opts, {
        info: (m) => log.push(m),
        warn: (m) => log.push(`warning ${m}`),
        error: (m) => log.push(`error ${m}`),
      });
    };
    const first = await post();
    expect(first.exitCode).toBe(0);
    expect(first.report?.comment).toBe('created');
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0]!.body).toBe(JSON.parse(readFileSync(path, 'utf8')).body);
    expect(gh.comments[0]!.body).toMatch(
      /^<!-- training-metrics-gate:[^ ]+ -->\n## ❌ Training metrics: 2 of 3 runs regressed/,
    );
    expect((await post()).report?.comment).toBe('updated');
    expect(gh.comments).toHaveLength(1);

    // A newer push moved the pull request on: the file is stale and is not posted.
    gh.pullHeads.set(7, 'e'.repeat(40));
    const stale = await post();
    expect(stale.exitCode).toBe(2);
    expect(stale.errors).toEqual([
      expect.stringMatching(
        /comment\.json: not posted: written for commit ffffffffffff, but pull request #7 is at eeeeeeeeeeee/,
      ),
    ]);
    // A token that cannot write: a warning, as for every comment; nothing else changes.
    gh.pullHeads.set(7, head);
    const readOnly = await post('ghs_ro');
    expect(readOnly.exitCode).toBe(0);
    expect(readOnly.report?.comment).toBe('failed');
    expect(gh.comments).toHaveLength(1);
  });

  it('comment-file outside a pull request writes nothing and says so', async () => {
    const path = join(dir, 'comment.json');
    const infos: string[] = [];
    const out = await publishReport(
      batchInput(),
      options({ commentFile: path, github: { ...github, ref: 'refs/heads/main', eventName: 'push', prNumber: null } }),
      { io: { info: (m) => infos.push(m), warn: io.warn } },
    );
    expect(out.files.comment).toBeUndefined();
    expect(() => readFileSync(path)).toThrow(/ENOENT/);
    expect(infos).toContain('comment-file: not written, as this is not a pull request run');
  });

  it('a report path that cannot be written is an input error, raised after the summary and comment went out', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    await expect(
      publishReport(batchInput(), options({ markdown: join(dir, 'file', 'report.md') }), { io }),
    ).rejects.toBeInstanceOf(InputError);
    expect(readFileSync(summaryFile, 'utf8')).toContain('## ❌ Training metrics');
    expect(gh.comments).toHaveLength(1);
  });
});
