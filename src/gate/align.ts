/**
 * A sampled curve's value at a step, by linear interpolation between the two nearest samples:
 *   v(s) = v₀ + (v₁ − v₀)·(s − s₀)/(s₁ − s₀)
 * null outside the sampled range. Used to compare a run that stopped early with the history at the
 * same step rather than at the history's end.
 */
export function valueAtStep(samples: readonly (readonly [number, number | null])[], step: number): number | null {
  if (samples.length === 0) return null;
  for (let i = 0; i < samples.length; i++) {
    const [s1, v1] = samples[i]!;
    if (s1 === step) return v1 ?? null;
    if (s1 > step) {
      if (i === 0) return null;
      const [s0, v0] = samples[i - 1]!;
      if (v0 === null || v1 === null) return null;
      return v0 + ((v1 - v0) * (step - s0)) / (s1 - s0);
    }
  }
  return null;
}
