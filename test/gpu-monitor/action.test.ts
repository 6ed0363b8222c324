/**
 * The gpu-monitor action's bundle run the way the runner runs it: `node gpu-monitor/dist/index.js` with
 * INPUT_* variables, GITHUB_STATE / GITHUB_OUTPUT files, and the saved state handed to the post step as
 * STATE_* variables. nvidia-smi is a shell script on PATH that prints CSV rows periodically.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive } from '../../src/gpu/monitor/sampler.js';
import { readGpuFile } from '../../src/gpu/capture/read.js';
import { summarizeGpu } from '../../src/gpu/summary.js';

const root = new URL('../../', import.meta.url).pathname;
const bundle = join(root, 'gpu-monitor/dist/index.js');
const started: number[] = [];

/** `name<<delimiter\nvalue\ndelimiter` records, as @actions/core writes GITHUB_STATE and GITHUB_OUTPUT. */
function readCommandFile(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(path)) return out;
  const lines = readFileSync(path, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]!);
    out[m[1]!] = value.join('\n');
  }
  return out;
}

function runner(withNvidiaSmi: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-monitor-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  if (withNvidiaSmi) copyFileSync(new URL('./fake-nvidia-smi.sh', import.meta.url), join(bin, 'nvidia-smi'));
  const base = {
    PATH: `${bin}:/usr/bin:/bin`,
    RUNNER_TEMP: dir,
    GITHUB_JOB: 'train',
    INPUT_INTERVAL: '1',
    GITHUB_STATE: join(dir, 'state-main'),
    GITHUB_OUTPUT: join(dir, 'output-main'),
  };
  // The runner creates the command files before each step.
  for (const f of ['state-main', 'output-main', 'state-post', 'output-post']) writeFileSync(join(dir, f), '');
  const step = (env: Record<string, string>) =>
    execFileSync(process.execPath, [bundle], { env: { ...base, ...env }, encoding: 'utf8', timeout: 30_000 });
  return {
    dir,
    main: () => step({}),
    post: (state: Record<string, string>) =>
      step({
        ...Object.fromEntries(Object.entries(state).map(([k, v]) => [`STATE_${k}`, v])),
        GITHUB_STATE: join(dir, 'state-post'),
        GITHUB_OUTPUT: join(dir, 'output-post'),
      }),
  };
}

afterEach(() => {
  // A failed assertion must not leave a sampler this test started behind.
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(-pid, 'SIGKILL');
});

describe('gpu-monitor action (bundled main and post, fake nvidia-smi on PATH)', () => {
  it('main starts a detached sampler and outputs the CSV path; post stops it; the CSV reads back', async () => {
    const r = runner(true);
    const mainLog = r.main();
    const state = readCommandFile(join(r.dir, 'state-main'));
    const outputs = readCommandFile(join(r.dir, 'output-main'));
    const pid = Number(state.pid);
    started.push(pid);
    expect(state.isPost).toBe('true');
    expect(outputs.csv).toBe(join(r.dir, 'gpu-monitor-train.csv'));
    expect(state.csv).toBe(outputs.csv);
    expect(mainLog).toMatch(/sampling 2 GPU\(s\) \(NVIDIA H100 80GB HBM3\) every 1 s/);
    expect(alive(pid)).toBe(true); // main has exited; the sampler runs on

    await new Promise((resolve) => setTimeout(resolve, 2500));
    const midway = summarizeGpu(await readGpuFile(outputs.csv!)); // read while still being written, as the gate step does
    expect(midway.gpuCount).toBe(2);

    const postLog = r.post(state);
    expect(postLog).toMatch(/sampler stopped/);
    expect(alive(pid)).toBe(false);
    expect(postLog).toMatch(/gpu 1: \d+ samples, utilisation mean 91 %/);
    expect(readCommandFile(join(r.dir, 'output-post')).csv).toBe(outputs.csv);

    const samples = await readGpuFile(outputs.csv!);
    expect(samples.gpus.map((g) => g.label)).toEqual(['0', '1']);
    expect(samples.gpus[0]!.times.length).toBeGreaterThanOrEqual(3);
    expect(samples.gpus[0]!.fields.memTotalMiB![0]).toBe(81559);
    const size = readFileSync(outputs.csv!, 'utf8').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(readFileSync(outputs.csv!, 'utf8').length).toBe(size); // nothing writes after the post step

    // A second post (a re-run job) finds the sampler gone and says so without failing.
    expect(r.post(state)).toMatch(/had already stopped/);
  });

  it('without nvidia-smi, main warns once and outputs an empty path; post does nothing', () => {
    const r = runner(false);
    const mainLog = r.main();
    expect(mainLog.match(/::warning::/g)).toHaveLength(1);
    expect(mainLog).toMatch(/::warning::gpu-monitor: nvidia-smi not found on PATH; GPU monitoring is off for this job/);
    expect(readCommandFile(join(r.dir, 'output-main')).csv).toBe('');
    const state = readCommandFile(join(r.dir, 'state-main'));
    expect(state.pid).toBeUndefined();
    const postLog = r.post(state);
    expect(postLog).toMatch(/no sampler was started/);
    expect(postLog).not.toMatch(/::(warning|error)::/);
  });
});
