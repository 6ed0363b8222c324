/**
 * The commit a run measures: GITHUB_SHA in a workflow, else the checkout's HEAD (a run from a terminal, or
 * under `git bisect run`), so every record and every culprit range names a commit. '' outside a repository.
 */
import { execFileSync } from 'node:child_process';

export function currentCommit(githubSha: string, cwd: string = process.cwd()): string {
  if (githubSha) return githubSha;
  try {
    const head = execFileSync('git', ['rev-parse', '--verify', 'HEAD^{commit}'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    return /^[0-9a-f]{40,64}$/.test(head) ? head : '';
  } catch {
    return '';
  }
}
