/**
 * gpu-monitor action. Main step: start a detached nvidia-smi sampler writing a CSV under RUNNER_TEMP, and
 * output its path (`csv`) at once, so a later step can read it while the sampler runs (a cut last line is
 * tolerated). Post step (job end): stop the sampler and log a per-GPU summary. On a runner without a usable
 * nvidia-smi it warns once and does nothing else.
 */
import * as core from '@actions/core';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGpuFile } from '../capture/read.js';
import { summarizeGpu } from '../summary.js';
import { DEFAULT_QUERY, probeNvidiaSmi, startSampler, stopSampler } from './sampler.js';

async function main(): Promise<void> {
  core.saveState('isPost', 'true');
  const interval = Number(core.getInput('interval') || '5');
  if (!Number.isInteger(interval) || interval < 1) {
    core.setFailed(`gpu-monitor: interval must be a whole number of seconds ≥ 1, got "${core.getInput('interval')}"`);
    return;
  }
  const query = core.getInput('query') || DEFAULT_QUERY;
  const dir = process.env.RUNNER_TEMP || tmpdir();
  const csvPath = core.getInput('path') || join(dir, `gpu-monitor-${sanitize(process.env.GITHUB_JOB ?? 'job')}.csv`);

  const probe = await probeNvidiaSmi();
  if (!probe.ok) {
    core.warning(`gpu-monitor: ${probe.reason}; GPU monitoring is off for this job`);
    core.setOutput('csv', '');
    return;
  }
  let pid: number;
  try {
    pid = await startSampler({ query, intervalSeconds: interval, csvPath, errPath: `${csvPath}.err` });
  } catch (err) {
    core.warning(
      `gpu-monitor: could not start nvidia-smi: ${(err as Error).message}; GPU monitoring is off for this job`,
    );
    core.setOutput('csv', '');
    return;
  }
  core.saveState('pid', String(pid));
  core.saveState('csv', csvPath);
  core.setOutput('csv', csvPath);
  core.info(
    `gpu-monitor: sampling ${probe.gpus.length} GPU(s) (${[...new Set(probe.gpus)].join(', ')}) every ${interval} s into ${csvPath} (pid ${pid})`,
  );
}

async function post(): Promise<void> {
  const pid = Number(core.getState('pid'));
  const csvPath = core.getState('csv');
  if (!pid || !csvPath) {
    core.info('gpu-monitor: no sampler was started');
    return;
  }
  const result = await stopSampler(pid);
  core.info(
    `gpu-monitor: sampler ${result === 'already-gone' ? 'had already stopped' : result === 'killed' ? 'killed after not stopping' : 'stopped'}`,
  );
  core.setOutput('csv', csvPath);
  const errPath = `${csvPath}.err`;
  if (existsSync(errPath) && statSync(errPath).size > 0) {
    core.warning(
      `gpu-monitor: nvidia-smi said: ${readFileSync(errPath, 'utf8').trim().split('\n').slice(0, 5).join(' | ')}`,
    );
  }
  try {
    const summary = summarizeGpu(await readGpuFile(csvPath));
    const pct = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} %`);
    for (const d of summary.devices) {
      const mem = d.memory
        ? `memory peak ${d.memory.peakMiB.toFixed(0)}${d.memory.totalMiB ? ` / ${d.memory.totalMiB.toFixed(0)}` : ''} MiB`
        : 'memory n/a';
      const flag = d.starved?.starved ? ' — STARVED' : '';
      core.info(
        `gpu ${d.label}: ${d.samples} samples, utilisation mean ${pct(d.utilization?.mean)}, p10 ${pct(d.utilization?.p10)}, ${mem}${flag}`,
      );
    }
  } catch (err) {
    core.warning(`gpu-monitor: could not summarise ${csvPath}: ${(err as Error).message}`);
  }
}

function sanitize(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]+/g, '_');
}

const phase = core.getState('isPost') === 'true' ? post : main;
phase().catch((err: unknown) => {
  // Monitoring must never fail the job it watches.
  core.warning(`gpu-monitor: ${(err as Error).message}`);
});
