import { mean, sampleStandardDeviation } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../../test/helpers/history-records.js';
import { parseConfig } from '../../config/parse.js';
import { sectionValue } from '../../config/section.js';
import { classify } from '../../classify/index.js';
import { InputError, type HistoryRecord } from '../../model.js';
import { DEFAULT_GATE_CONFIG } from '../config.js';
import { minEffectForRate } from '../stats/min-effect-for-rate.js';
import { calibrateTolerances } from './calibrate.js';
import { calibrationYaml } from './fragment.js';
import type { JudgedClass } from './measured-noise.js';

const MFU = [0.421, 0.418, 0.425, 0.419, 0.423, 0.417, 0.422, 0.42];
const LOSS = [2.81, 2.83, 2.8, 2.82, 2.84, 2.8, 2.81, 2.83];

function records(n = MFU.length, memory = (_i: number) => 61_440): HistoryRecord[] {
  return Array.from({ length: n }, (_, i) =>
    sampleRecord(`r${i}`, MFU[i]!, {
      metrics: {
        mfu: { kind: 'window', direction: 'higher', unit: 'ratio', centre: MFU[i]!, spread: 0, n: 400, nonFinite: 0 },
        'train.lm_loss': {
          kind: 'loss',
          direction: 'lower',
          unit: '',
          centre: 3,
          spread: 0,
          n: 400,
          nonFinite: 0,
          final: LOSS[i]!,
        },
        'memory.max_allocated': {
          kind: 'window',
          direction: 'lower',
          unit: 'mebibytes',
          centre: memory(i),
          spread: 0,
          n: 400,
          nonFinite: 0,
        },
      },
    }),
  );
}

const classes = new Map<string, JudgedClass>([
  ['mfu', { kind: 'window', direction: 'higher', unit: 'ratio', minEffect: 0.02 }],
  ['train.lm_loss', { kind: 'loss', direction: 'lower', unit: '', minEffect: 0.01 }],
  ['memory.max_allocated', { kind: 'window', direction: 'lower', unit: 'mebibytes', minEffect: 0.03 }],
]);
const gate = DEFAULT_GATE_CONFIG;

