import { I as InputError } from './postgres-url-BwyVfIQz.js';
import { r as readCommentFile, p as pullRequestHead, c as commentFileMismatch, a as commentMarker, u as upsertComment } from './comment-file-ChMN-q5E.js';
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
import './request-CE_0COi9.js';
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
import './bounded-lookup-DY3pov_C.js';
import 'node:child_process';
import './compare-link-Bp_UE-20.js';
import './format-CFdaLMzN.js';

/**
 * A comment body from a comment file, made safe to post with a write token. The file comes out of a run of
 * a fork's code, so its body is whatever that code wrote; what the tool's renderer writes is known, and
 * everything else is neutralised: raw HTML other than `<details>`, `<summary>` and `<sub>`, links other
 * than the one to the workflow run, images, bare URLs, @mentions, issue references and unknown entities.
 * The renderer's own output passes unchanged (tested), so a genuine file posts as it was written.
 */
/** What the renderer writes and may stay: its three HTML tags, its entities, a mention it already broke. */
const KEPT = [
    String.raw `<\/?(?:details|summary|sub)>|&(?:amp|lt|gt|quot|#39|#8203|#47|#46);|@&#8203;`,
    // The loss chart's colours (mermaid.ts), whose `#` is not an issue reference.
    String.raw `^%%\{init: \{"themeVariables": \{"xyChart": \{"plotColorPalette": "#[0-9a-f]{6}(?:, #[0-9a-f]{6})*"\}\}\}\}%%$`,
].join('|');
/**
 * What can form markup, a link, an image, a mention or a reference; each is replaced by its text. A `]`
 * that opens a link target, a reference or a definition counts as escaped only after an odd number of
 * backslashes: `\\]` is an escaped backslash and then a live bracket, which CommonMark links.
 */
const HOSTILE = String.raw `[&<@]|!\[|(?<!\\)(?:\\\\)*\](?=[(:[])|:\/\/|\bwww\.|(?<![\\&])#(?=\d)`;
function sanitizeCommentBody(body, allow) {
    const runLink = String.raw `\[Workflow run\]\(${escapeRegExp(allow.runLinkPrefix)}\d+\)`;
    const tokens = new RegExp(`(${KEPT}|${runLink})|${HOSTILE}`, 'gim');
    const marked = body.startsWith(allow.marker);
    const rest = marked ? body.slice(allow.marker.length) : body;
    const sanitized = (marked ? allow.marker : '') + rest.replace(tokens, (m, kept) => (kept ? m : asText(m)));
    return { body: sanitized, changed: sanitized !== body };
}
/** The text of a construct that must not form, as the renderer's escaping writes it. */
function asText(m) {
    switch (m) {
        case '&':
            return '&amp;';
        case '<':
            return '&lt;';
        case '@':
            return '@&#8203;';
        case '![':
            return '!\\[';
        case '://':
            return ':&#47;&#47;';
        case '#':
            return '\\#';
        default:
            // A bracket after its even run of backslashes (kept, as written), escaped; else `www.`.
            return m.endsWith(']') ? `${m.slice(0, -1)}\\]` : `${m.slice(0, 3)}&#46;`;
    }
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The `post-comment` command: post a comment file written by `comment-file` in a pull request's run
 * (a fork's, with a read-only token) from a second workflow that can write. The file is checked against
 * the repository, the triggering run and the pull request's head before anything is posted; a file that
 * fails a check is an input error, while GitHub being unreachable is a warning, as for every comment.
 * The body is posted only as far as it is what the report renderer writes (comment-sanitize.ts).
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
        // Only what the renderer writes goes out with this token: the file was written by the pull request's code.
        const { body, changed } = sanitizeCommentBody(file.body, {
            marker: commentMarker(file.group),
            runLinkPrefix: `${options.github.serverUrl || 'https://github.com'}/${file.repository}/actions/runs/`,
        });
        if (changed)
            ctx.warn(`post-comment: ${path} holds text the report never contains (HTML, links, images, mentions or references); it is posted as plain text`);
        const outcome = await upsertComment({
            token: options.githubToken,
            repository: file.repository,
            issueNumber: file.pullRequest,
            group: file.group,
            body,
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
