/**
 * One PR comment per experiment group, kept up to date: found again by a hidden marker across all
 * pages of comments (and, when known, by its author), updated in place, else created.
 * A read-only token (a pull request from a fork) or any API failure is a warning, never a failure:
 * the job summary carries the report regardless.
 */
import { getOctokit } from '@actions/github';
import { redactSecrets } from '../../http/redact.js';
import { describeNetworkError } from '../../http/request.js';
import { slug } from '../render/escape.js';
import { COMMENT_MAX_CHARS, renderMarkdownWithin } from '../render/markdown-within-limit.js';
import type { ReportInput } from '../report-input.js';

export type CommentMode = 'always' | 'on-regression' | 'off';

export interface CommentRequest {
  /** GITHUB_TOKEN or a PAT; never printed. */
  token: string | null;
  /** `owner/name`. */
  repository: string;
  /** The pull request (or issue) number; null outside a pull request. */
  issueNumber: number | null;
  /** The experiment group this comment is about; one comment per group per PR. */
  group: string;
  /** The comment's Markdown (commentBody makes it, marker included and fitted); a marker is added where missing. */
  body: string;
  mode: CommentMode;
  /** Whether any run in the report regressed (for mode `on-regression`). */
  regression: boolean;
  /** REST API root: GITHUB_API_URL on the runner (GHES), a loopback server in tests. Default https://api.github.com. */
  baseUrl?: string;
  /**
   * Login of the token's owner (e.g. `github-actions[bot]` for GITHUB_TOKEN), to match only our own
   * comments. When absent it is asked with GET /user; where that is refused (installation tokens),
   * a marked comment by a bot is preferred, else any marked comment.
   */
  authorLogin?: string;
}

export interface CommentOutcome {
  action: 'created' | 'updated' | 'skipped' | 'failed';
  /** Why, in one line (also for skipped and failed). */
  reason: string;
  id?: number;
  url?: string;
}

export interface CommentLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The hidden marker that finds a group's comment again. */
export function commentMarker(group: string): string {
  return `<!-- training-metrics-gate:${slug(group) || 'default'} -->`;
}

/** A group name for a set of experiments: their names in order, shortened with a hash when long. */
export function commentGroup(experiments: readonly string[]): string {
  const names = [...new Set(experiments)].sort();
  const joined = slug(names.join('+')) || 'default';
  if (joined.length <= 60) return joined;
  let h = 2166136261;
  for (const c of names.join('\n')) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return `${joined.slice(0, 50)}-${h.toString(16).padStart(8, '0')}`;
}

/** The comment's Markdown for a report: the marker, then the report fitted under 65,536 characters. */
export function commentBody(input: ReportInput, group: string, fullReportAt = 'the job summary'): string {
  return renderMarkdownWithin(input, {
    maxChars: COMMENT_MAX_CHARS,
    prefix: `${commentMarker(group)}\n`,
    fullReportAt,
  });
}

interface IssueComment {
  id: number;
  html_url: string;
  body?: string | null;
  user: { login: string; type?: string } | null;
}

function statusOf(err: unknown): number | undefined {
  return typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number'
    ? err.status
    : undefined;
}

/**
 * One line for a failed API call, the token taken out (a server may echo the request's headers) before
 * the line is cut. A request that never reached GitHub says why ("connection refused to …"): the REST
 * client reports it as status 500, which would read as GitHub's own failure.
 */
function describe(err: unknown, token: string | null): string {
  const status = statusOf(err);
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (status === 500 && cause instanceof Error && !(err as { response?: unknown }).response)
    return redactSecrets(describeNetworkError(cause), [token]);
  const message = redactSecrets(err instanceof Error ? err.message : String(err), [token]).split('\n')[0]!;
  return status ? `HTTP ${status}: ${message.slice(0, 300)}` : message.slice(0, 300) || 'unknown error';
}

