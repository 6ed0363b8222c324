/**
 * A fleet's history for the trend site's benchmark and end-to-end tests: `experiments` × `runs` records
 * in recording order (runs interleaved across experiments, as daily jobs append them), each with MFU,
 * step time and a loss with its sampled curve, an environment, and now and then a pull request run or a
 * quarantined run. Every tenth experiment loses 8 % MFU at 60 % of its runs, where its CUDA version
 * changes. Deterministic, so every store gets the same history.
 */
import type { HistoryRecord } from '../../src/model.js';

class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state * 1664525 + 1013904223) >>> 0;
    return this.state / 2 ** 32;
  }
  /** About N(0, 1). */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * 1.73;
  }
}

export const fleetExperiment = (e: number) => `exp-${String(e).padStart(4, '0')}`;

/** Does experiment `e` shift, and at which of its runs? */
export const shiftAt = (e: number, runs: number): number | null => (e % 10 === 3 ? Math.floor(runs * 0.6) : null);

export function* fleetRecords(experiments: number, runs: number, start = Date.parse('2026-01-01T00:00:00Z')) {
  const rng = new Rng(7);
  for (let r = 0; r < runs; r++) {
    for (let e = 0; e < experiments; e++) {
      const n = r * experiments + e;
      const shift = shiftAt(e, runs);
      const after = shift !== null && r >= shift;
      const mfu = 0.42 * (after ? 0.92 : 1) * (1 + 0.004 * rng.normal());
      const step = 1.3 * (1 + 0.005 * rng.normal());
      const loss = 2.1 * (1 + 0.002 * rng.normal());
      const samples: [number, number][] = [];
      for (let s = 0; s <= 24; s++) samples.push([s * 20, loss + 6 * Math.exp(-s / 4) * (1 + 0.01 * rng.normal())]);
      const record: HistoryRecord = {
        experiment: fleetExperiment(e),
        fingerprint: `gpu=H100,world_size=${8 << (e % 3)}`,
        run: `daily-${r}`,
        recordedAt: new Date(start + n * 60_000).toISOString(),
        ref: 'refs/heads/main',
        sha: (n + 1).toString(16).padStart(40, '0'),
        runId: String(n + 1),
        repository: 'fleet/models',
        attempt: 1,
        baseline: false,
        steps: 480,
        complete: true,
        metrics: {
          mfu: { kind: 'window', direction: 'higher', unit: 'ratio', centre: mfu, spread: 0.006, n: 400, nonFinite: 0 },
          step_time: {
            kind: 'timer',
            direction: 'lower',
            unit: 'seconds',
            centre: step,
            spread: 0.02,
            n: 400,
            nonFinite: 0,
          },
          lm_loss: {
            kind: 'loss',
            direction: 'lower',
            unit: '',
            centre: loss,
            final: loss,
            spread: 0.01,
            n: 120,
            nonFinite: 0,
            samples,
          },
        },
        environment: { cuda: after ? '12.6' : '12.4', driver: '550.54.15', torch: '2.4.0' },
      };
      if (r % 17 === 5) record.pullRequest = 100 + r;
      else if (r % 41 === 7) record.quarantined = { at: record.recordedAt, reason: 'node failure' };
      yield record;
    }
  }
}

/**
 * 100,000 records as the site's benchmark and end-to-end test use them: 990 experiments × 100 runs (the
 * default history-max) and one experiment of 1,000 runs, whose charts are thinned.
 */
export const LONG_EXPERIMENT = 'long-run';

export function* fleetOf100k(): Generator<HistoryRecord> {
  yield* fleetRecords(990, 100);
  for (const r of fleetRecords(1, 1000, Date.parse('2026-06-01T00:00:00Z')))
    yield { ...r, experiment: LONG_EXPERIMENT, runId: `long-${r.runId}`, sha: `f${r.sha.slice(1)}` };
}
