/**
 * A regression recorded, then checked on later days, as the daily job on the default branch does it:
 * a real repository of twelve commits where commit 5 makes MFU 7 % worse, `check` (record: auto) on each
 * commit in turn, so every regressing run is recorded with the gate's flag. On the day of the regression
 * and on every later day the culprit range names commits 4 → 5, with how many runs ago it began, until
 * the slower level is accepted with --new-baseline on day 10 (then the new level is the baseline); and a
 * real `git bisect run` driving `check --bisect` names commit 5 whether 1, 2 or 5 bad runs were recorded
 * after it. (Before the flag, the second day named the first bad run as "last good", and with two bad
 * runs recorded the bisection blamed the wrong commit.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GateResult } from '../../src/model.js';
import { cliIn } from '../helpers/cli-in-process.js';
import { GIT_ENV, git, trainAt, trainingRepository } from '../helpers/training-repo.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const _root = new URL('../../', import.meta.url).pathname;
const BAD_FROM = 5;
const ACCEPTED = 10;

/** The nightly job on main for commit i: its own workflow run, recorded under record: auto. */
const nightly = (sha: string, i: number): NodeJS.ProcessEnv => ({
  ...GIT_ENV,
  GITHUB_EVENT_NAME: 'schedule',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_REPOSITORY: 'org/trainer',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_SHA: sha,
  GITHUB_RUN_ID: String(900 + i),
});

describe('a recorded regression, checked on later days', () => {
  it('names the same culprit on every day, and bisect finds it with 1, 2 and 5 bad runs recorded', {
    timeout: 600_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-days-'));
    const { repo, commits, train } = await trainingRepository(dir, {
      commits: 12,
      badFrom: BAD_FROM,
      good: 0.42,
      bad: 0.3906,
    });
    const H = join(dir, 'history.json');
    const csv = join(dir, 'metrics.csv');
    const out = join(dir, 'out.json');
    const md = join(dir, 'report.md');
    const snapshots = new Map<number, string>();
    for (const [i, c] of commits.entries()) {
      trainAt(repo, train, c, csv);
      // On day 10 someone accepts the slower level.
      const accept = i === ACCEPTED ? ['--new-baseline'] : [];
      const r = await cliIn(
        repo,
        ['check', '--history', H, '--experiment', 'gpt', '--csv', csv, '--json', out, '--markdown', md, ...accept],
        nightly(c, i),
      );
      const gate = (JSON.parse(await readFile(out, 'utf8')) as { experiments: GateResult[] }).experiments[0]!;
      if (i < BAD_FROM) {
        expect(r.code, `day ${i}: ${r.err}`).toBe(0);
        expect(gate.culprit).toBeUndefined();
      } else if (i >= ACCEPTED) {
        // Accepted: the marked run passes, and the next is judged against the new level (too few runs yet).
        expect(r.code, `day ${i}: ${r.err}`).toBe(0);
        if (i > ACCEPTED) {
          expect(gate.culprit, `day ${i}`).toBeUndefined();
          expect(gate.metrics.find((m) => m.name === 'mfu')?.reason).toMatch(/since the new baseline/);
        }
      } else {
        expect(r.code, `day ${i}: ${r.err}`).toBe(1);
        expect(gate.metrics.find((m) => m.name === 'mfu')?.verdict, `day ${i}`).toBe('regression');
        expect(gate.culprit, `day ${i}`).toMatchObject({
          metric: 'mfu',
          good: { sha: commits[BAD_FROM - 1] },
          bad: { sha: commits[BAD_FROM] },
          runsAgo: i - BAD_FROM,
          compare: `https://github.com/org/trainer/compare/${commits[BAD_FROM - 1]}...${commits[BAD_FROM]}`,
        });
        if (i > BAD_FROM) {
          const ago = i - BAD_FROM;
          const [good, first] = [commits[BAD_FROM - 1]!.slice(0, 12), commits[BAD_FROM]!.slice(0, 12)];
          expect(await readFile(md, 'utf8')).toContain(
            `mfu regressed since run ${gate.culprit!.bad.run} #${900 + BAD_FROM} (commit \`${good}\` → \`${first}\`), ${ago} run${ago === 1 ? '' : 's'} ago`,
          );
        }
      }
      // Every run is recorded, the regressing ones with the gate's flag on MFU only.
      const history = JSON.parse(await readFile(H, 'utf8')) as {
        runs: { sha: string; metrics: Record<string, { regressed?: true }> }[];
      };
      expect(history.runs).toHaveLength(i + 1);
      expect(history.runs[i]!.metrics.mfu!.regressed).toBe(i >= BAD_FROM && i < ACCEPTED ? true : undefined);
      expect(history.runs[i]!.metrics.loss!.regressed).toBeUndefined();
      snapshots.set(i, await readFile(H, 'utf8'));
    }
    git(repo, 'checkout', '--quiet', 'main');

    // The history as it stood with 1, 2 and 5 bad runs recorded; each bisection from commit 0 to the newest.
    for (const bad of [1, 2, 5]) {
      const h = join(dir, `history-${bad}.json`);
      await writeFile(h, snapshots.get(BAD_FROM + bad - 1)!);
      const check = `node ${JSON.stringify(train)} ${JSON.stringify(csv)} && node ${JSON.stringify(SOURCE_CLI)} check --history ${JSON.stringify(h)} --experiment gpt --csv ${JSON.stringify(csv)} --bisect`;
      git(repo, 'bisect', 'start', commits[11]!, commits[0]!);
      const run = spawnSync('git', ['bisect', 'run', 'sh', '-c', check], { cwd: repo, env: GIT_ENV, encoding: 'utf8' });
      git(repo, 'bisect', 'reset');
      expect(run.status, `${bad} bad run(s): ${run.stderr}`).toBe(0);
      expect(run.stdout, `${bad} bad run(s)`).toContain(`${commits[BAD_FROM]} is the first bad commit`);
    }
  });
});
