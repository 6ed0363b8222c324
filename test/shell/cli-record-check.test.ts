/**
 * The record/check contract through the CLI: real CSV files, the real engine, a real history file, and a
 * real git data branch (local bare repository as the remote) driven by separate CLI processes.
 *   training-metrics-gate record --history H.json --experiment NAME --csv A.csv [--csv B.csv …]
 *   training-metrics-gate check  --history H.json --experiment NAME --csv C.csv [--json OUT.json]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../bench/gate/simulate.js';
import { cliHere } from '../helpers/cli-in-process.js';
import { writeSimulatedCsv } from '../helpers/simulated-csv.js';
import type { GateResult } from '../../src/model.js';

const root = new URL('../../', import.meta.url).pathname;
const LOCAL: NodeJS.ProcessEnv = { PATH: process.env.PATH };
const PR: NodeJS.ProcessEnv = {
  ...LOCAL,
  GITHUB_REF: 'refs/pull/3/merge',
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_WORKFLOW: 'train',
  GITHUB_SHA: 'a'.repeat(40),
  GITHUB_RUN_ID: '9',
};
const MAIN: NodeJS.ProcessEnv = { ...PR, GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_NAME: 'push' };

describe('training-metrics-gate record / check (real CSV, real engine)', () => {
  it('records runs in order; check exits 0 unchanged and 1 on regression, with the documented JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-cli-gate-'));
    const rng = new Rng(5);
    const H = join(dir, 'H.json');
    const runs: string[] = [];
    for (let i = 0; i < 8; i++) runs.push(await writeSimulatedCsv(dir, `run${i}`, {}, rng));
    const rec = await cliHere(['record', '--history', H, '--experiment', 'gpt', ...runs.flatMap((r) => ['--csv', r])]);
    expect(rec.code).toBe(0);
    expect(
      JSON.parse(await readFile(H, 'utf8')).runs.map(
        (r: { run: string; experiment: string }) => `${r.experiment}/${r.run}`,
      ),
    ).toEqual(runs.map((_, i) => `gpt/run${i}`));

    const okJson = join(dir, 'ok.json');
    const ok = await cliHere(
      [
        'check',
        '--history',
        H,
        '--experiment',
        'gpt',
        '--csv',
        await writeSimulatedCsv(dir, 'ok', {}, rng),
        '--json',
        okJson,
      ],
      PR,
    );
    expect(ok.code).toBe(0);
    const okOut = JSON.parse(await readFile(okJson, 'utf8')) as {
      regression: boolean;
      run: GateResult['run'];
      metrics: GateResult['metrics'];
    };
    expect(okOut.regression).toBe(false);
    expect(okOut.run.complete).toBe(true);
    expect(okOut.metrics.find((m) => m.name === 'MFU')).toMatchObject({ verdict: 'pass', baseline: { runs: 8 } });
    for (const m of okOut.metrics)
      expect(Object.keys(m)).toEqual(
        expect.arrayContaining(['name', 'verdict', 'current', 'baseline', 'change', 'reason']),
      );
    // A pull request compares and never writes.
    expect(JSON.parse(await readFile(H, 'utf8')).runs).toHaveLength(8);

    const slowJson = join(dir, 'slow.json');
    const slow = await cliHere(
      [
        'check',
        '--history',
        H,
        '--experiment',
        'gpt',
        '--csv',
        await writeSimulatedCsv(dir, 'slow', { speed: 0.9 }, rng),
        '--json',
        slowJson,
      ],
      PR,
    );
    expect(slow.code).toBe(1);
    const slowOut = JSON.parse(await readFile(slowJson, 'utf8')) as {
      regression: boolean;
      metrics: GateResult['metrics'];
    };
    expect(slowOut.regression).toBe(true);
    expect(slowOut.metrics.find((m) => m.name === 'MFU')!.reason).toMatch(
      /^MFU 0\.\d+ vs 0\.\d+ ± \d+(\.\d)? % noise band over 8 runs: −\d+(\.\d)? %, worse beyond the noise band/,
    );

    // The default branch records its run even when it regresses.
    const onMain = await cliHere(
      [
        'check',
        '--history',
        H,
        '--experiment',
        'gpt',
        '--csv',
        await writeSimulatedCsv(dir, 'slow-main', { speed: 0.9 }, rng),
      ],
      MAIN,
    );
    expect(onMain.code).toBe(1);
    expect(JSON.parse(await readFile(H, 'utf8')).runs).toHaveLength(9);

    // An unknown experiment starts a new history: reported, not failed.
    const fresh = await cliHere(
      ['check', '--history', H, '--experiment', 'new', '--csv', await writeSimulatedCsv(dir, 'x', { speed: 0.5 }, rng)],
      PR,
    );
    expect(fresh.code).toBe(0);
  });

  it('exits 2 with file:line on a corrupt history and leaves the file as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-cli-gate-'));
    const H = join(dir, 'H.json');
    const bad = '{"format":1,"runs":[\n{"experiment":"gpt"}\n]}\n';
    await writeFile(H, bad);
    const r = await cliHere([
      'record',
      '--history',
      H,
      '--experiment',
      'gpt',
      '--csv',
      await writeSimulatedCsv(dir, 'a', {}, new Rng(7)),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${H}:2: run 1 of the history: "fingerprint" must be a string`);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    expect(await readFile(H, 'utf8')).toBe(bad);
  });

  it('keeps the history on a git data branch (separate CLI processes, local bare remote)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-cli-gate-git-'));
    const git = (cwd: string, ...a: string[]) => execFileSync('git', a, { cwd, stdio: 'pipe' });
    git(dir, 'init', '--quiet', '--bare', '-b', 'main', 'remote.git');
    git(dir, 'clone', '--quiet', join(dir, 'remote.git'), 'checkout');
    const checkout = join(dir, 'checkout');
    const rng = new Rng(8);
    const runs: string[] = [];
    for (let i = 0; i < 6; i++) runs.push(await writeSimulatedCsv(dir, `run${i}`, {}, rng));
    const tsx = join(root, 'node_modules/tsx/dist/loader.mjs');
    const bin = (args: string[]) =>
      spawnSync(process.execPath, ['--import', tsx, join(root, 'src/cli.ts'), ...args], {
        cwd: checkout,
        env: LOCAL,
        encoding: 'utf8',
      });
    const rec = bin([
      'record',
      '--history',
      'git:gate-history',
      '--experiment',
      'gpt',
      ...runs.flatMap((r) => ['--csv', r]),
    ]);
    expect(rec.status, rec.stderr).toBe(0);
    expect(git(join(dir, 'remote.git'), 'log', '--format=%s', 'gate-history').toString()).toMatch(
      /^Record 6 runs: gpt\/run0, /,
    );
    const out = join(dir, 'out.json');
    const check = bin([
      'check',
      '--history',
      'git:gate-history',
      '--experiment',
      'gpt',
      '--csv',
      await writeSimulatedCsv(dir, 'slow', { speed: 0.9 }, rng),
      '--json',
      out,
    ]);
    expect(check.status, check.stderr).toBe(1);
    expect(
      JSON.parse(await readFile(out, 'utf8')).metrics.find((m: { name: string }) => m.name === 'MFU').baseline.runs,
    ).toBe(6);
  }, 120_000);
});
