/**
 * Level shifts in a sequence of run values, by binary segmentation with a two-sample t test.
 * For each split k (both sides at least `minSegment` runs):
 *   t_k = (x̄_after − x̄_before) / (s_p · √(1/a + 1/b)),  s_p² pooled within the two sides, df = a + b − 2
 * The largest |t_k| is a shift when its two-sided p-value times the number of splits tried (Bonferroni,
 * since the best split is chosen after looking) is below `alpha`, and the step is at least `minStep`
 * (relative to |x̄_before|: a shift too small to matter is noise for the gate's purposes). Each side is then
 * searched again. Returns the indexes where new segments start, ascending.
 * An optional prior on the variance (priorVariance) steadies s_p and adds its degrees of freedom, unless
 * the two sides are noisier than it allows (priorConflict).
 */
import { mean } from 'simple-statistics';
import { pooledVariance } from './pooled-variance.js';
import { priorConflict } from './prior-conflict.js';
import { priorVariance } from './prior-variance.js';
import { tUpperTail } from './student-t.js';

export interface ShiftOptions {
  alpha: number;
  minStep: number;
  minSegment?: number;
  prior?: { variance: number; df: number };
}

export function levelShifts(values: readonly number[], options: ShiftOptions): number[] {
  const starts: number[] = [];
  search(values, 0, values.length, options, starts);
  return starts.sort((a, b) => a - b);
}

function search(values: readonly number[], from: number, to: number, o: ShiftOptions, out: number[]): void {
  const m = o.minSegment ?? 2;
  const n = to - from;
  if (n < 2 * m) return;
  let best: { k: number; t: number; step: number; df: number } | null = null;
  const splits = n - 2 * m + 1;
  for (let k = from + m; k <= to - m; k++) {
    const before = values.slice(from, k);
    const after = values.slice(k, to);
    const within = pooledVariance([before, after]);
    const prior = o.prior && !priorConflict(within, o.prior) ? o.prior : { variance: 0, df: 0 };
    const { variance, df } = priorVariance(within, prior);
    if (df <= 0) continue;
    const mb = mean(before);
    const diff = mean(after) - mb;
    const se = Math.sqrt(variance * (1 / before.length + 1 / after.length));
    const t = se > 0 ? diff / se : diff === 0 ? 0 : Infinity * Math.sign(diff);
    const step = mb !== 0 ? Math.abs(diff / mb) : Math.abs(diff) > 0 ? Infinity : 0;
    if (!best || Math.abs(t) > Math.abs(best.t)) best = { k, t, step, df };
  }
  if (!best) return;
  const p = 2 * tUpperTail(Math.abs(best.t), best.df);
  if (p * splits >= o.alpha || best.step < o.minStep) return;
  out.push(best.k);
  search(values, from, best.k, o, out);
  search(values, best.k, to, o, out);
}
