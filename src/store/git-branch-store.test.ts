import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import { InputError } from '../model.js';
import { openHistory } from './index.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A bare repository as the remote and a clone of it with one commit on main, as actions/checkout leaves it. */
async function repoWithRemote(): Promise<{ remote: string; clone: () => Promise<string> }> {
  const root = await mkdtemp(join(tmpdir(), 'tmg-git-store-'));
  const remote = join(root, 'remote.git');
  git(root, 'init', '--quiet', '--bare', '-b', 'main', remote);
  const seed = join(root, 'seed');
  git(root, 'clone', '--quiet', remote, seed);
  await writeFile(join(seed, 'README.md'), 'project\n');
  git(seed, 'add', '.');
  git(seed, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'init');
  git(seed, 'push', '--quiet', 'origin', 'HEAD:main');
  let n = 0;
  return {
    remote,
    clone: async () => {
      const dir = join(root, `clone-${n++}`);
      git(root, 'clone', '--quiet', remote, dir);
      return dir;
    },
  };
}

describe('git data branch history store (real git, local bare remote)', () => {
  it('creates the branch, appends, and leaves the checkout untouched', async () => {
    const { remote, clone } = await repoWithRemote();
    const dir = await clone();
    const store = openHistory('git:metrics-history:runs/h.json', { cwd: dir });
    expect(store.location).toBe('git:metrics-history:runs/h.json');
    expect((await store.read()).runs).toEqual([]);
    await store.append([sampleRecord('a')], 10);
    await store.append([sampleRecord('b')], 10);
    expect((await store.read()).runs.map((r) => r.run)).toEqual(['a', 'b']);
    expect(git(remote, 'log', '--format=%s', 'metrics-history')).toBe(
      'Record 1 run: gpt-small/b\nRecord 1 run: gpt-small/a\n',
    );
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('main');
    // Another checkout sees the same history.
    expect((await openHistory('git:metrics-history:runs/h.json', { cwd: await clone() }).read()).runs).toHaveLength(2);
  });

  it('loses nothing with several writers pushing at once (separate processes)', async () => {
    const { clone } = await repoWithRemote();
    const writers = 4;
    const each = 3;
    const dirs = await Promise.all(Array.from({ length: writers }, () => clone()));
    const helper = new URL('../../test/helpers/append-history.ts', import.meta.url).pathname;
    const tsx = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
    await Promise.all(
      dirs.map(
        (cwd, w) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              ['--import', tsx, helper, 'git:metrics-history', `w${w}`, String(each)],
              { cwd, stdio: ['ignore', 'ignore', 'pipe'] },
            );
            let err = '';
            child.stderr.on('data', (d) => (err += d));
            child.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`writer ${w} exited ${code}: ${err}`)),
            );
          }),
      ),
    );
    const runs = (await openHistory('git:metrics-history', { cwd: await clone() }).read()).runs.map((r) => r.run);
    expect(runs).toHaveLength(writers * each);
    for (let w = 0; w < writers; w++) {
      // Each writer's records are all there, in the order it wrote them.
      expect(runs.filter((r) => r.startsWith(`w${w}-`))).toEqual(Array.from({ length: each }, (_, i) => `w${w}-${i}`));
    }
  }, 120_000);

  it('reports a corrupt history on the branch with its line and does not push over it', async () => {
    const { remote, clone } = await repoWithRemote();
    const dir = await clone();
    const store = openHistory('git:metrics-history', { cwd: dir });
    await store.append([sampleRecord('a')], 10);
    // Hand-edit the file on the branch.
    const editor = await clone();
    git(editor, 'checkout', '--quiet', 'metrics-history');
    await writeFile(join(editor, 'training-metrics-history.json'), '{"format":1,"runs":[\n{"run":"a"}\n]}\n');
    git(editor, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-am', 'edit');
    git(editor, 'push', '--quiet', 'origin', 'metrics-history');
    const before = git(remote, 'rev-parse', 'metrics-history');
    const error = await store.append([sampleRecord('b')], 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(
      /^git:metrics-history:training-metrics-history\.json:2: run 1 of the history: "experiment" must be a string/,
    );
    expect(git(remote, 'rev-parse', 'metrics-history')).toBe(before);
  });

  it('has no history before the branch exists, and replaces a re-run attempt instead of adding it', async () => {
    const { remote, clone } = await repoWithRemote();
    const store = openHistory('git:metrics-history', { cwd: await clone() });
    expect(await store.readIfExists()).toBeNull();
    await store.append([sampleRecord('a', 0.42, { runId: '9', repository: 'o/r', attempt: 1 })], 10);
    await store.append([sampleRecord('a', 0.4, { runId: '9', repository: 'o/r', attempt: 2 })], 10);
    const runs = (await store.readIfExists())!.runs;
    expect(runs.map((r) => [r.run, r.attempt, r.metrics.mfu!.centre])).toEqual([['a', 2, 0.4]]);
    // A branch without the file is no history either.
    expect(await openHistory('git:metrics-history:other.json', { cwd: await clone() }).readIfExists()).toBeNull();
    expect(git(remote, 'rev-list', '--count', 'metrics-history').trim()).toBe('2');
  });

  it("is not stopped by what a writer killed mid-fetch left in the checkout (a ref's .lock, its fetch ref)", async () => {
    const { remote, clone } = await repoWithRemote();
    const dir = await clone();
    const store = openHistory('git:metrics-history', { cwd: dir });
    await store.append([sampleRecord('a', 0.42, { runId: '1' })], 10);
    git(dir, 'fetch', '--quiet', 'origin', 'metrics-history');
    // What a killed git leaves: the .lock of each ref it was updating, and a writer's own fetch ref.
    const head = git(remote, 'rev-parse', 'metrics-history').trim();
    git(dir, 'update-ref', 'refs/training-metrics-gate-fetch/999999999-dead', head);
    await mkdir(join(dir, '.git/refs/training-metrics-gate'), { recursive: true });
    for (const lock of [
      'refs/training-metrics-gate/metrics-history.lock',
      'refs/remotes/origin/metrics-history.lock',
      'refs/training-metrics-gate-fetch/999999999-dead.lock',
    ])
      await writeFile(join(dir, '.git', lock), '');
    await store.append([sampleRecord('b', 0.42, { runId: '2' })], 10);
    expect((await store.read()).runs.map((r) => r.run)).toEqual(['a', 'b']);
    // The dead writer's fetch ref is gone, and this writer left none.
    expect(git(dir, 'for-each-ref', 'refs/training-metrics-gate-fetch/')).toBe('');
    expect(git(dir, 'status', '--porcelain')).toBe('');
  });

  it('refuses a malformed store spec', () => {
    expect(() => openHistory('git:-x')).toThrow(InputError);
    expect(() => openHistory('git:data:../h.json')).toThrow(InputError);
  });
});
