/**
 * Variance pooled over segments of the history, each around its own mean (one-way ANOVA within-group):
 *   s² = Σ_g Σ_i (x_gi − x̄_g)² / (N − G),  df = N − G
 * so a level shift between segments (an accepted speed-up) does not count as noise, while every run still
 * lends its scatter to the estimate. Segments of one run add no degrees of freedom. df = 0 gives NaN.
 */
export function pooledVariance(segments: readonly (readonly number[])[]): { variance: number; df: number } {
  let sum = 0;
  let n = 0;
  let groups = 0;
  for (const seg of segments) {
    if (seg.length === 0) continue;
    const mean = seg.reduce((a, b) => a + b, 0) / seg.length;
    for (const x of seg) sum += (x - mean) ** 2;
    n += seg.length;
    groups += 1;
  }
  const df = n - groups;
  return { variance: df > 0 ? sum / df : NaN, df };
}
