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
import { commentGroup, commentMarker } from '../../src/report/github/comment.js';
import { publishReport, type PublishOptions } from '../../src/report/publish.js';
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
  const sink = { error: (m: string) => annotations.push(`error ${m}`), warning: (m: string) => annotations.push(`warning ${m}`) };

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

  const options = (over: Partial<PublishOptions> = {}): PublishOptions => ({
    markdown: join(dir, 'out', 'report.md'),
    html: join(dir, 'out', 'report.html'),
    comment: 'always',
    githubToken: 'ghs_rw',
    github,
    apiUrl: gh.baseUrl,
    jobSummary: true,
    ...over,
  });

  it('writes the files and the summary, annotates, and comments once per group', async () => {
    const first = await publishReport(batchInput(), options(), { io, annotations: sink });
    expect(first.comment.action).toBe('created');
    expect(first.summaryWritten).toBe(true);
    expect(readFileSync(summaryFile, 'utf8')).toContain('[Workflow run](https://github.com/acme/trainer/actions/runs/9876543210)');
    expect(readFileSync(join(dir, 'out', 'report.md'), 'utf8').split('\n')[0]).toBe('## ❌ Training metrics: 2 of 3 runs regressed');
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

  it('a report path that cannot be written is an input error, raised after the summary and comment went out', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    await expect(publishReport(batchInput(), options({ markdown: join(dir, 'file', 'report.md') }), { io })).rejects.toBeInstanceOf(InputError);
    expect(readFileSync(summaryFile, 'utf8')).toContain('## ❌ Training metrics');
    expect(gh.comments).toHaveLength(1);
  });
});
