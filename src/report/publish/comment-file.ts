/**
 * The PR comment as a file, for pull requests from forks. Their runs get a read-only token, so the job
 * that gates writes the comment it would post (`comment-file`), and a second workflow — on `workflow_run`,
 * in the base repository, with a write token, never running the fork's code — posts it (the `post-comment`
 * command). The file comes out of a run of untrusted code, so it is read as data and checked before it is
 * posted: the repository is this one, and the pull request's head is the commit the gating run was for.
 */
import { mkdir } from 'node:fs/promises';
import { readRegularText } from '../../ingest/file.js';
import { dirname } from 'node:path';
import { InputError, lineAt } from '../../model.js';
import type { GitHubContext } from '../../options.js';
import { COMMENT_MAX_CHARS } from '../render/markdown-within-limit.js';
import { replacedLinkWarning, writeFileAtomic } from '../../write-file.js';

export const COMMENT_FILE_FORMAT = 'training-metrics-gate/comment@1';

export interface CommentFile {
  format: typeof COMMENT_FILE_FORMAT;
  /** `owner/name` of the base repository. */
  repository: string;
  pullRequest: number;
  /** The pull request's head commit the gated run was for. */
  headSha: string;
  /** The comment group (one comment per group per pull request). */
  group: string;
  /** Whether a run regressed (for comment mode on-regression). */
  regression: boolean;
  /** The comment's Markdown, marker included. */
  body: string;
}

export async function writeCommentFile(
  path: string,
  file: Omit<CommentFile, 'format'>,
  warn: (message: string) => void = () => {},
): Promise<void> {
  const written: CommentFile = { format: COMMENT_FILE_FORMAT, ...file };
  try {
    await mkdir(dirname(path), { recursive: true });
    const { replacedLink } = await writeFileAtomic(path, `${JSON.stringify(written, null, 2)}\n`);
    if (replacedLink) warn(replacedLinkWarning(path));
  } catch (err) {
    throw new InputError(
      path,
      null,
      `cannot write the comment file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** Read and check a comment file's shape; every problem is an InputError naming the file and, where it can, the line. */
export async function readCommentFile(path: string): Promise<CommentFile> {
  let text: string;
  try {
    text = await readRegularText(path);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(
      path,
      null,
      `cannot read the comment file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message);
    throw new InputError(
      path,
      at ? lineAt(text, Number(at[1])) : null,
      `not JSON: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const bad = (field: string, why: string): InputError => {
    const at = text.indexOf(`"${field}"`);
    return new InputError(path, at >= 0 ? lineAt(text, at) : null, `${field}: ${why}`);
  };
  if (o.format !== COMMENT_FILE_FORMAT)
    throw bad('format', `expected "${COMMENT_FILE_FORMAT}" (a file written by comment-file)`);
  if (typeof o.repository !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(o.repository))
    throw bad('repository', 'expected owner/name');
  if (typeof o.pullRequest !== 'number' || !Number.isInteger(o.pullRequest) || o.pullRequest <= 0)
    throw bad('pullRequest', 'expected a pull request number');
  if (typeof o.headSha !== 'string' || !/^[0-9a-f]{40}$/.test(o.headSha))
    throw bad('headSha', 'expected a 40-character commit SHA');
  if (typeof o.group !== 'string' || !/^[A-Za-z0-9_.+-]{1,100}$/.test(o.group))
    throw bad('group', 'expected a comment group name');
  if (typeof o.regression !== 'boolean') throw bad('regression', 'expected true or false');
  if (typeof o.body !== 'string' || !o.body.trim()) throw bad('body', 'expected the comment text');
  if (o.body.length > COMMENT_MAX_CHARS)
    throw bad('body', `${o.body.length} characters, more than GitHub's ${COMMENT_MAX_CHARS}`);
  return o as unknown as CommentFile;
}

/**
 * Why the file must not be posted here, or null: it names another repository, or another commit than the
 * workflow run that triggered this one (workflow_run), or the pull request's head is now elsewhere
 * (`pullHead`, as the API says) — an artifact pointing at someone else's pull request, or a stale one.
 */
export function commentFileMismatch(file: CommentFile, github: GitHubContext, pullHead: string): string | null {
  if (github.repository && file.repository !== github.repository)
    return `written for ${file.repository}, but this is ${github.repository}`;
  if (github.workflowRunHeadSha && file.headSha !== github.workflowRunHeadSha) {
    return `written for commit ${file.headSha.slice(0, 12)}, but the workflow run that triggered this one was for ${github.workflowRunHeadSha.slice(0, 12)}`;
  }
  if (file.headSha !== pullHead)
    return `written for commit ${file.headSha.slice(0, 12)}, but pull request #${file.pullRequest} is at ${pullHead.slice(0, 12)} (another pull request, or a newer push)`;
  return null;
}
