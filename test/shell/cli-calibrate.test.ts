/**
 * `calibrate` through the CLI's entry: copies of a real Megatron-LM run with small seeded run-to-run noise,
 * a history the CLI recorded itself, and the inputs it refuses (exit 2, one line).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../bench/gate/simulate.js';
import { classify } from '../../src/classify/index.js';
import { cliHere, cliIn } from '../helpers/cli-in-process.js';
import { writeSimulatedCsv } from '../helpers/simulated-csv.js';
import { parseConfig } from '../../src/config/parse.js';
import { sectionValue } from '../../src/config/section.js';
import { roundUp } from '../../src/gate/calibrate/round-up.js';
import { minEffectForRate } from '../../src/gate/stats/min-effect-for-rate.js';
import type { HistoryRecord } from '../../src/model.js';

const REAL = 'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv';

/** A copy of the real file with its iteration time and loss scaled by one run-level factor each. */
async function noisyCopy(dir: string, i: number, time: number, loss: number): Promise<string> {
  const [header, ...rows] = (await readFile(REAL, 'utf8')).trimEnd().split('\n');
  const scale = (v: string, f: number) => (v === 'nan' ? v : String(Number(v) * f));
  // The pivot keeps the golden values' "nan" padding past step 12715; in a CSV that would be a NaN loss.
  const lines = rows
    .filter((row) => !/^\d+(,nan)+$/.test(row))
    .map((row) => {
      const c = row.split(',');
      return [c[0], scale(c[1]!, loss), c[2], c[3], c[4], scale(c[5]!, time)].join(',');
    });
  const path = join(dir, `copy-${i}.csv`);
  await writeFile(path, `${[header, ...lines].join('\n')}\n`);
  return path;
}

const csvFlags = (files: string[]) => files.flatMap((f) => ['--csv', f]);

describe('calibrate on copies of a real run', () => {
  it('measures the seeded noise and prints a config the tool reads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'calibrate-real-'));
    const rng = new Rng(31);
    const time = Array.from({ length: 6 }, () => 1 + 0.02 * rng.normal());
    const loss = Array.from({ length: 6 }, () => 1 + 0.003 * rng.normal());
    const files = await Promise.all(time.map((t, i) => noisyCopy(dir, i, t, loss[i]!)));
    const r = await cliHere(['calibrate', ...csvFlags(files)]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const config = parseConfig(r.out, 'calibrated.yml');
    // Two families have noise (the iteration time, the loss); the memory columns are the same in every copy.
    const expected = (f: number[]) =>
      minEffectForRate(0.005, { centre: mean(f), sd: sampleStandardDeviation(f), df: 5, runs: 6 });
    const timeEffect = classify('iteration-time', config).minEffect;
    expect(Math.abs(timeEffect / expected(time) - 1)).toBeLessThan(0.02);
    expect(Math.abs(classify('lm loss', config).minEffect / expected(loss) - 1)).toBeLessThan(0.02);
    expect(classify('mem-allocated-bytes', config).minEffect).toBe(0.03);
    expect(r.out).toMatch(/# mem_allocated_bytes: not calibrated, the same value in all 6 runs/);
    // Iteration time is logged every 100 steps: MSER-5's first batch (steps 100–500) runs slower than the
    // rest and is the warm-up; the one slow step at 4,600 (a stall, 2.3× the others) is not taken for a level.
    expect(config.summary.warmupSteps).toBe(500);
    expect(r.out).toMatch(/iteration_time 500/);
    expect(sectionValue(config.gate).alpha).toBe(0.01);
  }, 60_000);
});

describe('calibrate --history', () => {
  it('calibrates from a history the CLI recorded, without a warm-up (no per-step series kept)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'calibrate-history-'));
    const history = join(dir, 'history.json');
    const rng = new Rng(5);
    for (let i = 0; i < 8; i++) {
      const file = await writeSimulatedCsv(dir, `run-${i}`, {}, rng);
      const rec = await cliHere([
        'record',
        '--history',
        history,
        '--experiment',
        'sim',
        '--run-id',
        `r${i}`,
        '--csv',
        file,
      ]);
      expect(rec.code).toBe(0);
    }
    const r = await cliHere(['calibrate', '--history', history, '--experiment', 'sim', '--false-alarm-rate', '0.03']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/# warmup_steps: not detected/);
    expect(r.out).not.toMatch(/^warmup_steps:/m);
    const runs = (JSON.parse(await readFile(history, 'utf8')) as { runs: HistoryRecord[] }).runs;
    const mfu = runs.map((x) => x.metrics.mfu!.centre);
    // Memory's jitter of a MiB or two stays inside one step of its summary's resolution: the same value
    // in every run. Throughput and the loss have noise: 1.5 % each of the 3 %.
    expect(new Set(runs.map((x) => x.metrics['memory.max_allocated']!.centre)).size).toBe(1);
    expect(r.out).toMatch(/# memory\.max_allocated: not calibrated, the same value in all 8 runs/);
    const want = roundUp(
      minEffectForRate(0.015, { centre: mean(mfu), sd: sampleStandardDeviation(mfu), df: 7, runs: 8 }),
    );
    const config = parseConfig(r.out, 'calibrated.yml');
    expect(classify('MFU', config).minEffect).toBe(want);
    expect(sectionValue(config.gate).alpha).toBe(0.03);
  }, 60_000);

  it('refuses a history run whose loss broke, an unknown experiment and too few runs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'calibrate-broken-'));
    const history = join(dir, 'history.json');
    const rng = new Rng(6);
    for (let i = 0; i < 5; i++) {
      const file = await writeSimulatedCsv(dir, `run-${i}`, i === 2 ? { nanAt: 100 } : {}, rng);
      await cliHere(['record', '--history', history, '--experiment', 'sim', '--run-id', `r${i}`, '--csv', file]);
    }
    const broken = await cliHere(['calibrate', '--history', history, '--experiment', 'sim']);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/^error: run-2: train\.lm_loss has 1 NaN or infinite value: a run of the same code/);
    const unknown = await cliHere(['calibrate', '--history', history, '--experiment', 'other']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/no run of experiment "other" in the history \(it holds "sim"\)/);
    const missing = await cliHere(['calibrate', '--history', join(dir, 'nope.json'), '--experiment', 'sim']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/the history does not exist/);
  }, 60_000);
});

