/**
 * `check --bisect` under a real `git bisect run`: a real repository of twelve commits, a training script
 * that writes a metrics CSV whose MFU drops 10 % from the seventh commit on, and a history recorded from
 * every commit (the drop later acknowledged with new-baseline, as a team that missed it might). The
 * bisection, driving the real CLI in a child process at each step, must name the seventh commit.
 * Exit codes: 0 good, 1 bad, 125 skip (a broken metrics file; no comparable history).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliIn } from '../helpers/cli-in-process.js';
import { GIT_ENV, git, trainingRepository } from '../helpers/training-repo.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const root = new URL('../../', import.meta.url).pathname;
const ENV = GIT_ENV;

/** Twelve commits; MFU 0.42 before commit 7 (0-based), 0.378 from it on. */
const repository = (dir: string) => trainingRepository(dir, { commits: 12, badFrom: 7, good: 0.42, bad: 0.378 });

describe('check --bisect under a real git bisect run', () => {
  it('names the commit from which MFU dropped', { timeout: 300_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-bisect-'));
    const { repo, commits, train } = await repository(dir);
    const H = join(dir, 'history.json');
    const csv = join(dir, 'metrics.csv');
    // The history as CI left it: one run recorded per commit; the drop acknowledged at commit 9.
    for (const [i, c] of commits.entries()) {
      git(repo, 'checkout', '--quiet', '--detach', c);
      execFileSync(process.execPath, [train, csv], { cwd: repo });
      const mark = i === 9 ? ['--new-baseline'] : [];
      const r = await cliIn(repo, ['record', '--history', H, '--experiment', 'gpt', '--csv', csv, ...mark], ENV);
      expect(r.code, r.err).toBe(0);
    }
    git(repo, 'checkout', '--quiet', 'main');

    const check = `node ${JSON.stringify(train)} ${JSON.stringify(csv)} && node ${JSON.stringify(SOURCE_CLI)} check --history ${JSON.stringify(H)} --experiment gpt --csv ${JSON.stringify(csv)} --bisect`;
    git(repo, 'bisect', 'start', commits[11]!, commits[0]!);
    const bisect = spawnSync('git', ['bisect', 'run', 'sh', '-c', check], { cwd: repo, env: ENV, encoding: 'utf8' });
    expect(bisect.status, bisect.stderr).toBe(0);
    expect(bisect.stdout).toContain(`${commits[7]} is the first bad commit`);
    git(repo, 'bisect', 'reset');

    // Without --bisect the acknowledged baseline hides the drop from commit 7: it is judged "not enough runs
    // since the new baseline" and passes, which would send a bisection the wrong way.
    git(repo, 'checkout', '--quiet', '--detach', commits[7]!);
    execFileSync(process.execPath, [train, csv], { cwd: repo });
    const plain = await cliIn(
      repo,
      ['check', '--history', H, '--experiment', 'gpt', '--csv', csv, '--record', 'never'],
      ENV,
    );
    expect(plain.code, plain.err).toBe(0);
    const bad = await cliIn(repo, ['check', '--history', H, '--experiment', 'gpt', '--csv', csv, '--bisect'], ENV);
    expect(bad.code, bad.err).toBe(1);
    // --bisect never records: the history still holds the twelve runs.
    const recorded = JSON.parse(execFileSync('cat', [H], { encoding: 'utf8' })) as { runs: { sha: string }[] };
    expect(recorded.runs.map((r) => r.sha)).toEqual(commits);
  });

  it('skips (125) a commit whose metrics file is broken, and one with no comparable history', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-bisect-skip-'));
    const { repo, train } = await repository(dir);
    const H = join(dir, 'history.json');
    await writeFile(H, '{"format":1,"runs":[]}\n');
    const csv = join(dir, 'metrics.csv');
    execFileSync(process.execPath, [train, csv], { cwd: repo });
    const none = await cliIn(repo, ['check', '--history', H, '--experiment', 'gpt', '--csv', csv, '--bisect'], ENV);
    expect(none.code, none.err).toBe(125);
    await writeFile(join(repo, 'model.txt'), 'broken\n');
    execFileSync(process.execPath, [train, csv], { cwd: repo });
    const broken = await cliIn(repo, ['check', '--history', H, '--experiment', 'gpt', '--csv', csv, '--bisect'], ENV);
    expect(broken.code).toBe(125);
    const notCheck = await cliIn(
      repo,
      ['record', '--history', H, '--experiment', 'gpt', '--csv', csv, '--bisect'],
      ENV,
    );
    expect(notCheck.code).toBe(2);
    expect(notCheck.err).toContain('bisect is a way to check, for check only');
  });

  it('is total: a bad flag, a missing value, an out-of-range port, a missing file or an unwritable --json is a skip (125)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-bisect-total-'));
    const { repo, commits, train } = await repository(dir);
    const H = join(dir, 'history.json');
    const csv = join(dir, 'metrics.csv');
    for (const c of commits.slice(0, 6)) {
      git(repo, 'checkout', '--quiet', '--detach', c);
      execFileSync(process.execPath, [train, csv], { cwd: repo });
      expect((await cliIn(repo, ['record', '--history', H, '--experiment', 'gpt', '--csv', csv], ENV)).code).toBe(0);
    }
    const base = ['check', '--history', H, '--experiment', 'gpt', '--csv', csv, '--bisect'];
    const blocker = join(dir, 'a-file');
    await writeFile(blocker, 'x');
    for (const [what, args] of [
      ['an unknown flag', [...base, '--no-such-flag']],
      ['a missing value', [...base, '--statsd-host']],
      ['an out-of-range port', [...base, '--statsd-port', '99999']],
      [
        'a missing metrics file',
        ['check', '--history', H, '--experiment', 'gpt', '--csv', join(dir, 'none.csv'), '--bisect'],
      ],
      ['an unwritable --json', [...base, '--json', join(blocker, 'out.json')]],
    ] as const) {
      const r = await cliIn(repo, [...args], ENV);
      expect(r.code, `${what}: ${r.err}`).toBe(125);
    }
    // Under a real git bisect run every commit is skipped, none called bad.
    const check = `node ${JSON.stringify(SOURCE_CLI)} check --history ${JSON.stringify(H)} --experiment gpt --csv ${JSON.stringify(csv)} --bisect --no-such-flag`;
    git(repo, 'checkout', '--quiet', 'main');
    git(repo, 'bisect', 'start', commits[11]!, commits[0]!);
    const run = spawnSync('git', ['bisect', 'run', 'sh', '-c', check], { cwd: repo, env: ENV, encoding: 'utf8' });
    git(repo, 'bisect', 'reset');
    expect(run.stdout).toMatch(/only 'skip'ped commits left to test/);
    expect(run.stdout).not.toMatch(/is the first bad commit/);
  });

  it('judges a crashed run by the documented rule: cut inside a row is bad, cut between rows is a skip unless its steps regressed, a traceback is a skip', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-bisect-crash-'));
    const H = join(dir, 'history.json');
    const base = (i: number) => join(root, `fixtures/demo/baseline/gpt3-1.3b-tp1-0${i}.csv`);
    for (let i = 1; i <= 6; i++) {
      const r = await cliIn(dir, ['record', '--history', H, '--experiment', 'e', '--csv', base(i)], ENV);
      expect(r.code, r.err).toBe(0);
    }
    const text = await readFile(base(7), 'utf8');
    const cutAt = Math.floor(text.length * 0.6);
    const check = async (name: string, body: string) => {
      await writeFile(join(dir, name), body);
      return cliIn(dir, ['check', '--history', H, '--experiment', 'e', '--csv', join(dir, name), '--bisect'], ENV);
    };
    // The training died mid-write: the file ends inside a row, evidence of a crash.
    const crashed = await check('crashed.csv', text.slice(0, cutAt));
    expect(crashed.code, crashed.err).toBe(1);
    expect(crashed.out).toMatch(/the file ends inside a row: incomplete, cut off \(a crash\)/);
    // Stopped between two rows (a time limit): the steps it reached, compared like for like, hold; an
    // incomplete run is still no evidence the commit is good, so a skip.
    const stopped = await check('stopped.csv', text.slice(0, text.lastIndexOf('\n', cutAt) + 1));
    expect(stopped.code, stopped.out + stopped.err).toBe(125);
    expect(stopped.out).toMatch(/steps 32–\d+ on both sides, where this run stopped early/);
    // No metrics at all, a traceback where the file should be: nothing to judge.
    const traceback = await check(
      'traceback.csv',
      'Traceback (most recent call last):\n  File "train.py", line 3\nRuntimeError: CUDA error\n',
    );
    expect(traceback.code).toBe(125);
  });
});
