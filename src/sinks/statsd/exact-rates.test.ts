import { describe, expect, it } from 'vitest';
import { WINDOW_QUANTILES, type StepWindow } from '../../model.js';
import { rateFor, shareCounts } from './exact-rates.js';
import { formatValue, windowValues } from './metrics.js';

/** The rate as it travels: the `|@…` text of the wire line, read back as a server parses it. */
function wireRates(w: StepWindow): number[] {
  return windowValues(w).map(([value, sampleRate]) => {
    const text = formatValue({ name: 'p.m', value, type: 'h', sampleRate, tags: {} });
    const at = /\|@([^|]+)$/.exec(text);
    return at ? Number(at[1]) : 1;
  });
}

/** statsd_exporter's line.go (v0.23 … v0.30): each sampled observer line is added int(1/rate) times. */
const exporterCount = (rates: number[]) => rates.reduce((n, r) => n + Math.trunc(1 / r), 0);
/** The Datadog Agent: a sampled line weighs 1/rate, as a float. */
const agentCount = (rates: number[]) => rates.reduce((n, r) => n + 1 / r, 0);

function window(count: number): StepWindow {
  return { from: 0, to: count - 1, count, quantiles: [...WINDOW_QUANTILES].map((q) => q * 10) };
}

describe('sample rates that count exactly', () => {
  it('every window of 1 to 5,000 values counts its values exactly by the exporter, and by the Agent to within 1e-6', () => {
    for (let count = 1; count <= 5000; count++) {
      const rates = wireRates(window(count));
      expect(rates.length).toBe(Math.min(count, WINDOW_QUANTILES.length));
      if (exporterCount(rates) !== count)
        throw new Error(`window of ${count}: exporter counts ${exporterCount(rates)}`);
      const agent = agentCount(rates);
      if (Math.abs(agent - count) > 1e-6 * count) throw new Error(`window of ${count}: Agent counts ${agent}`);
    }
  });

  it('holds for large windows too (long runs, few windows)', () => {
    for (const count of [9_999, 65_537, 312_500, 1_000_003, 31_250_001]) {
      const rates = wireRates(window(count));
      expect(exporterCount(rates)).toBe(count);
      expect(Math.round(agentCount(rates))).toBe(count);
    }
  });

  it('the case the exporter miscounted: 90 values are 18 + 18 + 18 + 18 + 18, not 5 lines of @0.0555556', () => {
    expect(shareCounts(90, 5)).toEqual([18, 18, 18, 18, 18]);
    expect(wireRates(window(90))).toEqual([1 / 18, 1 / 18, 1 / 18, 1 / 18, 1 / 18].map((r) => expect.closeTo(r, 7)));
    expect(Math.trunc(1 / rateFor(18))).toBe(18);
    // Shares differ by at most one, the larger ones from the median outwards.
    expect(shareCounts(93, 5)).toEqual([18, 19, 19, 19, 18]);
    expect(shareCounts(7, 5)).toEqual([1, 2, 2, 1, 1]);
  });

  it('prints a rate rounded down at 8 significant digits, so its inverse is the share or a hair above', () => {
    for (let k = 2; k <= 100_000; k++) {
      const r = rateFor(k);
      if (Math.trunc(1 / r) !== k || r > 1 / k + 1e-18 || 1 / r - k > 1e-6 * k)
        throw new Error(`share ${k}: rate ${r}`);
      if (String(r).replace(/^0\.0*/, '').length > 8) throw new Error(`share ${k}: rate ${r} printed long`);
    }
    expect(rateFor(1)).toBe(1);
    expect(rateFor(3)).toBe(0.33333333);
  });
});
