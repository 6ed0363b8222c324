import { I as InputError } from './run-fDfXe7WO.js';
import { r as readCommentFile, p as pullRequestHead, c as commentFileMismatch, u as upsertComment } from './comment-file-DmmjD6u1.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'fs';
import 'os';
import 'http';
import 'https';
import 'net';
import 'tls';
import 'events';
import 'assert';
import 'util';
import 'node:assert';
import 'node:net';
import 'node:http';
import 'node:buffer';
import 'node:util';
import 'node:querystring';
import 'node:events';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:zlib';
import 'node:perf_hooks';
import 'node:util/types';
import 'node:worker_threads';
import 'node:url';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import './format-Ctekw4Ld.js';

/**
 * The `post-comment` command: post a comment file written by `comment-file` in a pull request's run
 * (a fork's, with a read-only token) from a second workflow that can write. The file is checked against
 * the repository, the triggering run and the pull request's head before anything is posted; a file that
 * fails a check is an input error, while GitHub being unreachable is a warning, as for every comment.
 */
/** Where the comment went; null when the file was refused (already reported). */
async function postComment(ctx, path) {
    const { options, io } = ctx;
    try {
        const file = await readCommentFile(path);
        if (!options.githubToken)
            throw new InputError('github-token', null, 'post-comment needs a token that can write to pull requests (GITHUB_TOKEN with pull-requests: write)');
        let head;
        try {
            head = await pullRequestHead(options.githubToken, file.repository, file.pullRequest, options.github.apiUrl);
        }
        catch (e) {
            ctx.warn(`post-comment: ${e.message}; nothing posted`);
            return { comment: 'failed', commentUrl: null, html: null, markdown: null };
        }
        const mismatch = commentFileMismatch(file, options.github, head);
        if (mismatch)
            throw new InputError(path, null, `not posted: ${mismatch}`);
        const outcome = await upsertComment({
            token: options.githubToken,
            repository: file.repository,
            issueNumber: file.pullRequest,
            group: file.group,
            body: file.body,
            mode: options.comment,
            regression: file.regression,
            ...(options.github.apiUrl ? { baseUrl: options.github.apiUrl } : {}),
        }, io);
        return { comment: outcome.action, commentUrl: outcome.url ?? null, html: null, markdown: null };
    }
    catch (e) {
        ctx.recordError(e);
        return null;
    }
}

export { postComment };
