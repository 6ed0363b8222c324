/**
 * Variance with a weakly-informative prior worth ν₀ pseudo-runs at variance σ₀² (the conjugate
 * scaled-inverse-χ² update for a normal model):
 *   s_p² = (ν₀ σ₀² + ν s²) / (ν₀ + ν),  df_p = ν₀ + ν
 * With ten runs the sample variance alone has 9 degrees of freedom and a heavy-tailed t; a prior at a
 * typical run-to-run level steadies it, and its weight fades as the history grows. ν₀ = 0 returns s² as is.
 */
export function priorVariance(
  sample: { variance: number; df: number },
  prior: { variance: number; df: number },
): { variance: number; df: number } {
  const v = sample.df > 0 && Number.isFinite(sample.variance) ? sample : { variance: 0, df: 0 };
  const df = prior.df + v.df;
  if (df <= 0) return { variance: NaN, df: 0 };
  return { variance: (prior.df * prior.variance + v.df * v.variance) / df, df };
}