describe('calibrate refuses what it cannot calibrate from', () => {
  it('says why in one line and exits 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'calibrate-bad-'));
    const rng = new Rng(8);
    const one = await writeSimulatedCsv(dir, 'one', {}, rng);
    const nan = await writeSimulatedCsv(dir, 'nan', { nanAt: 300 }, rng);
    const cases: [string[], RegExp][] = [
      [['calibrate', '--csv', one], /needs at least 5 runs of the same code, got 1/],
      [['calibrate', ...csvFlags([one, one, one, one, one])], /no gated metric varies between these 5 runs/],
      [['calibrate', ...csvFlags([one, one, one, one, nan])], /nan\.csv: train\.lm_loss has 1 NaN or infinite value/],
      [['calibrate'], /give the runs as --csv files or as --history with --experiment/],
      [['calibrate', '--csv', one, '--history', 'h.json'], /give the runs as --csv files or as --history/],
      [['calibrate', '--history', 'h.json'], /--history needs --experiment/],
      [['calibrate', '--csv', one, '--false-alarm-rate', '2'], /--false-alarm-rate is a probability/],
      [['calibrate', '--csv', one, '--bogus'], /Unknown option '--bogus'/],
      // A store that cannot be reached: one line naming it, never a stack.
      [
        ['calibrate', '--history', 'postgres://calibrate@127.0.0.1:1/history', '--experiment', 'x'],
        /^error: calibrate: PostgreSQL history postgres:\/\/\*\*\*@127\.0\.0\.1:1\/history: connect ECONNREFUSED 127\.0\.0\.1:1\n$/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await cliHere(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.split('\n')[0]).toMatch(/^error: /);
      expect(r.out).toBe('');
    }
    // A git history on a checkout without a remote.
    execFileSync('git', ['init', '--quiet', dir]);
    const r = await cliIn(dir, ['calibrate', '--history', 'git:history', '--experiment', 'x']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^error: calibrate: git ls-remote failed: fatal: 'origin' does not appear to be a git repository\n$/,
    );
  }, 60_000);
});
