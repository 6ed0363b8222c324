import { readFileSync } from 'node:fs';
import { basename, delimiter, dirname, resolve } from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthyLines, metricsUrl, Scratch, startWatch, TRAINER } from './watch-harness.js';

let scratch: Scratch;
beforeEach(() => {
  scratch = new Scratch();
});
afterEach(() => scratch.remove());

interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string> }[];
}

/** Scrape until `ready` holds for the parsed families (or give up). */
async function scrapeUntil(
  url: string,
  ready: (f: Map<string, Family>) => boolean,
): Promise<{ families: Map<string, Family>; type: string }> {
  for (let i = 0; i < 400; i++) {
    const res = await fetch(url);
    const text = await res.text();
    const families = new Map((parsePrometheusTextFormat(text) as Family[]).map((f) => [f.name, f]));
    if (ready(families)) return { families, type: res.headers.get('content-type') ?? '' };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the series never became ready');
}

const value = (f: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
  Number(
    f.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ??
      Number.NaN,
  );

const P = 'training_metrics_watch_';

describe('live /metrics', () => {
  it("serves the contract's names and labels mid-run, over loopback", async () => {
    const out = scratch.path('m.csv');
    const fakeDir = resolve('test/watch/programs');
    const path = process.env.PATH;
    process.env.PATH = `${fakeDir}${delimiter}${path}`;
    try {
      const { out: w, done } = startWatch(
        { csv: [out], experiment: 'exp', 'run-id': 'r7', 'gpu-poll': '100ms', json: scratch.path('gpu.json') },
        scratch.trainer({
          out,
          header: 'step,loss,tokens_per_second,MFU',
          lines: healthyLines(1, 150).map((l) => `${l},41.5`),
          perTick: 1,
          intervalMs: 10,
        }),
      );
      const { families, type } = await scrapeUntil(
        await metricsUrl(w),
        (f) => value(f, `${P}step`) >= 30 && f.has(`${P}gpu_power_watts`),
      );
      expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
      const run = { experiment: 'exp', run: 'r7' };
      for (const name of ['step', 'steps_per_second', 'seconds_since_last_step', 'ranks_active']) {
        expect(families.get(`${P}${name}`)?.type, name).toBe('GAUGE');
        expect(families.get(`${P}${name}`)!.metrics[0]!.labels).toEqual(run);
      }
      expect(value(families, `${P}steps_per_second`)).toBeGreaterThan(0);
      expect(value(families, `${P}ranks_active`)).toBe(1);
      expect(value(families, `${P}loss`, { metric: 'loss' })).toBeGreaterThan(2);
      expect(value(families, `${P}loss_smoothed`, { metric: 'loss' })).toBeGreaterThan(2);
      expect(value(families, `${P}diverged`, { metric: 'loss' })).toBe(0);
      expect(families.get(`${P}nan_detected_total`)?.type).toBe('COUNTER');
      expect(value(families, `${P}nan_detected_total`, { metric: 'loss' })).toBe(0);
      // Window metrics by their Prometheus key, in base units: MFU in percent → mfu_ratio.
      expect(value(families, `${P}value`, { metric: 'tokens_per_second' })).toBeGreaterThan(900);
      expect(value(families, `${P}value`, { metric: 'mfu_ratio' })).toBeCloseTo(0.415, 6);
      expect(value(families, `${P}aborted`, { reason: 'nan' })).toBe(0);
      // The GPU poller, through the fake nvidia-smi: per GPU, in base units.
      expect(value(families, `${P}gpu_utilization_ratio`, { gpu: '1' })).toBeCloseTo(0.91, 6);
      expect(value(families, `${P}gpu_memory_used_bytes`, { gpu: '0' })).toBe(60000 * 1024 * 1024);
      expect(value(families, `${P}gpu_power_watts`, { gpu: '0' })).toBe(650);
      expect(value(families, `${P}gpu_temperature_celsius`, { gpu: '1' })).toBe(61);
      expect(families.get(`${P}gpu_power_watts`)!.metrics[0]!.labels).toEqual({ ...run, gpu: '0' });
      expect(await done).toBe(0);
      // nvidia-smi's own table, asked for once, tells the run's driver and CUDA version.
      const account = JSON.parse(readFileSync(scratch.path('gpu.json'), 'utf8'));
      expect(account.environment).toMatchObject({ driver: '550.54.15', cuda: '12.4' });
    } finally {
      process.env.PATH = path;
    }
  });

  it('several ranks through a glob: a rank label, ranks active, each rank a run of the job and all together', async () => {
    const specs = [0, 1].map((rank) =>
      scratch.trainer(
        {
          out: scratch.path(`metrics_rank_${rank}.csv`),
          header: 'step,loss',
          lines: healthyLines(1, 150).map((l) => l.split(',').slice(0, 2).join(',')),
          intervalMs: 10,
        },
        `spec${rank}.json`,
      ),
    );
    const script = `${specs.map((s) => s.map((a) => `'${a}'`).join(' ')).join(' & ')} & wait`;
    const { out: w, done } = startWatch(
      { csv: [scratch.path('metrics_rank_*.csv')], experiment: 'exp', json: scratch.path('out.json') },
      ['/bin/sh', '-c', script],
    );
    const { families } = await scrapeUntil(await metricsUrl(w), (f) => value(f, `${P}ranks_active`) === 2);
    const ranks = families
      .get(`${P}step`)!
      .metrics.map((m) => m.labels!.rank)
      .sort();
    // Each rank's, and the job's own (its ranks combined).
    expect(ranks).toEqual(['0', '1', 'job']);
    // The run is named as the job after watch names it (the ranks' folder), never a fragment of the glob.
    expect(families.get(`${P}ranks_active`)!.metrics[0]!.labels).toEqual({
      experiment: 'exp',
      run: basename(dirname(scratch.path('metrics_rank_0.csv'))),
    });
    expect(await done).toBe(0);
    const j = JSON.parse(readFileSync(scratch.path('out.json'), 'utf8'));
    // The ranks' files are one run: the job's.
    expect(j.runs).toHaveLength(1);
    expect(j.runs[0].steps.last).toBe(149);
    expect(j.runs[0].ranks.ranks.map((r: { lastStep: number }) => r.lastStep)).toEqual([149, 149]);
    expect(j.live.ranks.map((r: { rank: string }) => r.rank).sort()).toEqual(['0', '1']);
    expect(j.live.together).toMatchObject({ ranks: 2, lastStep: 149, rows: 298 });
    expect(TRAINER).toBeTruthy();
  });
});
