/**
 * A real git repository of commits whose "training job" (train.mjs) writes a metrics CSV: MFU from the
 * commit's model.txt, run-to-run noise seeded by the commit, 300 steps. For tests that drive the CLI and
 * `git bisect run` over real commits.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const GIT_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};

/** The training job: `node train.mjs OUT.csv` in the repository; "broken" in model.txt writes a broken file. */
export const TRAIN = `
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
const text = readFileSync('model.txt', 'utf8');
if (text.includes('broken')) { writeFileSync(process.argv[2], 'step,loss,mfu\\n1,2,\\x00oops\\n"'); process.exit(0); }
const level = Number(/mfu=([0-9.]+)/.exec(text)[1]);
let seed = parseInt(execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).slice(0, 8), 16);
const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const run = level * (1 + 0.004 * (2 * rand() - 1));
const lines = ['step,loss,mfu'];
for (let step = 1; step <= 300; step++) {
  const loss = (2 + 8 * Math.exp(-step / 40)) * (1 + 0.01 * (2 * rand() - 1));
  lines.push(step + ',' + loss.toFixed(5) + ',' + (run * (1 + 0.01 * (2 * rand() - 1))).toFixed(5));
}
writeFileSync(process.argv[2], lines.join('\\n') + '\\n');
`;

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** `n` commits; MFU `good` before commit `badFrom` (0-based), `bad` from it on. train.mjs beside the repository. */
export async function trainingRepository(
  dir: string,
  o: { commits: number; badFrom: number; good: number; bad: number },
): Promise<{ repo: string; commits: string[]; train: string }> {
  const repo = join(dir, 'repo');
  git(dir, 'init', '--quiet', '-b', 'main', repo);
  const commits: string[] = [];
  for (let i = 0; i < o.commits; i++) {
    await writeFile(join(repo, 'model.txt'), `mfu=${i >= o.badFrom ? o.bad : o.good}\nchange ${i}\n`);
    git(repo, 'add', 'model.txt');
    git(repo, 'commit', '--quiet', '-m', `change ${i}`);
    commits.push(git(repo, 'rev-parse', 'HEAD'));
  }
  const train = join(dir, 'train.mjs');
  await writeFile(train, TRAIN);
  return { repo, commits, train };
}

/** Checks out `commit` (detached) and runs the training job into `csv`. */
export function trainAt(repo: string, train: string, commit: string, csv: string): void {
  git(repo, 'checkout', '--quiet', '--detach', commit);
  execFileSync(process.execPath, [train, csv], { cwd: repo });
}
