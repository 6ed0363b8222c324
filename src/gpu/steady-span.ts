/**
 * Which GPU samples count as steady state. A sampler runs for the whole job — checkout, installs, data
 * download, evaluation — so the GPUs are idle at both ends. The active span runs from the first to the last
 * sample, over all GPUs, whose activity exceeds `idleThreshold`; the first `warmupFraction` of that span is
 * warm-up. Idle stretches inside the span stay in: they are exactly the starvation to be found.
 *
 *   span = [a, b], a = min first active position, b = max last active position
 *   steady = { sample at position p : a + warmupFraction·(b − a) ≤ p ≤ b }
 *
 * Positions are sample times where every sample has one, else sample numbers (dmon without times).
 * With no activity at all, or no activity field, every sample is steady.
 */
export interface SteadySpanInput {
  /** Per GPU, the position of each sample. */
  positions: ArrayLike<number>[];
  /** Per GPU, the activity (percent) of each sample, or null when the capture has no activity field. */
  activity: (ArrayLike<number> | null)[];
}

export interface SteadySpan {
  /** First steady position, or null when every sample is steady. */
  from: number | null;
  to: number | null;
}

export function steadySpan(input: SteadySpanInput, idleThreshold: number, warmupFraction: number): SteadySpan {
  let a = Number.POSITIVE_INFINITY;
  let b = Number.NEGATIVE_INFINITY;
  input.activity.forEach((activity, g) => {
    if (!activity) return;
    const positions = input.positions[g]!;
    for (let i = 0; i < activity.length; i++) {
      if (activity[i]! > idleThreshold) {
        a = Math.min(a, positions[i]!);
        b = Math.max(b, positions[i]!);
      }
    }
  });
  if (!Number.isFinite(a)) return { from: null, to: null };
  return { from: a + warmupFraction * (b - a), to: b };
}

/** Is the sample at `position` steady? */
export function inSpan(span: SteadySpan, position: number): boolean {
  return span.from === null || (position >= span.from && position <= span.to!);
}
