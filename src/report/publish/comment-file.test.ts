import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GitHubContext } from '../../options.js';
import {
  COMMENT_FILE_FORMAT,
  commentFileMismatch,
  readCommentFile,
  writeCommentFile,
  type CommentFile,
} from './comment-file.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-comment-file-'));
const HEAD = 'a'.repeat(40);
const file: CommentFile = {
  format: COMMENT_FILE_FORMAT,
  repository: 'acme/trainer',
  pullRequest: 7,
  headSha: HEAD,
  group: 'gpt3-1.3b',
  regression: true,
  body: '<!-- training-metrics-gate:gpt3-1.3b -->\n## ❌ Training metrics',
};
const github: GitHubContext = {
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
};

describe('comment file', () => {
  it('reads back what was written', async () => {
    const path = join(dir, 'nested', 'comment.json');
    await writeCommentFile(path, file);
    expect(await readCommentFile(path)).toEqual(file);
  });

  it('names the file, the line and the field that is wrong', async () => {
    const cases: [Partial<Record<keyof CommentFile, unknown>>, RegExp][] = [
      [{ pullRequest: '7; rm -rf' }, /comment\.json:4: pullRequest: expected a pull request number/],
      [{ headSha: 'main' }, /comment\.json:5: headSha: expected a 40-character commit SHA/],
      [{ repository: 'acme' }, /comment\.json:3: repository: expected owner\/name/],
      [{ group: '../../x y' }, /comment\.json:6: group: expected a comment group name/],
      [{ body: 'x'.repeat(70_000) }, /comment\.json:8: body: 70000 characters, more than GitHub's 65536/],
      [{ format: 'other@9' }, /comment\.json:2: format: expected "training-metrics-gate\/comment@1"/],
    ];
    for (const [change, message] of cases) {
      const path = join(dir, 'comment.json');
      writeFileSync(path, JSON.stringify({ ...file, ...change }, null, 2));
      await expect(readCommentFile(path)).rejects.toThrow(message);
    }
    writeFileSync(join(dir, 'broken.json'), '{\n  "format": "training-metrics-gate/comment@1",\n  oops\n}');
    await expect(readCommentFile(join(dir, 'broken.json'))).rejects.toThrow(/broken\.json:3: not JSON/);
    await expect(readCommentFile(join(dir, 'missing.json'))).rejects.toThrow(
      /missing\.json: cannot read the comment file: ENOENT/,
    );
  });

  it('is posted only for this repository, the triggering commit and the pull request head', () => {
    expect(commentFileMismatch(file, github, HEAD)).toBeNull();
    expect(commentFileMismatch({ ...file, repository: 'evil/trainer' }, github, HEAD)).toMatch(
      /written for evil\/trainer, but this is acme\/trainer/,
    );
    expect(commentFileMismatch({ ...file, headSha: 'b'.repeat(40) }, github, 'b'.repeat(40))).toMatch(
      /workflow run that triggered this one was for aaaaaaaaaaaa/,
    );
    expect(commentFileMismatch(file, github, 'c'.repeat(40))).toMatch(/pull request #7 is at cccccccccccc/);
    // Outside workflow_run there is no triggering commit; the pull request's head still has to match.
    expect(commentFileMismatch(file, { ...github, workflowRunHeadSha: null }, HEAD)).toBeNull();
  });
});
