/**
 * A loopback HTTP server that follows GitHub's documented REST responses for issue comments:
 * GET /repos/{o}/{r}/issues/{n}/comments (paged, `Link` header with rel="next"/"last"),
 * POST the same (201), PATCH /repos/{o}/{r}/issues/comments/{id} (200), GET /user
 * (403 "Resource not accessible by integration" for an installation token), GET /repos/{o}/{r}/pulls/{n}
 * (the pull request with its `head.sha`; 404 for one not set up). A read-only token
 * (as a pull request from a fork gets) receives 403 on every write.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; id: number; type: 'User' | 'Bot' };
}

export interface FakeToken {
  /** Login of the token's owner. */
  login: string;
  type: 'User' | 'Bot';
  /** An installation token (GITHUB_TOKEN) may not call GET /user. */
  installation: boolean;
  readOnly: boolean;
}

export interface RequestLog {
  method: string;
  path: string;
  authorization: string | undefined;
}

export class FakeGitHub {
  readonly comments: FakeComment[] = [];
  readonly requests: RequestLog[] = [];
  readonly tokens = new Map<string, FakeToken>();
  /** Head commit of each pull request by number (GET …/pulls/{n}). */
  readonly pullHeads = new Map<number, string>();
  /**
   * Answer every request with this status and a message that echoes the request's headers (as a proxy or a
   * misconfigured server in front of the API may), to show that no part of the token is ever printed.
   */
  echoHeadersWith: number | null = null;
  /** GitHub's largest page is 100; tests use fewer per page to get many pages with few comments. */
  maxPerPage = 100;
  private nextId = 1000;
  private server!: Server;
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  addComment(body: string, user: FakeComment['user']): FakeComment {
    const c = { id: this.nextId++, body, user };
    this.comments.push(c);
    return c;
  }

  private json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  }

  private view(c: FakeComment, owner: string, repo: string, n: number) {
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${this.baseUrl}/repos/${owner}/${repo}/issues/comments/${c.id}`,
      html_url: `https://github.com/${owner}/${repo}/pull/${n}#issuecomment-${c.id}`,
      issue_url: `${this.baseUrl}/repos/${owner}/${repo}/issues/${n}`,
      body: c.body,
      user: { login: c.user.login, id: c.user.id, type: c.user.type },
      created_at: '2026-11-29T00:00:00Z',
      updated_at: '2026-11-29T00:00:00Z',
      author_association: 'NONE',
    };
  }

  private handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
    });
    if (this.echoHeadersWith !== null)
      return this.json(res, this.echoHeadersWith, {
        message: `Request refused; headers were ${JSON.stringify(req.headers)}`,
        status: String(this.echoHeadersWith),
      });
    const token = this.tokens.get((req.headers.authorization ?? '').replace(/^(token|bearer) /i, ''));
    if (!token)
      return this.json(res, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    const forbidden = () =>
      this.json(res, 403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
        status: '403',
      });

    if (req.method === 'GET' && url.pathname === '/user') {
      if (token.installation) return forbidden();
      return this.json(res, 200, { login: token.login, id: 1, type: token.type });
    }
    let m = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const [, owner, repo, num] = m as unknown as [string, string, string, string];
      const sha = this.pullHeads.get(Number(num));
      if (!sha) return this.json(res, 404, { message: 'Not Found', status: '404' });
      return this.json(res, 200, {
        number: Number(num),
        state: 'open',
        html_url: `https://github.com/${owner}/${repo}/pull/${num}`,
        head: { sha, ref: 'feature', repo: { full_name: `fork-owner/${repo}`, fork: true } },
        base: { sha: '1'.repeat(40), ref: 'main', repo: { full_name: `${owner}/${repo}`, fork: false } },
      });
    }
    m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
    if (m) {
      const [, owner, repo, num] = m as unknown as [string, string, string, string];
      const n = Number(num);
      if (req.method === 'GET') {
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), this.maxPerPage);
        const page = Number(url.searchParams.get('page') ?? 1);
        const last = Math.max(1, Math.ceil(this.comments.length / perPage));
        const slice = this.comments.slice((page - 1) * perPage, page * perPage);
        const link = (p: number, rel: string) =>
          `<${this.baseUrl}/repos/${owner}/${repo}/issues/${n}/comments?per_page=${perPage}&page=${p}>; rel="${rel}"`;
        const links: string[] = [];
        if (page > 1) links.push(link(page - 1, 'prev'), link(1, 'first'));
        if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
        return this.json(
          res,
          200,
          slice.map((c) => this.view(c, owner, repo, n)),
          links.length ? { link: links.join(', ') } : {},
        );
      }
      if (req.method === 'POST') {
        if (token.readOnly) return forbidden();
        const { body: text } = JSON.parse(body) as { body: string };
        if (text.length > 65_536)
          return this.json(res, 422, {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'IssueComment',
                code: 'custom',
                field: 'body',
                message: 'body is too long (maximum is 65536 characters)',
              },
            ],
          });
        const c = this.addComment(text, { login: token.login, id: 2, type: token.type });
        return this.json(res, 201, this.view(c, owner, repo, n));
      }
    }
    m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'PATCH') {
      const [, owner, repo, id] = m as unknown as [string, string, string, string];
      if (token.readOnly) return forbidden();
      const c = this.comments.find((x) => x.id === Number(id));
      if (!c) return this.json(res, 404, { message: 'Not Found', status: '404' });
      if (c.user.login !== token.login) return forbidden();
      const { body: text } = JSON.parse(body) as { body: string };
      if (text.length > 65_536) return this.json(res, 422, { message: 'Validation Failed' });
      c.body = text;
      return this.json(res, 200, this.view(c, owner, repo, 7));
    }
    this.json(res, 404, { message: 'Not Found', status: '404' });
  }
}
