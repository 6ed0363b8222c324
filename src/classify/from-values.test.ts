import { describe, expect, it } from 'vitest';
import { ValueShape } from '../summarize/value-shape.js';
import { defaultClass } from './defaults.js';
import { classFromValues } from './from-values.js';

const shapeOf = (values: number[]) => {
  const s = new ValueShape();
  s.addColumn(Float64Array.from(values));
  return s;
};
const verdict = (header: string, values: number[]) => classFromValues(header, defaultClass(header), shapeOf(values));
const ramp = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));

describe('classFromValues', () => {
  it('takes a throughput that only rises for a counter', () => {
    expect(
      verdict(
        'tokens_per_sec',
        ramp(50, (i) => (i + 1) * 1000),
      ).cls,
    ).toMatchObject({ kind: 'gauge', gate: false });
  });

  it("takes a clock a resume started again for a counter too (Ultralytics' cumulative time), not a step timer", () => {
    const resumed = [
      ...ramp(9, (i) => 1000 * (i + 1)),
      ...ramp(6, (i) => 1050 * (i + 1)),
      ...ramp(20, (i) => 980 * (i + 1)),
    ];
    expect(verdict('time', resumed).cls).toMatchObject({ kind: 'gauge', gate: false });
    // A timer's noise falls often but never halves it: a step timer stays one.
    expect(
      verdict(
        'time',
        ramp(40, (i) => 1.0 + 0.1 * ((i * 7) % 5)),
      ).cls.kind,
    ).toBe('timer');
  });

  it('keeps a rate with noise, a plateau, a short run and a small drift as they are', () => {
    const noisy = ramp(200, (i) => 400 + ((i * 7919) % 13));
    expect(verdict('tokens_per_sec', noisy).cls.kind).toBe('window');
    // Flat after a ramp: pairs do not fall, but few rise.
    expect(
      verdict(
        'tokens_per_sec',
        ramp(200, (i) => Math.min(i, 20)),
      ).cls.kind,
    ).toBe('window');
    expect(
      verdict(
        'tokens_per_sec',
        ramp(5, (i) => i + 1),
      ).cls.kind,
    ).toBe('window');
    // Rises every step, but by 10 % over the run: a slow-down, which the gate should see.
    expect(
      verdict(
        'step_time',
        ramp(200, (i) => 1 + i * 0.0005),
      ).cls.kind,
    ).toBe('timer');
  });

  it('leaves memory and loss to their names even when they only rise', () => {
    expect(
      verdict(
        'mem_max_allocated',
        ramp(50, (i) => i + 1),
      ).cls.kind,
    ).toBe('window');
    expect(
      verdict(
        'loss',
        ramp(50, (i) => i + 1),
      ).cls.kind,
    ).toBe('loss');
  });

  it('keeps a "utilization" whose values are mostly above 100 as logged: no percentage gets there', () => {
    // Megatron-Bridge's "GPU utilization" holds TFLOP/s per GPU (240–280).
    const v = verdict(
      'GPU utilization',
      ramp(20, (i) => 250 + i),
    );
    expect(v).toMatchObject({ scale: 1, cls: { unit: '' } });
    expect(v.note).toMatch(/most of its values are above 100: not a percentage nor a ratio, kept as logged/);
    // 97 % stays a percentage.
    expect(
      verdict(
        'GPU utilization',
        ramp(20, () => 97),
      ).scale,
    ).toBe(0.01);
  });

  it('reads a utilisation above 1 as percent, and one at or below 1 as a ratio', () => {
    expect(
      verdict(
        'mfu',
        ramp(20, () => 42),
      ),
    ).toMatchObject({ scale: 0.01, cls: { unit: 'ratio' } });
    expect(
      verdict(
        'utilization.gpu',
        ramp(20, () => 97),
      ).scale,
    ).toBe(0.01);
    expect(
      verdict(
        'mfu',
        ramp(20, () => 0.42),
      ),
    ).toMatchObject({ scale: 1, note: null });
    expect(
      verdict(
        'mfu_pct',
        ramp(20, () => 0.9),
      ).scale,
    ).toBe(0.01);
    // Not a utilisation: a value above 1 says nothing.
    expect(
      verdict(
        'tflops',
        ramp(20, () => 400),
      ).scale,
    ).toBe(1);
  });
});