/** Create or update the group's comment. Never throws; failures come back as `failed` after a warning. */
export async function upsertComment(req: CommentRequest, log: CommentLog): Promise<CommentOutcome> {
  if (req.mode === 'off') return { action: 'skipped', reason: 'comment is off' };
  if (req.issueNumber === null) return { action: 'skipped', reason: 'not a pull request' };
  if (!req.token) {
    log.warn(
      'No GitHub token: the report is in the job summary only. Pass github-token to comment on the pull request.',
    );
    return { action: 'skipped', reason: 'no token' };
  }
  const [owner, repo] = req.repository.split('/');
  if (!owner || !repo) {
    log.warn(`Cannot comment: repository "${req.repository}" is not owner/name.`);
    return { action: 'failed', reason: 'bad repository' };
  }
  const marker = commentMarker(req.group);
  let body = req.body.includes(marker) ? req.body : `${marker}\n${req.body}`;
  // A body not made by commentBody may still be too long: cut it rather than have GitHub refuse it.
  if (body.length > COMMENT_MAX_CHARS) {
    const note = "\n\n… shortened to fit GitHub's comment size limit.\n";
    body = body.slice(0, COMMENT_MAX_CHARS - note.length) + note;
  }
  const octokit = octokitFor(req.token, req.baseUrl, (m) => log.warn(redactSecrets(m, [req.token])));
  const where = { owner, repo, issue_number: req.issueNumber };
  try {
    const login = req.authorLogin ?? (await ownLogin(octokit));
    const existing = pick(await listAll(octokit, where), marker, login);
    if (req.mode === 'on-regression' && !req.regression && !existing) {
      return { action: 'skipped', reason: 'no regression (mode on-regression)' };
    }
    if (existing) {
      try {
        const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
        log.info(`Updated the report comment ${data.html_url}`);
        return { action: 'updated', reason: 'found by marker', id: data.id, url: data.html_url };
      } catch (err) {
        const status = statusOf(err);
        // 404: deleted since we listed it. 403 with no known login: a marked comment by someone else.
        if (!(status === 404 || (status === 403 && !login))) throw err;
      }
    }
    const { data } = await octokit.rest.issues.createComment({ ...where, body });
    log.info(`Created the report comment ${data.html_url}`);
    return {
      action: 'created',
      reason: existing ? 'marked comment was gone' : 'no marked comment yet',
      id: data.id,
      url: data.html_url,
    };
  } catch (err) {
    const status = statusOf(err);
    const why =
      status === 403 || status === 404
        ? ' The token cannot write to this pull request (a read-only token, as on a pull request from a fork, or missing `pull-requests: write`).'
        : '';
    log.warn(
      `Could not comment on pull request #${req.issueNumber} (${describe(err, req.token)}).${why} The report is in the job summary; see docs/report.md for fork pull requests.`,
    );
    return { action: 'failed', reason: describe(err, req.token) };
  }
}

type Octokit = ReturnType<typeof getOctokit>;

/** A REST client for `baseUrl` (default api.github.com) that says nothing but its warnings, and those through `warn`. */
function octokitFor(token: string, baseUrl: string | undefined, warn: (message: string) => void = () => {}): Octokit {
  return getOctokit(token, {
    ...(baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, '') } : {}),
    log: { debug: () => {}, info: () => {}, warn, error: () => {} },
  });
}

/** The head commit a pull request is at now (GET /repos/{owner}/{repo}/pulls/{n}); throws a one-line error when it cannot be had. */
export async function pullRequestHead(
  token: string,
  repository: string,
  number: number,
  baseUrl?: string,
): Promise<string> {
  const [owner, repo] = repository.split('/');
  const octokit = octokitFor(token, baseUrl);
  try {
    const { data } = await octokit.rest.pulls.get({ owner: owner!, repo: repo!, pull_number: number });
    return data.head.sha;
  } catch (err) {
    throw new Error(`cannot read pull request #${number} of ${repository} (${describe(err, token)})`);
  }
}

/** The token owner's login, or undefined where the token may not ask (GITHUB_TOKEN gets 403). */
async function ownLogin(octokit: Octokit): Promise<string | undefined> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return data.login;
  } catch {
    return undefined;
  }
}

/** Every comment on the issue, following `Link: rel="next"` through all pages. */
async function listAll(
  octokit: Octokit,
  where: { owner: string; repo: string; issue_number: number },
): Promise<IssueComment[]> {
  return (await octokit.paginate(octokit.rest.issues.listComments, { ...where, per_page: 100 })) as IssueComment[];
}

/**
 * Our comment among all: it carries the marker and, when the login is known, was written by it.
 * Without a login a bot's comment is preferred. The oldest match wins, so the comment keeps its place.
 */
export function pick(
  comments: readonly IssueComment[],
  marker: string,
  login: string | undefined,
): IssueComment | undefined {
  const marked = comments.filter((c) => c.body?.includes(marker));
  if (login) return marked.find((c) => c.user?.login === login);
  return marked.find((c) => c.user?.type === 'Bot') ?? marked[0];
}
