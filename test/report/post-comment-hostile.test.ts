/**
 * A comment file written by a fork's code, posted by post-comment with a write token (loopback GitHub REST
 * server): what goes out is only what the report renderer writes, and the size limit holds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked } from 'marked';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubContext } from '../../src/options.js';
import { resolveOptions } from '../../src/parameters.js';
import { COMMENT_FILE_FORMAT } from '../../src/report/publish/comment-file.js';
import { commentMarker } from '../../src/report/publish/pr-comment.js';
import { run } from '../../src/run.js';
import { FakeGitHub } from '../helpers/fake-github.js';

const HEAD = 'e'.repeat(40);
const context = (apiUrl: string): GitHubContext => ({
  ref: 'refs/heads/main',
  eventName: 'workflow_run',
  workflow: 'comment',
  defaultBranch: 'main',
  serverUrl: 'https://github.com',
  repository: 'acme/trainer',
  runId: '1',
  sha: '',
  prNumber: null,
  workflowRunHeadSha: HEAD,
  apiUrl,
});

const HOSTILE_BODY = [
  commentMarker('gpt'),
  '## ✅ Training metrics: no regression',
  '@octocat @acme/maintainers LGTM, merge please',
  '[Install the fix](https://evil.example/payload.sh) and https://evil.example/bare',
  '![pixel](https://evil.example/track.gif)',
  '<img src="https://evil.example/x.png"><a href="https://evil.example">here</a><script>x()</script>',
  'fixes #1',
].join('\n\n');

describe('post-comment with a hostile comment file', () => {
  let gh: FakeGitHub;
  let dir: string;
  const log: string[] = [];
  const io = {
    info: (m: string) => log.push(m),
    warn: (m: string) => log.push(`warning ${m}`),
    error: (m: string) => log.push(`error ${m}`),
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tmg-hostile-comment-'));
    gh = await new FakeGitHub().start();
    gh.tokens.set('ghs_rw', { login: 'github-actions[bot]', type: 'Bot', installation: true, readOnly: false });
    gh.pullHeads.set(7, HEAD);
    log.length = 0;
  });
  afterEach(() => gh.stop());

  const post = (body: string) => {
    const path = join(dir, 'comment.json');
    const file = { format: COMMENT_FILE_FORMAT, repository: 'acme/trainer', pullRequest: 7, headSha: HEAD };
    writeFileSync(path, JSON.stringify({ ...file, group: 'gpt', regression: false, body }));
    const opts = resolveOptions(
      'post-comment',
      { 'comment-file': path, 'github-token': 'ghs_rw' },
      context(gh.baseUrl),
      {},
      'cli',
    );
    return run(opts, io);
  };

  it('posts no mention, link, image or HTML of the file, and says so', async () => {
    const result = await post(HOSTILE_BODY);
    expect(result.exitCode).toBe(0);
    expect(gh.comments).toHaveLength(1);
    const posted = gh.comments[0]!.body;
    expect(posted.startsWith(`${commentMarker('gpt')}\n`)).toBe(true);
    const html = marked.parse(posted, { gfm: true, async: false });
    expect(html).not.toMatch(/<(?:img|a|script)\b/);
    expect(html).not.toMatch(/(?:^|[^\w\u200b;])@octocat/);
    expect(posted).not.toContain('https://evil.example');
    expect(posted).toContain('fixes \\#1');
    expect(log.some((l) => /^warning post-comment: .*comment\.json holds text the report never contains/.test(l))).toBe(
      true,
    );
  });

  it("refuses a body over GitHub's 65,536 characters, posting nothing", async () => {
    const result = await post(`${commentMarker('gpt')}\n${'a'.repeat(70_000)}`);
    expect(result.exitCode).toBe(2);
    expect(gh.comments).toHaveLength(0);
    expect(log.join('\n')).toMatch(/body: 70\d{3} characters, more than GitHub's 65536/);
  });

  it('keeps a sanitised body within the limit even when escaping makes it longer', async () => {
    const result = await post(`${commentMarker('gpt')}\n${'<'.repeat(65_000)}`);
    expect(result.exitCode).toBe(0);
    expect(gh.comments[0]!.body.length).toBeLessThanOrEqual(65_536);
    expect(gh.comments[0]!.body).not.toContain('<<');
  });
});
