/** judgeRun on histories that used to silence the gate: no spread, a fresh new baseline, no comparable runs. */
import { describe, expect, it } from 'vitest';
import { NORMAL_RUN, Rng, simulateRun, type RunSpec } from '../../bench/gate/simulate.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import type { HistoryRecord, RunSummary } from '../model.js';
import { metricKey } from '../naming.js';
import { summarizeRun } from '../summarize/index.js';
import { DEFAULT_GATE_CONFIG } from './config.js';
import { judgeRun } from './judge.js';
import { noComparableReason } from './no-comparable.js';
import { recordFromSummary } from './record.js';

const summarize = (name: string, spec: Partial<RunSpec>, rng: Rng): Promise<RunSummary> =>
  summarizeRun(simulateRun(name, { ...NORMAL_RUN, ...spec }, rng), DEFAULT_CONFIG);

async function history(specs: Partial<RunSpec>[], rng: Rng, marks: number[] = []): Promise<HistoryRecord[]> {
  const out: HistoryRecord[] = [];
  for (const [k, spec] of specs.entries()) {
    const s = await summarize(`h${k}`, spec, rng);
    out.push(
      recordFromSummary(s, {
        recordedAt: '2026-01-01T00:00:00Z',
        ref: 'refs/heads/main',
        sha: 'abc',
        runId: String(k),
        baseline: marks.includes(k),
        complete: true,
      }),
    );
  }
  return out;
}
const same = (n: number, spec: Partial<RunSpec> = {}) => Array.from({ length: n }, () => spec);
const verdictOf = (r: ReturnType<typeof judgeRun>, name: string) => r.metrics.find((m) => m.name === name)!;
const LOSS = 'train.lm_loss';

describe('a metric constant across the history', () => {
  it('a loss of exactly 0 in every run is judged, not skipped: any rise fails, 0 passes', async () => {
    const rng = new Rng(31);
    const h = await history(same(6), rng);
    // A loss of exactly 0 has no per-step noise either.
    for (const r of h) Object.assign(r.metrics[metricKey(LOSS)]!, { final: 0, noise: 0 });
    const current = await summarize('c', {}, rng);
    const loss = current.metrics.find((m) => m.name === LOSS)!;
    loss.loss!.finalWindow.median = 0;
    const zero = verdictOf(judgeRun(current, h), LOSS);
    expect(zero.verdict).toBe('pass');
    expect(zero.reason).toMatch(/the same in all 6 runs: unchanged, within the 1\.0 % minimum effect/);
    loss.loss!.finalWindow.median = 0.01;
    const risen = judgeRun(current, h);
    expect(verdictOf(risen, LOSS).verdict).toBe('regression');
    expect(risen.regression).toBe(true);
  });

  it('a constant non-zero value with no noise floor or prior is judged against the minimum effect', async () => {
    const rng = new Rng(32);
    const h = await history(same(6), rng);
    // A deterministic value: the same every run, and no per-step noise.
    for (const r of h) Object.assign(r.metrics.mfu!, { centre: 0.42, noise: 0 });
    const config = { ...DEFAULT_GATE_CONFIG, noiseFloor: 0, priorRuns: 0 };
    const current = await summarize('c', {}, rng);
    const mfu = current.metrics.find((m) => m.name === 'MFU')!;
    mfu.steady!.median = 0.419; // −0.2 %: within the 2 % minimum effect
    expect(verdictOf(judgeRun(current, h, config), 'MFU').verdict).toBe('pass');
    mfu.steady!.median = 0.4; // −4.8 %
    const slow = verdictOf(judgeRun(current, h, config), 'MFU');
    expect(slow.verdict).toBe('regression');
    expect(slow.reason).toMatch(
      /^MFU 0\.4 vs 0\.42, the same in all 6 runs: −4\.8 %, worse beyond the 2\.0 % minimum effect/,
    );
  });
});

