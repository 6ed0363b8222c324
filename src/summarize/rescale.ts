/** A summary with every value multiplied by one factor (percent → ratio): all its statistics scale with the values. */
import type { MetricSummary, StepWindow } from '../model.js';

export function rescaleSummary(m: MetricSummary, k: number): MetricSummary {
  const window = (w: StepWindow): StepWindow => ({
    ...w,
    quantiles: w.quantiles.map((q) => q * k),
    ...(w.values ? { values: w.values.map((v) => v * k) } : {}),
  });
  return {
    ...m,
    first: m.first * k,
    last: m.last * k,
    min: m.min * k,
    max: m.max * k,
    steady: m.steady && {
      ...m.steady,
      median: m.steady.median * k,
      p10: m.steady.p10 * k,
      p90: m.steady.p90 * k,
      mean: m.steady.mean * k,
      spread: m.steady.spread * k,
    },
    windows: m.windows.map(window),
    ...(m.curve
      ? {
          curve: {
            ...m.curve,
            means: m.curve.means.map((v) => (v === null ? null : Number((v * k).toPrecision(6)))),
          },
        }
      : {}),
  };
}
