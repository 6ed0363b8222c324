/** The PR comment against a loopback server that follows GitHub's documented REST responses (no network). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../test/helpers/fake-github.js';
import { batchInput } from '../../../test/helpers/report-fixtures.js';
import { commentBody, commentGroup, commentMarker, upsertComment, type CommentRequest } from './pr-comment.js';

const BOT = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' as const };
const HUMAN = { login: 'alice', id: 7, type: 'User' as const };

describe("upsertComment against a loopback server following GitHub's REST API", () => {
  let gh: FakeGitHub;
  const logs: { level: string; message: string }[] = [];
  const log = {
    info: (m: string) => logs.push({ level: 'info', message: m }),
    warn: (m: string) => logs.push({ level: 'warn', message: m }),
  };

  beforeEach(async () => {
    gh = await new FakeGitHub().start();
    gh.tokens.set('ghs_installation', { login: BOT.login, type: 'Bot', installation: true, readOnly: false });
    gh.tokens.set('ghs_fork_readonly', { login: BOT.login, type: 'Bot', installation: true, readOnly: true });
    gh.tokens.set('ghp_alice_pat', { login: HUMAN.login, type: 'User', installation: false, readOnly: false });
    gh.maxPerPage = 30;
    logs.length = 0;
  });

  afterEach(async () => {
    await gh.stop();
  });

  const request = (over: Partial<CommentRequest> = {}): CommentRequest => ({
    token: 'ghs_installation',
    repository: 'acme/trainer',
    issueNumber: 7,
    group: 'gpt3-15b-pretrain',
    body: commentBody(batchInput(), 'gpt3-15b-pretrain'),
    mode: 'always',
    regression: true,
    baseUrl: gh.baseUrl,
    ...over,
  });

  function chatter(n: number): void {
    for (let i = 0; i < n; i++)
      gh.addComment(`LGTM ${i}`, i % 3 ? HUMAN : { login: 'codecov[bot]', id: 9, type: 'Bot' });
  }

  it('creates the comment when none carries the marker, reading all pages first', async () => {
    chatter(75); // three pages of 30
    const out = await upsertComment(request(), log);
    expect(out.action).toBe('created');
    const lists = gh.requests.filter((r) => r.method === 'GET' && r.path.includes('/issues/7/comments'));
    expect(lists.map((r) => new URL(r.path, gh.baseUrl).searchParams.get('page') ?? '1')).toEqual(['1', '2', '3']);
    expect(gh.comments).toHaveLength(76);
    expect(gh.comments[75]!.body.startsWith(`${commentMarker('gpt3-15b-pretrain')}\n## ❌ Training metrics`)).toBe(
      true,
    );
    expect(gh.requests.every((r) => r.authorization === 'token ghs_installation')).toBe(true);
  });

  it('updates in place the marked comment found on the third page, ignoring a marked copy by someone else', async () => {
    chatter(20);
    gh.addComment(`${commentMarker('gpt3-15b-pretrain')}\nquoted by a human`, HUMAN); // page 1, not ours
    chatter(45);
    const ours = gh.addComment(`${commentMarker('gpt3-15b-pretrain')}\nold report`, BOT); // page 3
    chatter(5);
    const out = await upsertComment(request(), log);
    expect(out).toMatchObject({ action: 'updated', id: ours.id });
    expect(gh.comments).toHaveLength(72);
    expect(ours.body).toContain('## ❌ Training metrics: 2 of 3 runs regressed');
    expect(gh.comments[20]!.body).toBe(`${commentMarker('gpt3-15b-pretrain')}\nquoted by a human`);
    expect(gh.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('with a personal token, matches its own login from GET /user', async () => {
    gh.addComment(`${commentMarker('g')}\nby the bot`, BOT);
    const mine = gh.addComment(`${commentMarker('g')}\nby alice`, HUMAN);
    const out = await upsertComment(request({ token: 'ghp_alice_pat', group: 'g', body: 'new' }), log);
    expect(out).toMatchObject({ action: 'updated', id: mine.id });
    expect(mine.body).toBe(`${commentMarker('g')}\nnew`);
  });

  it('keeps one comment per group', async () => {
    await upsertComment(request({ group: 'a', body: 'A1' }), log);
    await upsertComment(request({ group: 'b', body: 'B1' }), log);
    await upsertComment(request({ group: 'a', body: 'A2' }), log);
    expect(gh.comments.map((c) => c.body)).toEqual([`${commentMarker('a')}\nA2`, `${commentMarker('b')}\nB1`]);
  });

  it('on-regression: creates nothing for a clean run, but updates an earlier report so it is not stale', async () => {
    expect((await upsertComment(request({ mode: 'on-regression', regression: false }), log)).action).toBe('skipped');
    expect(gh.comments).toHaveLength(0);
    await upsertComment(request({ mode: 'on-regression', regression: true, body: 'red' }), log);
    const out = await upsertComment(request({ mode: 'on-regression', regression: false, body: 'green again' }), log);
    expect(out.action).toBe('updated');
    expect(gh.comments.map((c) => c.body)).toEqual([`${commentMarker('gpt3-15b-pretrain')}\ngreen again`]);
  });

  it('off, no pull request, or no token: no request at all', async () => {
    expect((await upsertComment(request({ mode: 'off' }), log)).action).toBe('skipped');
    expect((await upsertComment(request({ issueNumber: null }), log)).action).toBe('skipped');
    expect((await upsertComment(request({ token: null }), log)).action).toBe('skipped');
    expect(gh.requests).toHaveLength(0);
  });

  it('a read-only token from a fork PR (403) is a warning, never a throw, and the token is never printed', async () => {
    chatter(3);
    const out = await upsertComment(request({ token: 'ghs_fork_readonly' }), log);
    expect(out.action).toBe('failed');
    expect(out.reason).toMatch(/HTTP 403/);
    const warns = logs.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]!.message).toMatch(/fork/);
    expect(warns[0]!.message).toMatch(/job summary/);
    expect(JSON.stringify(logs)).not.toContain('ghs_fork_readonly');
    expect(gh.comments).toHaveLength(3);
  });

  it('an unreachable API is a warning too', async () => {
    const out = await upsertComment(request({ baseUrl: 'http://127.0.0.1:9' }), log);
    expect(out.action).toBe('failed');
    expect(logs.some((l) => l.level === 'warn')).toBe(true);
  });

  it('a body over 65,536 characters is shortened, not refused', async () => {
    const out = await upsertComment(request({ body: 'x'.repeat(70_000) }), log);
    expect(out.action).toBe('created');
    expect(gh.comments[0]!.body.length).toBeLessThanOrEqual(65_536);
    expect(gh.comments[0]!.body).toMatch(/shortened to fit GitHub's comment size limit\.\n$/);
  });
});

describe('commentGroup', () => {
  it('names a group by its experiments, short and stable', () => {
    expect(commentGroup(['b', 'a', 'a'])).toBe('a+b');
    const long = commentGroup(Array.from({ length: 30 }, (_, i) => `experiment-${i}`));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toBe(commentGroup(Array.from({ length: 30 }, (_, i) => `experiment-${29 - i}`)));
  });
});

describe('upsertComment when GitHub cannot be reached', () => {
  it('says the connection was refused, and where — not "HTTP 500"', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const warnings: string[] = [];
    const outcome = await upsertComment(
      {
        token: 'ghs_x',
        repository: 'acme/trainer',
        issueNumber: 7,
        group: 'gpt',
        body: 'report',
        mode: 'always',
        regression: false,
        baseUrl: `http://127.0.0.1:${port}`,
        authorLogin: 'github-actions[bot]',
      },
      { info: () => {}, warn: (m) => warnings.push(m) },
    );
    expect(outcome.action).toBe('failed');
    expect(outcome.reason).toBe(`connection refused to 127.0.0.1:${port}`);
    expect(warnings.join('\n')).not.toContain('HTTP 500');
  });
});