describe('new-baseline', () => {
  it('the marked run passes with its regressions shown as accepted; NaN still fails', async () => {
    const rng = new Rng(33);
    const h = await history(same(10), rng);
    const slower = judgeRun(await summarize('c', { speed: 0.9 }, rng), h, DEFAULT_GATE_CONFIG, { newBaseline: true });
    expect(slower.regression).toBe(false);
    expect(verdictOf(slower, 'MFU').verdict).toBe('pass');
    expect(verdictOf(slower, 'MFU').reason).toMatch(
      /^accepted as the new baseline: MFU .* worse beyond the noise band/,
    );
    const nan = judgeRun(await summarize('c', { nanAt: 250 }, rng), h, DEFAULT_GATE_CONFIG, { newBaseline: true });
    expect(nan.regression).toBe(true);
  });

  it('until min_runs runs exist since the mark, later runs are insufficient history, never a regression', async () => {
    const rng = new Rng(34);
    // 10 runs, then a marked 10 % slower run and one more like it.
    const h = await history([...same(10), ...same(2, { speed: 0.9 })], rng, [10]);
    const r = judgeRun(await summarize('c', { speed: 0.85 }, rng), h);
    expect(r.regression).toBe(false);
    expect(verdictOf(r, 'MFU').verdict).toBe('insufficient-history');
    expect(verdictOf(r, 'MFU').reason).toMatch(
      /over 2 runs: −\d\.\d % \(2 runs since the new baseline; not judged below 5\)/,
    );
    // Divergence still fails.
    expect(judgeRun(await summarize('c', { divergeAt: 250 }, rng), h).regression).toBe(true);
    // With min_runs runs since the mark the new level is judged.
    const later = await history([...same(10), ...same(6, { speed: 0.9 })], rng, [10]);
    const judged = judgeRun(await summarize('c', { speed: 0.8 }, rng), later);
    expect(verdictOf(judged, 'MFU').verdict).toBe('regression');
    expect(verdictOf(judged, 'MFU').baseline!.runs).toBe(6);
  });
});

describe('a run that judged nothing', () => {
  it('is not judged, never a pass, and says what its metrics lacked', async () => {
    const rng = new Rng(37);
    const h = await history(same(3), rng);
    const r = judgeRun(await summarize('c', {}, rng), h, DEFAULT_GATE_CONFIG);
    expect(r.verdict).toBe('not-judged');
    expect(r.judged).toBe(0);
    expect(r.regression).toBe(false);
    expect(r.notJudged).toMatch(
      /^no gated metric could be judged: \d+ of \d+ gated metrics have too little history \(3 comparable runs; 5 needed\)$/,
    );
    // With enough runs the same run is judged, and a pass.
    const judged = judgeRun(await summarize('c', {}, rng), await history(same(6), rng), DEFAULT_GATE_CONFIG);
    expect(judged.verdict).toBe('pass');
    expect(judged.judged).toBeGreaterThan(0);
    expect(judged.notJudged).toBeUndefined();
  });
});

describe('no comparable runs', () => {
  it('names the fingerprint fields that differ from the nearest history', async () => {
    const rng = new Rng(35);
    const h = await history(same(6), rng);
    for (const r of h) r.fingerprint = 'gpu=A100,world_size=8';
    const other = { ...h[0]!, fingerprint: 'gpu=A100,world_size=16' };
    const why = noComparableReason([...h, other], 'sim', 'gpu=H100,world_size=8');
    expect(why).toBe('no comparable runs: 6 runs of this experiment on gpu=A100; this run is gpu=H100');
    const r = judgeRun(await summarize('c', {}, rng), [], DEFAULT_GATE_CONFIG, { noComparable: why });
    expect(r.noComparable).toBe(why);
    expect(verdictOf(r, 'MFU').reason).toMatch(
      /^MFU 0\.4\d+: no comparable runs: 6 runs of this experiment on gpu=A100; this run is gpu=H100 \(not judged below 5 runs\)$/,
    );
  });

  it('for an experiment never recorded, lists the experiments the history holds; a missing field is named', async () => {
    const rng = new Rng(36);
    const h = await history(same(2), rng);
    expect(noComparableReason(h, 'simm', 'gpu=H100,world_size=8')).toBe(
      'no comparable runs: no run of experiment "simm" in the history; did you mean "sim"? (it holds 1 experiment: "sim")',
    );
    // A typo of one character in a longer name; a name far from every other gets no guess.
    const named = h.map((r, i) => ({ ...r, experiment: i ? 'gpt3-1.3b-tp1' : 'llama-70b' }));
    expect(noComparableReason(named, 'gpt3-1.3b-tpl', '')).toMatch(/did you mean "gpt3-1\.3b-tp1"\?/);
    expect(noComparableReason(named, 'bert-base', '')).not.toMatch(/did you mean/);
    expect(noComparableReason(h, 'sim', 'gpu=H100')).toBe(
      'no comparable runs: 2 runs of this experiment on world_size=8; this run is world_size unset',
    );
    expect(noComparableReason([], 'sim', '')).toBe('no comparable runs yet: the history is empty');
  });
});
