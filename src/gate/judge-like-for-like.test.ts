/** Like for like: a run that stopped early against whole runs, over the same steps, on both sides. */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/random.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import { tableFromColumns } from '../ingest/table-from-columns.js';
import type { HistoryRecord, RunSummary } from '../model.js';
import { summarizeRun } from '../summarize/index.js';
import { DEFAULT_GATE_CONFIG } from './config.js';
import { judgeRun } from './judge.js';
import { recordFromSummary } from './record.js';

/** A seeded normal-ish noise source (sum of uniforms). */
function noise(seed: number): () => number {
  const u = mulberry32(seed);
  return () => u() + u() + u() + u() - 2;
}

function run(name: string, seed: number, last: number, columns: Record<string, (s: number, e: number) => number>) {
  const e = noise(seed);
  const steps = Array.from({ length: last + 1 }, (_, i) => i);
  const values = Object.fromEntries(Object.entries(columns).map(([k, f]) => [k, steps.map((s) => f(s, e()))]));
  return summarizeRun(
    { name, experiment: 'x', tags: {}, fingerprint: {}, table: tableFromColumns(`${name}.csv`, steps, values) },
    DEFAULT_CONFIG,
  );
}

const record = (s: RunSummary, i: number): HistoryRecord =>
  recordFromSummary(s, {
    recordedAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
    ref: 'refs/heads/main',
    sha: String(i).repeat(40).slice(0, 40),
    runId: String(i),
    baseline: false,
    complete: true,
  });

// A falling, noisy loss and a throughput that climbs all run (a compile cache warming, a dataloader).
const columns = {
  train_loss: (s: number, e: number) => (2 + 8 / Math.sqrt(s + 1)) * (1 + 0.03 * e),
  tokens_per_sec: (s: number, e: number) => 1000 * (1 + (0.2 * s) / 1000) * (1 + 0.01 * e),
};

describe('a run that stopped early is compared with the history over the steps it reached', () => {
  it('passes the same curve cut at 500 and at 700 of 1,000 steps, loss and throughput alike, naming the steps', async () => {
    const history: HistoryRecord[] = [];
    for (let i = 0; i < 8; i++) history.push(record(await run(`h${i}`, 10 + i, 1000, columns), i));
    for (const stop of [500, 700]) {
      const r = judgeRun(await run('cut', 99, stop, columns), history, DEFAULT_GATE_CONFIG);
      const loss = r.metrics.find((m) => m.name === 'train_loss')!;
      const rate = r.metrics.find((m) => m.name === 'tokens_per_sec')!;
      expect([loss.verdict, rate.verdict], `${stop}: ${loss.reason} / ${rate.reason}`).toEqual(['pass', 'pass']);
      expect(Math.abs(loss.change!)).toBeLessThan(0.02);
      expect(Math.abs(rate.change!)).toBeLessThan(0.02);
      expect(loss.compared!.to).toBeLessThanOrEqual(stop);
      expect(loss.compared!.from).toBeGreaterThanOrEqual(0.75 * stop - 32);
      expect(loss.reason).toMatch(/steps \d+–\d+ on both sides, where this run stopped early/);
      expect(r.run.complete).toBe(false);
      expect(r.regression).toBe(false);
    }
  });

  it('still catches a real change in a run that stopped early: loss 5 % worse, throughput 10 % lower', async () => {
    const history: HistoryRecord[] = [];
    for (let i = 0; i < 8; i++) history.push(record(await run(`h${i}`, 10 + i, 1000, columns), i));
    const worse = {
      train_loss: (s: number, e: number) => 1.05 * columns.train_loss(s, e),
      tokens_per_sec: (s: number, e: number) => 0.9 * columns.tokens_per_sec(s, e),
    };
    const r = judgeRun(await run('cut', 99, 600, worse), history, DEFAULT_GATE_CONFIG);
    expect(r.metrics.find((m) => m.name === 'train_loss')!.verdict).toBe('regression');
    expect(r.metrics.find((m) => m.name === 'tokens_per_sec')!.verdict).toBe('regression');
  });

  it('compares with records kept before curves were, at the middle of the final window (no curve in them)', async () => {
    const history: HistoryRecord[] = [];
    for (let i = 0; i < 8; i++) {
      const r = record(await run(`h${i}`, 10 + i, 1000, columns), i);
      for (const m of Object.values(r.metrics)) delete m.curve;
      history.push(r);
    }
    const r = judgeRun(await run('cut', 99, 700, columns), history, DEFAULT_GATE_CONFIG);
    const loss = r.metrics.find((m) => m.name === 'train_loss')!;
    expect(loss.compared).toBeUndefined();
    expect(loss.baseline!.runs).toBe(8);
  });

  it('calls a metric the history first logs after this run stopped "not reached", a pass', async () => {
    const late = { ...columns, eval_loss: (s: number) => (s >= 900 ? 2.5 : Number.NaN) };
    const history: HistoryRecord[] = [];
    for (let i = 0; i < 6; i++) history.push(record(await run(`h${i}`, 10 + i, 1000, late), i));
    const r = judgeRun(await run('cut', 99, 500, late), history, DEFAULT_GATE_CONFIG);
    const evalLoss = r.metrics.find((m) => m.name === 'eval_loss')!;
    expect(evalLoss.verdict).toBe('pass');
    expect(evalLoss.reason).toMatch(
      /not reached: the history's runs first log it at step 900, this run stopped at step 500/,
    );
  });
});

describe('divergence against the history’s curves', () => {
  // A warm restart every run makes: the learning rate jumps back at step 200 and the loss with it.
  const restart = (s: number, e: number) => (2 + 8 / Math.sqrt((s < 200 ? s : s - 200) + 1)) * (1 + 0.01 * e);
  it('does not call a rise every history run makes at the same steps a divergence', async () => {
    const history: HistoryRecord[] = [];
    for (let i = 0; i < 6; i++) history.push(record(await run(`h${i}`, 10 + i, 300, { loss: restart }), i));
    const current = await run('c', 99, 300, { loss: restart });
    expect(current.metrics[0]!.loss!.divergence).not.toBeNull();
    const r = judgeRun(current, history, DEFAULT_GATE_CONFIG);
    expect(r.metrics[0]!.reason).not.toMatch(/diverged/);
    expect(r.regression).toBe(false);
  });

  it('flags a loss that leaves the history’s band at the same steps and stays out', async () => {
    const flat = (s: number, e: number) => 1 + 0.001 * s + 0.01 * e;
    const history: HistoryRecord[] = [];
    for (let i = 0; i < 6; i++) history.push(record(await run(`h${i}`, 10 + i, 400, { loss: flat }), i));
    // Rises slowly from the start (so its own best is its first value) to twice the history at the end.
    const climbing = (s: number, e: number) => flat(s, e) * (1 + s / 400);
    const current = await run('c', 99, 400, { loss: climbing });
    const r = judgeRun(current, history, DEFAULT_GATE_CONFIG);
    expect(r.metrics[0]!.reason).toMatch(/diverged/);
    expect(r.regression).toBe(true);
  });
});
