import sketches from '@datadog/sketches-js';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/random.js';
import { LogarithmicMapping } from '@datadog/sketches-js/dist/ddsketch/mapping/index.js';
import { RELATIVE_ACCURACY, Sketch, quantilesOf } from './sketch.js';

const LEVELS = [0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1];

function exactQuantile(sorted: number[], q: number): number {
  return sorted[Math.floor(q * (sorted.length - 1))]!;
}

describe('Sketch', () => {
  it('keys values exactly as sketches-js LogarithmicMapping does', () => {
    const mapping = new LogarithmicMapping(RELATIVE_ACCURACY);
    const random = mulberry32(1);
    const wrong: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const v = Math.exp((random() - 0.5) * 80);
      const one = new Sketch();
      one.accept(v);
      // A sketch of one value answers its key's representative value.
      if (one.quantile(0.5) !== mapping.value(mapping.key(v))) wrong.push(String(v));
    }
    expect(wrong).toEqual([]);
  });

  it('acceptMany in runs of any length gives what accept gives one value at a time, on 300,000 values, the store growing between and within runs', () => {
    const random = mulberry32(21);
    const values = Float64Array.from({ length: 300_000 }, (_, i) =>
      i % 997 === 0
        ? Number.NaN
        : i % 991 === 0
          ? Number.POSITIVE_INFINITY
          : i % 113 === 0
            ? 0
            : (i % 7 === 0 ? -1 : 1) * Math.exp((random() - 0.5) * 80),
    );
    const one = new Sketch();
    for (const v of values) if (Number.isFinite(v)) one.accept(v);
    const many = new Sketch();
    // Runs of varied length, as windows hand them over; the store grows between and within runs.
    for (let from = 0; from < values.length; ) {
      const to = Math.min(values.length, from + 1 + Math.floor(random() * 5000));
      many.acceptMany(values, from, to);
      from = to;
    }
    expect([many.count, many.min, many.max]).toEqual([one.count, one.min, one.max]);
    const levels = Array.from({ length: 2001 }, (_, k) => k / 2000);
    expect(many.quantiles(levels)).toEqual(one.quantiles(levels));
  });

  it('answers every quantile exactly as sketches-js DDSketch does on the same values', () => {
    const random = mulberry32(3);
    for (const spread of [0.001, 0.1, 10]) {
      const ours = new Sketch();
      const theirs = new sketches.DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });
      for (let i = 0; i < 5000; i++) {
        const v = 0.42 * Math.exp(spread * (random() - 0.5));
        ours.accept(v);
        theirs.accept(v);
      }
      for (const q of LEVELS) expect(ours.quantile(q)).toBe(theirs.getValueAtQuantile(q));
      // All levels in one pass, asked in any order, give the same answers.
      const shuffled = [...LEVELS].reverse();
      expect(ours.quantiles(shuffled)).toEqual(shuffled.map((q) => theirs.getValueAtQuantile(q)));
      expect(ours.count).toBe(theirs.count);
    }
  });

  it('keeps each quantile within the relative accuracy of the exact one, zeros and negatives included', () => {
    const random = mulberry32(5);
    const values = Array.from({ length: 20_000 }, (_, i) => (i % 50 === 0 ? 0 : (random() - 0.3) * 1000));
    const sketch = new Sketch();
    for (const v of values) sketch.accept(v);
    const sorted = [...values].sort((a, b) => a - b);
    const levels = [...LEVELS, 0.02, 0.3, 0.31, 0.305, 2, Number.NaN];
    const together = sketch.quantiles(levels);
    for (const [i, q] of levels.entries()) {
      if (!(q >= 0 && q <= 1)) {
        expect(together[i]).toBeNaN();
        continue;
      }
      const exact = exactQuantile(sorted, q);
      expect(Math.abs(sketch.quantile(q) - exact)).toBeLessThanOrEqual(Math.abs(exact) * RELATIVE_ACCURACY * 1.0001);
      expect(together[i], `q=${q}`).toBe(sketch.quantile(q));
    }
  });

  it('merges into the sketch of both inputs, negative values included (sketches-js drops them)', () => {
    const random = mulberry32(9);
    const a = new Sketch();
    const b = new Sketch();
    const both = new Sketch();
    for (let i = 0; i < 3000; i++) {
      // Far-apart key ranges on both sides of zero, so the merge has to grow and shift the bins.
      const v = i % 2 ? (random() + 0.5) * 1e-3 : -(random() + 0.5) * 1e6;
      (i < 1500 ? a : b).accept(v);
      both.accept(v);
    }
    a.merge(b);
    a.merge(new Sketch());
    expect(a.count).toBe(both.count);
    expect(a.min).toBe(both.min);
    expect(a.max).toBe(both.max);
    for (const q of LEVELS) expect(a.quantile(q)).toBe(both.quantile(q));
    expect(a.quantile(0.25)).toBeLessThan(-1e5);
  });

  it('is needed: sketches-js DDSketch.merge loses the negative values of the sketch merged in', () => {
    const theirs = new sketches.DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });
    const other = new sketches.DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });
    const ours = new Sketch();
    const oursOther = new Sketch();
    for (const v of [1, 2, 3]) {
      theirs.accept(v);
      ours.accept(v);
    }
    for (const v of [-3, -2, -1]) {
      other.accept(v);
      oursOther.accept(v);
    }
    theirs.merge(other);
    ours.merge(oursOther);
    // Six values, three of them negative: the lowest quartile is negative.
    expect(ours.quantile(0.2)).toBeLessThan(0);
    expect(theirs.count).toBe(6);
    expect(theirs.getValueAtQuantile(0.2)).toBeGreaterThan(0);
  });

  it('merges values just below 1 (key 0) into a sketch of smaller values, which sketches-js misplaces', () => {
    // sketches-js' DenseStore.merge widens its range with `_extendRange(minKey, maxKey)`, which reads a
    // maxKey of 0 as absent: the merged-in counts of key 0 land outside the range its quantiles read.
    const small = [0.5, 0.6, 0.7, 0.8, 0.9];
    const other = [1, 1, 1, 1e-3];
    const theirs = new sketches.DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });
    const theirsOther = new sketches.DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });
    const ours = new Sketch();
    const oursOther = new Sketch();
    const both = new Sketch();
    for (const v of small) {
      theirs.accept(v);
      ours.accept(v);
      both.accept(v);
    }
    for (const v of other) {
      theirsOther.accept(v);
      oursOther.accept(v);
      both.accept(v);
    }
    theirs.merge(theirsOther);
    ours.merge(oursOther);
    for (const q of LEVELS) expect(ours.quantile(q)).toBe(both.quantile(q));
    expect(ours.quantile(0.9)).toBeGreaterThan(0.99);
    expect(theirs.getValueAtQuantile(0.9)).toBeLessThan(0.91);
  });

  it('takes a run of values in one call as it takes them one by one, skipping NaN and infinities', () => {
    const random = mulberry32(4);
    // Values that keep widening the key range both ways, so the counts are moved while the run goes in.
    const values = Float64Array.from({ length: 4000 }, (_, i) =>
      i % 97 === 0 ? NaN : i % 89 === 0 ? Infinity : (random() + 0.01) * 10 ** ((i % 13) - 6),
    );
    const many = new Sketch();
    many.acceptMany(values, 0, 2000);
    many.acceptMany(values, 2000, values.length);
    const one = new Sketch();
    for (const v of values) if (Number.isFinite(v)) one.accept(v);
    expect(many.count).toBe(one.count);
    expect([many.min, many.max]).toEqual([one.min, one.max]);
    for (const q of LEVELS) expect(many.quantile(q)).toBe(one.quantile(q));
  });

  it('answers NaN when empty and clamps quantiles into the values seen', () => {
    const sketch = new Sketch();
    expect(sketch.quantile(0.5)).toBeNaN();
    sketch.accept(0.4401);
    expect(quantilesOf(sketch, [0, 0.5, 1])).toEqual([0.4401, 0.4401, 0.4401]);
  });
});
