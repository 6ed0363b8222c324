/**
 * The live cockpit end to end: a real `watch` run (the bundled CLI) wraps a real child writing CSV rows over
 * time, Debian's Prometheus scrapes its /metrics every second, and mid-run every panel query of the
 * `dashboard grafana --source watch` dashboard returns data, the variables fill from label_values, and the
 * values are the child's. GPU gauges come from a stand-in nvidia-smi on PATH (no GPU here): one answer of
 * `nvidia-smi --query-gpu=… --format=csv,nounits` per call, as the real one prints it (units in the header's
 * brackets only), for two GPUs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cockpitDashboard, cockpitQueries } from '../../src/dashboards/grafana/cockpit.js';
import { requireProgram } from '../helpers/programs.js';
import { freePort, instantQuery, startPrometheus, waitFor, type Server } from '../helpers/prometheus-servers.js';

/** The stand-in for nvidia-smi: one sample of two H100s per call, whatever fields are asked (the default set). */
const NVIDIA_SMI_STAND_IN = `#!/bin/sh
echo "timestamp, index, uuid, name, utilization.gpu [%], utilization.memory [%], memory.used [MiB], memory.total [MiB], power.draw [W], temperature.gpu, clocks.sm [MHz]"
now=$(date -u '+%Y/%m/%d %H:%M:%S.000')
echo "$now, 0, GPU-00000000-0000-0000-0000-000000000000, NVIDIA H100 80GB HBM3, 90, 30, 60000, 81559, 650.00, 60, 1980"
echo "$now, 1, GPU-00000001-0000-0000-0000-000000000000, NVIDIA H100 80GB HBM3, 91, 30, 60001, 81559, 651.00, 61, 1980"
`;

const prometheus = requireProgram('Prometheus', '/usr/bin/prometheus', 'prometheus');

/** Grafana's substitution for the cockpit's variables: All (`.*`), or one window metric. */
function substitute(expr: string, metric = '.*'): string {
  return expr.replaceAll('$experiment', '.*').replaceAll('$run', '.*').replaceAll('$metric', metric);
}

async function labelValues(url: string, query: string): Promise<string[]> {
  const m = /^label_values\((.+), (\w+)\)$/.exec(query);
  if (!m) throw new Error(`not a label_values query: ${query}`);
  const res = await fetch(
    `${url}/api/v1/label/${m[2]}/values?${new URLSearchParams({ 'match[]': substitute(m[1]!) })}`,
  );
  const body = (await res.json()) as { status: string; data: string[]; error?: string };
  if (body.status !== 'success') throw new Error(`${query}: ${body.error}`);
  return body.data.sort();
}

describe.skipIf(!prometheus)('the watch cockpit against a real watch run (Debian prometheus)', () => {
  let dir: string;
  let prom: Server;
  let watch: ChildProcess;
  let output = '';
  let exited: Promise<number>;
  let stopFile: string;
  const dashboard = cockpitDashboard({});

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tmg-watch-e2e-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'nvidia-smi'), NVIDIA_SMI_STAND_IN);
    chmodSync(join(bin, 'nvidia-smi'), 0o755);
    const port = await freePort();
    const csv = join(dir, 'metrics_rank_0.csv');
    stopFile = join(dir, 'stop');
    watch = spawn(
      process.execPath,
      [
        resolve('dist/cli.js'),
        'watch',
        '--csv',
        csv,
        '--experiment',
        'cockpit-e2e',
        '--listen',
        `127.0.0.1:${port}`,
        '--gpu-poll',
        '1s',
        '--',
        process.execPath,
        resolve('test/helpers/training-child.mjs'),
        csv,
        '--rate',
        '20',
        '--stop-file',
        stopFile,
        // A backstop should the stop file never come: the child never outlives the file's tests by long.
        '--seconds',
        '600',
      ],
      {
        env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    watch.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    watch.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    exited = new Promise((r) => watch.on('close', (code) => r(code ?? -1)));
    prom = await startPrometheus(prometheus!, [`127.0.0.1:${port}`]);
    await waitFor(
      'watch step and GPU gauges in Prometheus',
      async () =>
        (await instantQuery(prom.url, 'training_metrics_watch_step > 40')).length === 1 &&
        (await instantQuery(prom.url, 'training_metrics_watch_gpu_utilization_ratio')).length === 2,
      120_000,
      500,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\nwatch printed:\n${output}`);
    });
  }, 180_000);

  afterAll(async () => {
    // The child ends at its stop file (whichever tests ran); watch ends with it, within a deadline.
    if (stopFile) writeFileSync(stopFile, '');
    if (watch && watch.exitCode === null) {
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (watch.exitCode === null) watch.kill('SIGKILL');
    }
    await prom?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every panel query of the cockpit with data while the run is going', async () => {
    const queries = cockpitQueries(dashboard).filter((q) => q.where.startsWith('panel'));
    expect(queries.length).toBeGreaterThanOrEqual(14);
    const empty: string[] = [];
    for (const q of queries)
      if ((await instantQuery(prom.url, substitute(q.expr))).length === 0) empty.push(`${q.where}: ${q.expr}`);
    expect(empty, output).toEqual([]);
    expect(watch.exitCode, 'the run is still going').toBeNull();
  });

  it('fills experiment, run and metric from label_values, and each repeated window panel has data', async () => {
    const vars = Object.fromEntries(
      cockpitQueries(dashboard)
        .filter((q) => q.where.startsWith('variable'))
        .map((q) => [q.where.replace('variable ', ''), q.expr]),
    );
    expect(await labelValues(prom.url, vars.experiment!)).toEqual(['cockpit-e2e']);
    expect(await labelValues(prom.url, vars.run!)).toHaveLength(1);
    const metrics = await labelValues(prom.url, vars.metric!);
    expect(metrics).toEqual(expect.arrayContaining(['mfu_ratio', 'step_time_seconds']));
    const window = dashboard.panels.find((p) => p.repeat === 'metric')!;
    for (const metric of metrics)
      expect(await instantQuery(prom.url, substitute(window.targets![0]!.expr, metric)), metric).toHaveLength(1);
  });

  it("stores the child's values: MFU as a ratio, step time in seconds, a healthy loss, nothing aborted", async () => {
    const value = async (q: string) => Number((await instantQuery(prom.url, q))[0]!.value[1]);
    expect(await value('training_metrics_watch_value{metric="mfu_ratio"}')).toBeCloseTo(0.45, 1);
    expect(await value('training_metrics_watch_value{metric="step_time_seconds"}')).toBeCloseTo(0.42, 1);
    expect(await value('training_metrics_watch_loss')).toBeGreaterThan(2);
    expect(await value('sum(training_metrics_watch_nan_detected_total)')).toBe(0);
    expect(await value('max(training_metrics_watch_aborted)')).toBe(0);
    expect(await value('training_metrics_watch_gpu_utilization_ratio{gpu="1"}')).toBeCloseTo(0.91, 5);
  });

  it('ends with the child: exit code 0', async () => {
    writeFileSync(stopFile, '');
    expect(await exited, output).toBe(0);
  }, 60_000);
});
