/**
 * The environment through the CLI, end to end: runs recorded with `--environment` files, the container
 * image and the runner's variables; then `check` of a slower run whose environment changed (the report,
 * the JSON account and the record name the field) or did not (the report says to look at the code), and a
 * bad environment file (exit 2, `file:line:`, nothing recorded).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../bench/gate/simulate.js';
import type { GateResult, HistoryRecord } from '../../src/model.js';
import { cliIn } from '../helpers/cli-in-process.js';
import { writeSimulatedCsv } from '../helpers/simulated-csv.js';
import { sha } from './series.js';

const mainEnv = (i: number): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REPOSITORY: 'org/trainer',
  GITHUB_SHA: sha(i),
  GITHUB_RUN_ID: String(700 + i),
  RUNNER_OS: 'Linux',
  RUNNER_ARCH: 'X64',
  RUNNER_NAME: 'GitHub Actions 3',
  RUNNER_ENVIRONMENT: 'github-hosted',
  ImageOS: 'ubuntu22',
  ImageVersion: '20240304.1.0',
});

const dirs: string[] = [];
async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tmg-environment-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('the environment of each run, and what a regression coincides with (the CLI)', () => {
  it('recorded from files, image and runner; a regression names the changed field, or says it is unchanged', async () => {
    const dir = await scratch();
    const H = join(dir, 'history.json');
    const freeze = join(dir, 'freeze.txt');
    await writeFile(freeze, '# pip freeze\ntorch==2.4.1+cu124\nnvidia-nccl-cu12==2.20.5\n');
    const cuda = async (version: string) => {
      const f = join(dir, `cuda-${version}.json`);
      await writeFile(f, JSON.stringify({ cuda: version }));
      return f;
    };
    const envFlags = async (version: string) => ['--environment', freeze, '--environment', await cuda(version)];
    const image = ['--container-image', 'nvcr.io/nvidia/pytorch:24.05-py3'];
    const rng = new Rng(21);
    for (let i = 0; i < 8; i++) {
      const file = await writeSimulatedCsv(dir, `run${i}`, {}, rng);
      const r = await cliIn(
        dir,
        ['record', '--history', H, '--experiment', 'gpt', '--csv', file, ...image, ...(await envFlags('12.4'))],
        mainEnv(i),
      );
      expect(r.code, r.err).toBe(0);
    }
    const records = (JSON.parse(await readFile(H, 'utf8')) as { runs: HistoryRecord[] }).runs;
    expect(records[0]!.environment).toEqual({
      os: 'Linux',
      arch: 'X64',
      'runner-image': 'ubuntu22 20240304.1.0',
      image: 'nvcr.io/nvidia/pytorch:24.05-py3',
      'nvidia-nccl-cu12': '2.20.5',
      torch: '2.4.1+cu124',
      cuda: '12.4',
    });

    const slow = await writeSimulatedCsv(dir, 'slow', { speed: 0.85 }, rng);
    const out = join(dir, 'out.json');
    const md = join(dir, 'report.md');
    const check = async (version: string) => {
      const r = await cliIn(
        dir,
        [
          'check',
          '--history',
          H,
          '--experiment',
          'gpt',
          '--csv',
          slow,
          '--json',
          out,
          '--markdown',
          md,
          '--record',
          'never',
          ...image,
          ...(await envFlags(version)),
        ],
        mainEnv(8),
      );
      expect(r.code, r.err).toBe(1);
      const json = JSON.parse(await readFile(out, 'utf8')) as {
        environment: Record<string, string>;
        experiments: GateResult[];
      };
      return { json, markdown: await readFile(md, 'utf8') };
    };
    const changed = await check('12.6');
    expect(changed.json.environment.cuda).toBe('12.6');
    expect(changed.json.experiments[0]!.culprit).toMatchObject({
      why: 'regression',
      good: { run: 'run7' },
      environment: { changes: [{ field: 'cuda', from: '12.4', to: '12.6' }], fields: 7 },
    });
    expect(changed.markdown).toContain('coincides with: cuda 12.4 → 12.6');
    const same = await check('12.4');
    expect(same.json.experiments[0]!.culprit?.environment).toEqual({ changes: [], fields: 7 });
    expect(same.markdown).toContain('environment unchanged \\(7 fields\\): look at the code first');
  });

  it('a bad environment file is exit 2 with file:line, and nothing is recorded', async () => {
    const dir = await scratch();
    const H = join(dir, 'history.json');
    const bad = join(dir, 'freeze.txt');
    await writeFile(bad, 'torch==2.4.1\ntorch >= 2.4\n');
    const file = await writeSimulatedCsv(dir, 'run0', {}, new Rng(3));
    const r = await cliIn(
      dir,
      ['record', '--history', H, '--experiment', 'gpt', '--csv', file, '--environment', bad],
      mainEnv(0),
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${bad}:2: not a pip freeze line`);
    await expect(readFile(H, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it("the GPU capture's driver_version column, and nvidia-smi's own output as an environment file", async () => {
    const dir = await scratch();
    const H = join(dir, 'history.json');
    const capture = join(dir, 'gpu.csv');
    await writeFile(
      capture,
      'timestamp, index, uuid, name, driver_version, utilization.gpu [%]\n2024/03/05 10:00:00.000, 0, GPU-1, NVIDIA H100, 550.54.15, 97\n',
    );
    const smi = join(dir, 'nvidia-smi.txt');
    await writeFile(
      smi,
      '| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n',
    );
    const file = await writeSimulatedCsv(dir, 'run0', {}, new Rng(4));
    const record = async (extra: string[]) => {
      const r = await cliIn(dir, ['record', '--history', H, '--experiment', 'gpt', '--csv', file, ...extra], {
        PATH: process.env.PATH,
      });
      expect(r.code, r.err).toBe(0);
      return (JSON.parse(await readFile(H, 'utf8')) as { runs: HistoryRecord[] }).runs.at(-1)!.environment;
    };
    expect(await record(['--gpu-csv', capture])).toEqual({ driver: '550.54.15' });
    expect(await record(['--environment', smi])).toEqual({ driver: '550.54.15', cuda: '12.4' });
    // Nothing tells an environment outside a workflow without files: the record has none.
    expect(await record([])).toBeUndefined();
  });

  it('a secret in an environment file is never recorded or printed: by its name, or as a registered secret', async () => {
    const dir = await scratch();
    const H = join(dir, 'history.json');
    const token = 'ghs_registeredTokenValue0123456789';
    const envFile = join(dir, 'env.json');
    await writeFile(
      envFile,
      JSON.stringify({ torch: '2.5.0', WANDB_API_KEY: 'wandb-key-value', launch: `trainer --hub ${token}` }),
    );
    const file = await writeSimulatedCsv(dir, 'run0', {}, new Rng(5));
    const r = await cliIn(
      dir,
      ['record', '--history', H, '--experiment', 'gpt', '--csv', file, '--environment', envFile],
      { PATH: process.env.PATH, GITHUB_TOKEN: token },
    );
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('1 field named like a secret recorded as [redacted], not as given: "WANDB_API_KEY"');
    const stored = await readFile(H, 'utf8');
    expect(stored).not.toContain('wandb-key-value');
    expect(stored).not.toContain(token);
    const records = (JSON.parse(stored) as { runs: HistoryRecord[] }).runs;
    expect(records[0]!.environment).toEqual({
      torch: '2.5.0',
      WANDB_API_KEY: '[redacted]',
      launch: 'trainer --hub ***',
    });
    const shown = await cliIn(dir, ['history', 'show', '--history', H, '--experiment', 'gpt'], {
      PATH: process.env.PATH,
    });
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toContain('[redacted]');
    expect(shown.out).not.toContain('wandb-key-value');
  });
});
