/**
 * Put the report where people look: files (Markdown, HTML artifact), the job summary, annotations
 * and the PR comment. Only the report files can fail the run (a path the user gave that cannot be
 * written: an InputError, thrown after everything else went out); everything on GitHub's side
 * degrades to a warning and never changes the verdict.
 */
import type { GitHubContext } from '../../options.js';
import { annotate, type AnnotationSink } from './annotations.js';
import { writeReportFiles } from './report-files.js';
import { commentBody, commentGroup, upsertComment, type CommentMode, type CommentOutcome } from './pr-comment.js';
import { writeCommentFile } from './comment-file.js';
import { summaryMarkdown, writeJobSummary, type SummaryWriter } from './job-summary.js';
import type { ReportInput } from '../report-input.js';
import { runStatus } from '../render/verdict.js';

export interface PublishOptions {
  /** `--markdown` / input `markdown`: write the full Markdown report here. */
  markdown: string | null;
  /** `--html` / input `html`: write the self-contained HTML report here (upload it as an artifact). */
  html: string | null;
  /** `--comment` / input `comment`. */
  comment: CommentMode;
  /** `--github-token` / input `github-token`. */
  githubToken: string | null;
  /** `--comment-file` / input `comment-file`: write the comment for a second workflow to post (fork pull requests). */
  commentFile?: string | null;
  /** The run's context; its `apiUrl` (GITHUB_API_URL, GHES) is where the comment goes. */
  github: GitHubContext;
  /** Append to GITHUB_STEP_SUMMARY: always in the action; in the CLI when that variable is set. */
  jobSummary: boolean;
  /** One PR comment per group; default: derived from the experiment names (commentGroup). */
  commentGroup?: string;
  /** Login of the token's owner when known, e.g. `github-actions[bot]` (saves a GET /user). */
  commentAuthor?: string;
}

export interface PublishDeps {
  io: { info(message: string): void; warn(message: string): void };
  /** `@actions/core` in the action; omitted in the CLI (which prints the report instead). */
  annotations?: AnnotationSink;
  /** `core.summary`; default the one from @actions/core. */
  summary?: SummaryWriter;
}

export interface PublishResult {
  summaryWritten: boolean;
  files: { markdown?: string; html?: string; comment?: string };
  annotations: { errors: number; warnings: number };
  comment: CommentOutcome;
}

export async function publishReport(
  input: ReportInput,
  options: PublishOptions,
  deps: PublishDeps,
): Promise<PublishResult> {
  const report: ReportInput = { ...input, github: input.github ?? options.github };
  // A report path that cannot be written is the user's error, but the summary and the comment still go out first.
  let files: PublishResult['files'] = {};
  let fileError: unknown = null;
  try {
    files = await writeReportFiles(report, { markdown: options.markdown, html: options.html }, (m) => deps.io.warn(m));
  } catch (err) {
    fileError = err;
  }

  let summaryWritten = false;
  if (options.jobSummary) {
    try {
      await writeJobSummary(
        summaryMarkdown(report, options.html ? 'the HTML report artifact' : undefined),
        deps.summary,
      );
      summaryWritten = true;
    } catch (err) {
      deps.io.warn(`Could not write the job summary: ${(err as Error).message}`);
    }
  }

  const annotations = deps.annotations
    ? annotate(
        report.runs.map((r) => r.gate),
        deps.annotations,
        report.runs.flatMap((r) => (r.summary ? [r.summary] : [])),
      )
    : { errors: 0, warnings: 0 };

  const group = options.commentGroup ?? commentGroup(report.runs.map((r) => r.gate.experiment));
  const body = commentBody(report, group, summaryWritten ? 'the job summary' : 'the workflow run');
  const regression = report.runs.some((r) => runStatus(r.gate) === 'regression');
  if (options.commentFile) {
    try {
      if (await commentFileFor(options.commentFile, options.github, { group, regression, body }, deps.io))
        files = { ...files, comment: options.commentFile };
    } catch (err) {
      fileError ??= err;
    }
  }
  const comment = await upsertComment(
    {
      token: options.githubToken,
      repository: options.github.repository,
      issueNumber: options.github.prNumber,
      group,
      body,
      mode: options.comment,
      regression,
      ...(options.github.apiUrl ? { baseUrl: options.github.apiUrl } : {}),
      ...(options.commentAuthor ? { authorLogin: options.commentAuthor } : {}),
    },
    deps.io,
  );
  if (fileError) throw fileError;
  return { summaryWritten, files, annotations, comment };
}

/** Write the comment for a second workflow to post; false (and a note) outside a pull request run. */
async function commentFileFor(
  path: string,
  github: GitHubContext,
  comment: { group: string; regression: boolean; body: string },
  io: PublishDeps['io'],
): Promise<boolean> {
  const { prNumber, prHeadSha, repository } = github;
  if (prNumber === null || !prHeadSha) {
    io.info('comment-file: not written, as this is not a pull request run');
    return false;
  }
  await writeCommentFile(path, { repository, pullRequest: prNumber, headSha: prHeadSha, ...comment }, (m) =>
    io.warn(m),
  );
  return true;
}
