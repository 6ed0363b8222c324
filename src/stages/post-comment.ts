/**
 * The `post-comment` command: post a comment file written by `comment-file` in a pull request's run
 * (a fork's, with a read-only token) from a second workflow that can write. The file is checked against
 * the repository, the triggering run and the pull request's head before anything is posted; a file that
 * fails a check is an input error, while GitHub being unreachable is a warning, as for every comment.
 * The body is posted only as far as it is what the report renderer writes (comment-sanitize.ts).
 */
import { InputError } from '../model.js';
import { commentMarker, pullRequestHead, upsertComment } from '../report/publish/pr-comment.js';
import { sanitizeCommentBody } from '../report/publish/comment-sanitize.js';
import { commentFileMismatch, readCommentFile } from '../report/publish/comment-file.js';
import type { RunContext } from './run-context.js';
import type { ReportOutcome } from './run-result.js';

/** Where the comment went; null when the file was refused (already reported). */
export async function postComment(ctx: RunContext, path: string): Promise<ReportOutcome | null> {
  const { options, io } = ctx;
  try {
    const file = await readCommentFile(path);
    if (!options.githubToken)
      throw new InputError(
        'github-token',
        null,
        'post-comment needs a token that can write to pull requests (GITHUB_TOKEN with pull-requests: write)',
      );
    let head: string;
    try {
      head = await pullRequestHead(options.githubToken, file.repository, file.pullRequest, options.github.apiUrl);
    } catch (e) {
      ctx.warn(`post-comment: ${(e as Error).message}; nothing posted`);
      return { comment: 'failed', commentUrl: null, html: null, markdown: null };
    }
    const mismatch = commentFileMismatch(file, options.github, head);
    if (mismatch) throw new InputError(path, null, `not posted: ${mismatch}`);
    // Only what the renderer writes goes out with this token: the file was written by the pull request's code.
    const { body, changed } = sanitizeCommentBody(file.body, {
      marker: commentMarker(file.group),
      runLinkPrefix: `${options.github.serverUrl || 'https://github.com'}/${file.repository}/actions/runs/`,
    });
    if (changed)
      ctx.warn(
        `post-comment: ${path} holds text the report never contains (HTML, links, images, mentions or references); it is posted as plain text`,
      );
    const outcome = await upsertComment(
      {
        token: options.githubToken,
        repository: file.repository,
        issueNumber: file.pullRequest,
        group: file.group,
        body,
        mode: options.comment,
        regression: file.regression,
        ...(options.github.apiUrl ? { baseUrl: options.github.apiUrl } : {}),
      },
      io,
    );
    return { comment: outcome.action, commentUrl: outcome.url ?? null, html: null, markdown: null };
  } catch (e) {
    ctx.recordError(e);
    return null;
  }
}
