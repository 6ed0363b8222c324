/**
 * Level shifts in a sequence of run values, by binary segmentation with a two-sample t test.
 * For each split k (both sides at least `minSegment` runs):
 *   t_k = (x̄_after − x̄_before) / (s_p · √(1/a + 1/b)),  s_p² pooled within the two sides, df = a + b − 2
 * The largest |t_k| is a shift when its two-sided p-value times the number of splits tried (Bonferroni,
 * since the best split is chosen after looking) is below `alpha`, and the step is at least `minStep`
 * (relative to |x̄_before|: a shift too small to matter is noise for the gate's purposes). Each side is then
 * searched again. Returns the indexes where new segments start, ascending. Each search is linear in its
 * span (running sums give every split's means and s_p in O(1)), so a history of 10,000 runs is searched
 * in milliseconds, not seconds.
 * An optional prior on the variance (priorVariance) steadies s_p and adds its degrees of freedom, unless
 * the two sides are noisier than it allows (priorConflict).
 */
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
  const { ref, sum, squares } = prefixSums(values, from, to);
  let best: { k: number; t: number; step: number; df: number } | null = null;
  const splits = n - 2 * m + 1;
  for (let a = m; a <= n - m; a++) {
    const b = n - a;
    const sa = sum[a]!;
    const sb = sum[n]! - sa;
    // Σ(x − x̄)² = Σd² − (Σd)²/n on each side; a rounding just below 0 is 0.
    const within = Math.max(0, squares[a]! - (sa * sa) / a) + Math.max(0, squares[n]! - squares[a]! - (sb * sb) / b);
    const sample = { variance: n > 2 ? within / (n - 2) : Number.NaN, df: n - 2 };
    const prior = o.prior && !priorConflict(sample, o.prior) ? o.prior : { variance: 0, df: 0 };
    const { variance, df } = priorVariance(sample, prior);
    if (df <= 0) continue;
    const mb = ref + sa / a;
    const diff = sb / b - sa / a;
    const se = Math.sqrt(variance * (1 / a + 1 / b));
    const t = se > 0 ? diff / se : diff === 0 ? 0 : Infinity * Math.sign(diff);
    const step = mb !== 0 ? Math.abs(diff / mb) : Math.abs(diff) > 0 ? Infinity : 0;
    if (!best || Math.abs(t) > Math.abs(best.t)) best = { k: from + a, t, step, df };
  }
  if (!best) return;
  const p = 2 * tUpperTail(Math.abs(best.t), best.df);
  if (p * splits >= o.alpha || best.step < o.minStep) return;
  out.push(best.k);
  search(values, from, best.k, o, out);
  search(values, best.k, to, o, out);
}

/**
 * Running sums of d = x − ref and d² over values[from, to), ref the span's mean: each split's means and
 * squares within its sides then cost O(1), so a search is linear in the span, not quadratic. Centring
 * on the mean keeps Σd² − (Σd)²/n from cancelling away the noise under a large level.
 */
function prefixSums(
  values: readonly number[],
  from: number,
  to: number,
): { ref: number; sum: Float64Array; squares: Float64Array } {
  const n = to - from;
  let ref = 0;
  for (let i = from; i < to; i++) ref += values[i]!;
  ref /= n;
  const sum = new Float64Array(n + 1);
  const squares = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const d = values[from + i]! - ref;
    sum[i + 1] = sum[i]! + d;
    squares[i + 1] = squares[i]! + d * d;
  }
  return { ref, sum, squares };
}
