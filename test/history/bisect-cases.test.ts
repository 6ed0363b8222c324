/**
 * `check --bisect` answers every case by the rule docs/history.md gives, in real processes (the CLI from
 * src), against a history of eight demo runs: a whole good run is 0 and a slower one 1; a run that ends
 * with a Python traceback is 125 whatever its rows say; a run stopped at a third of its steps is 125 when
 * those steps did not regress, 1 when they did; stdout on a full disk (`/dev/full`) is 125, the account
 * being incomplete, never 2, which `git bisect run` reads as "bad".
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const baseline = (i: number) => resolve(`fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i).padStart(2, '0')}.csv`);
/** About 5 % slower than the baselines. */
const SLOWER = resolve('fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv');
const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/workspace/train.py", line 412, in <module>',
  '    main()',
  '  File "/workspace/train.py", line 398, in main',
  '    loss.backward()',
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
  '',
].join('\n');

let dir: string;
let history: string;

function cli(
  args: string[],
  stdout: 'pipe' | number = 'pipe',
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [SOURCE_CLI, ...args], {
      stdio: ['ignore', stdout, 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      cwd: dir,
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (b) => (out += b));
    child.stderr!.on('data', (b) => (err += b));
    child.on('close', (code) => done({ code, out, err }));
  });
}

const bisect = (csv: string, stdout?: number) =>
  cli(['check', '--bisect', '--history', history, '--experiment', 'gpt3', '--csv', csv], stdout);

/** The first `share` of a run's rows, cut cleanly between rows. */
async function firstPart(csv: string, share: number, name: string): Promise<string> {
  const lines = (await readFile(csv, 'utf8')).trimEnd().split('\n');
  const path = join(dir, name);
  await writeFile(path, `${lines.slice(0, Math.round(lines.length * share)).join('\n')}\n`);
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tmg-bisect-cases-'));
  history = join(dir, 'history.json');
  const args = ['record', '--history', history, '--experiment', 'gpt3'];
  for (let i = 1; i <= 8; i++) args.push('--csv', baseline(i));
  const r = await cli(args);
  expect(r.code, r.err).toBe(0);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('check --bisect, case by case', () => {
  it('a whole run: 0 when it holds, 1 when it regressed', async () => {
    expect((await bisect(baseline(9))).code).toBe(0);
    expect((await bisect(SLOWER)).code).toBe(1);
  }, 120_000);

  it('a run whose metrics file ends with a traceback: 125, whether its rows are good or bad', async () => {
    for (const [name, csv] of [
      ['good-then-crash.csv', baseline(9)],
      ['slow-then-crash.csv', SLOWER],
    ] as const) {
      const path = join(dir, name);
      await writeFile(path, `${await readFile(csv, 'utf8')}${TRACEBACK}`);
      const r = await bisect(path);
      expect(r.code, r.err).toBe(125);
      expect(r.err).toMatch(/line \d+: a Python traceback: the training crashed/);
    }
  }, 120_000);

  it('a run stopped at a third of its steps: 125 when those steps hold, 1 when they regressed', async () => {
    const good = await bisect(await firstPart(baseline(9), 1 / 3, 'good-third.csv'));
    expect(good.code, good.err).toBe(125);
    expect(good.out + good.err).toMatch(/incomplete/);
    const slow = await bisect(await firstPart(SLOWER, 1 / 3, 'slow-third.csv'));
    expect(slow.code, slow.err).toBe(1);
  }, 120_000);

  it('stdout on a full disk: 125, never 2 (read as "bad"); without --bisect it is 2', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = await bisect(baseline(9), full);
      expect(r.code).toBe(125);
      expect(r.err).toMatch(/cannot write to stdout \(ENOSPC\)/);
      const plain = await cli(['check', '--history', history, '--experiment', 'gpt3', '--csv', baseline(9)], full);
      expect(plain.code).toBe(2);
    } finally {
      closeSync(full);
    }
  }, 120_000);
});