describe('calibrateTolerances', () => {
  it('recommends the gate test inverted at an equal share of the rate per family with noise', () => {
    const c = calibrateTolerances({ records: records(), classes, falseAlarmRate: 0.01, gate });
    const mfu = c.metrics.find((m) => m.key === 'mfu')!;
    // Two families have noise (throughput, the loss); memory is constant.
    expect(mfu.share).toBeCloseTo(0.005, 12);
    const exact = minEffectForRate(0.005, {
      centre: mean(MFU),
      sd: sampleStandardDeviation(MFU),
      df: MFU.length - 1,
      runs: MFU.length,
    });
    expect(mfu.minEffect!).toBeGreaterThanOrEqual(exact);
    expect(mfu.minEffect!).toBeLessThan(exact * 1.01);
    const memory = c.metrics.find((m) => m.key === 'memory.max_allocated')!;
    expect(memory.minEffect).toBeNull();
    expect(memory.skipped).toMatch(/the same value in all 8 runs/);
    expect(c.warmupSteps).toBeNull();
  });
  it('gives power rising with the change, and more of it with a higher false-alarm rate', () => {
    const low = calibrateTolerances({ records: records(), classes, falseAlarmRate: 0.01, gate });
    const high = calibrateTolerances({ records: records(), classes, falseAlarmRate: 0.1, gate });
    const power = (c: typeof low) => c.metrics.find((m) => m.key === 'mfu')!.power.map((p) => p.power);
    const [p3, p5, p10] = power(low);
    expect(p3!).toBeLessThan(p5!);
    expect(p5!).toBeLessThan(p10!);
    expect(power(high)[0]!).toBeGreaterThan(p3!);
  });
  it('splits the rate over three families when memory varies too', () => {
    const c = calibrateTolerances({
      records: records(MFU.length, (i) => 61_440 + (i % 3)),
      classes,
      falseAlarmRate: 0.01,
      gate,
    });
    expect(c.metrics.map((m) => m.share)).toEqual([0.01 / 3, 0.01 / 3, 0.01 / 3]);
  });
  it('refuses fewer runs than the gate judges', () => {
    expect(() => calibrateTolerances({ records: records(4), classes, falseAlarmRate: 0.01, gate })).toThrow(
      /needs at least 5 runs of the same code, got 4/,
    );
    // With min_runs lowered to 2, two runs do.
    expect(() =>
      calibrateTolerances({ records: records(2), classes, falseAlarmRate: 0.01, gate: { ...gate, minRuns: 2 } }),
    ).not.toThrow();
  });
  it('refuses runs with no spread at all (copies of one file)', () => {
    const same = records().map((r) => ({ ...r, metrics: records()[0]!.metrics }));
    expect(() => calibrateTolerances({ records: same, classes, falseAlarmRate: 0.01, gate })).toThrow(
      /no gated metric varies between these 8 runs/,
    );
  });
  it('refuses a run whose loss broke, naming it', () => {
    const broken = records();
    broken[3]!.metrics['train.lm_loss']!.nonFinite = 2;
    const e = (() => {
      try {
        calibrateTolerances({ records: broken, classes, falseAlarmRate: 0.01, gate });
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).message).toMatch(/^r3: train\.lm_loss has 2 NaN or infinite values/);
    const nan = records();
    nan[1]!.metrics.mfu!.centre = Number.NaN;
    expect(() => calibrateTolerances({ records: nan, classes, falseAlarmRate: 0.01, gate })).toThrow(
      /^r1: mfu has no finite value/,
    );
  });
  it('prints a fragment the config reads back: the same minimum effects, warm-up and rate', () => {
    const c = calibrateTolerances({
      records: records(),
      classes,
      falseAlarmRate: 0.02,
      gate,
      warmup: new Map([
        ['mfu', 25],
        ['train.lm_loss', 400],
      ]),
    });
    const yaml = calibrationYaml(c);
    const config = parseConfig(yaml, 'calibrated.yml');
    expect(config.summary.warmupSteps).toBe(25); // the loss's warm-up is not the steady state's
    expect(sectionValue(config.gate).alpha).toBe(0.02);
    for (const m of c.metrics.filter((x) => x.minEffect !== null))
      expect(classify(m.key === 'mfu' ? 'MFU' : m.key, config).minEffect).toBe(m.minEffect);
    expect(classify('memory.max_allocated [MiB]', config).minEffect).toBe(0.03);
    expect(yaml).toMatch(/# memory\.max_allocated: not calibrated/);
  });
  it('accounts for what it does not calibrate, and says why no warm-up was found', () => {
    const c = calibrateTolerances({
      records: records(),
      classes,
      falseAlarmRate: 0.01,
      gate,
      warmupWhy: 'the runs have no gated window or timer metric to find it from',
      unjudged: [{ key: 'eval_accuracy', why: 'neither higher nor lower is better by its name or rule (a gauge)' }],
    });
    const yaml = calibrationYaml(c);
    expect(yaml).toContain(
      '  # eval_accuracy: not calibrated, not judged by the gate: neither higher nor lower is better by its name or rule (a gauge)',
    );
    expect(yaml).toContain(
      '# warmup_steps: not detected (the runs have no gated window or timer metric to find it from)',
    );
    expect(yaml).not.toContain('a history');
  });
  it('names each metric’s reason when none can be calibrated, and calls runs copies only when they are', () => {
    // MFU in only three of the eight runs, the loss and memory the same in all: not "copies of one file".
    const some = records().map((r, i) => {
      const { mfu, ...rest } = r.metrics;
      return {
        ...r,
        metrics: {
          ...(i < 3 ? { mfu: mfu! } : {}),
          ...rest,
          'train.lm_loss': { ...rest['train.lm_loss']!, final: 2.8 },
        },
      };
    });
    expect(() => calibrateTolerances({ records: some, classes, falseAlarmRate: 0.01, gate })).toThrow(
      'calibrate: no gated metric of these 8 runs can be calibrated (mfu: in 3 of the runs; not calibrated below 5; train.lm_loss: the same value in all 8 runs',
    );
  });
  it('measures values near 1e308 without overflow: the same relative noise as at 0.42', () => {
    const scaled = records().map((r) => ({
      ...r,
      metrics: { ...r.metrics, mfu: { ...r.metrics.mfu!, centre: r.metrics.mfu!.centre * 4e307 } },
    }));
    const big = calibrateTolerances({ records: scaled, classes, falseAlarmRate: 0.01, gate });
    const small = calibrateTolerances({ records: records(), classes, falseAlarmRate: 0.01, gate });
    const mfu = (c: typeof big) => c.metrics.find((m) => m.key === 'mfu')!;
    expect(mfu(big).skipped).toBeUndefined();
    expect(mfu(big).cv).toBeCloseTo(mfu(small).cv!, 12);
    expect(mfu(big).minEffect).toBe(mfu(small).minEffect);
  });
});

describe('calibrate at the edge of double precision', () => {
  // Memory of 1.7e308 per run: sums of two overflow a double, squares of one do too.
  const huge = (i: number) => 1.7e308 * (1 + MFU[i]! / 100);

  it('calibrates values near 1e308 as it does the same values near 1, and writes no non-finite number', () => {
    const c = calibrateTolerances({ records: records(MFU.length, huge), classes, falseAlarmRate: 0.01, gate });
    const small = calibrateTolerances({
      records: records(MFU.length, (i) => 1 + MFU[i]! / 100),
      classes,
      falseAlarmRate: 0.01,
      gate,
    });
    const memory = (x: typeof c) => x.metrics.find((m) => m.key === 'memory.max_allocated')!;
    expect(memory(c).skipped).toBeUndefined();
    expect(memory(c).minEffect).toBe(memory(small).minEffect);
    expect(memory(c).band).toBeCloseTo(memory(small).band!, 9);
    const yaml = calibrationYaml(c);
    expect(yaml).not.toMatch(/Infinity|NaN/);
    expect(yaml).toContain('"memory.max_allocated": { kind: window, direction: lower, min_effect:');
  });

  it('one run of 1e308 among runs near 1: too noisy, said in finite words', () => {
    const c = calibrateTolerances({
      records: records(MFU.length, (i) => (i === 3 ? 1e308 : 61_440)),
      classes,
      falseAlarmRate: 0.01,
      gate,
    });
    const yaml = calibrationYaml(c);
    expect(yaml).not.toMatch(/Infinity|NaN/);
    expect(c.metrics.find((m) => m.key === 'memory.max_allocated')!.skipped).toMatch(/^too noisy/);
  });
});
