/**
 * The second look at a class, once a column's values are known. The name proposes; the data disposes
 * where it is unambiguous:
 *
 * - Counters are not rates. A throughput or timer column that only ever rises is cumulative
 *   (tokens seen, FLOPs so far, time elapsed): it is sent as its last value and never judged. Cumulative
 *   when, over at least MIN_POINTS finite points in step order, ≥ 99 % of consecutive pairs do not fall
 *   or fall to below half the value before (a clock a resumed run started again: Ultralytics' cumulative
 *   `time` goes back near 0 once per resume; a timer's noise never halves it),
 *   ≥ 50 % rise (a plateau of equal values is a flat gauge, not a counter), and the total rise is at least
 *   a quarter of the last value. Loss, memory (a peak only ever rises too) and gauges are left alone;
 *   real rates and step times have noise that falls as often as it rises.
 * - Percent is not a ratio. A utilisation (MFU, HFU, GPU utilisation) whose header says percent, or most of
 *   whose values are above 1.5 (no ratio gets there), is divided by 100 and sent as a ratio, so one series
 *   never holds both 42.1 and 0.421. But most values above 100 are no percentage either (Megatron-Bridge's
 *   "GPU utilization" holds TFLOP/s per GPU, 240–280): such a column keeps its values as logged, with no
 *   unit, and a note says so.
 */
import type { MetricClass } from '../model.js';
import { metricKey } from '../naming.js';

export const MIN_POINTS = 8;

/** What the values showed; see ValueShape in src/summarize/value-shape.ts. */
export interface ShapeCounts {
  count: number;
  first: number;
  last: number;
  nonDecreasing: number;
  rising: number;
  aboveOne: number;
  /** Falls to below half the value before (absent: none counted). */
  resets?: number;
  /** Points above 100 (absent: none counted). */
  aboveHundred?: number;
}

export interface ValueVerdict {
  cls: MetricClass;
  /** Multiply every value of the summary by this (0.01 for percent → ratio, else 1). */
  scale: number;
  /** One line for the run's warnings, or null when nothing changed. */
  note: string | null;
}

/** A utilisation-like metric: a share of a resource in use, which is a ratio once converted. */
export function isUtilisation(header: string, cls: MetricClass): boolean {
  return (
    cls.unit === 'ratio' || /(^|[._])(gpu_)?(util|utilization|utilisation|mfu|hfu)($|[._])/.test(metricKey(header))
  );
}

/** Whether a timer or throughput column only ever rose. */
export function isCumulative(cls: MetricClass, s: ShapeCounts): boolean {
  const rate = cls.kind === 'timer' || (cls.kind === 'window' && cls.direction === 'higher');
  if (!rate || s.count < MIN_POINTS) return false;
  const pairs = s.count - 1;
  const climbing = s.nonDecreasing + (s.resets ?? 0);
  return climbing >= 0.99 * pairs && s.rising >= 0.5 * pairs && s.last - s.first >= 0.25 * Math.abs(s.last);
}

/** The class the values confirm, the scale to apply and a note saying what changed. */
export function classFromValues(header: string, cls: MetricClass, s: ShapeCounts): ValueVerdict {
  if (isCumulative(cls, s)) {
    return {
      cls: { ...cls, kind: 'gauge', direction: 'none', gate: false },
      scale: 1,
      note: `"${header}" only rises over the run (a counter, not a rate): sent as its last value and not judged`,
    };
  }
  if (!isUtilisation(header, cls)) return { cls, scale: 1, note: null };
  if (s.count > 0 && (s.aboveHundred ?? 0) > s.count / 2)
    return {
      cls: { ...cls, unit: '' },
      scale: 1,
      note: `"${header}" is named as a utilisation, but most of its values are above 100: not a percentage nor a ratio, kept as logged`,
    };
  const byHeader = cls.unit === 'percent';
  const byValues = s.count > 0 && s.aboveOne > s.count / 2;
  if (!byHeader && !byValues) return { cls, scale: 1, note: null };
  return {
    cls: { ...cls, unit: 'ratio' },
    scale: 0.01,
    note: `"${header}" is logged in percent (${byHeader ? 'as its header says' : 'most values are above 1'}): divided by 100 and sent as a ratio`,
  };
}
