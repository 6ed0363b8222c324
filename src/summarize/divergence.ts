/**
 * Divergence: a sustained rise far above the running minimum, as opposed to a loss spike that recovers.
 *
 *   s_t = α·x_t + (1 − α)·s_{t−1}          (exponential smoothing, α = 0.1: about ten logged points)
 *   m_t = min(m_{t−1}, s_t)                 (running minimum of the smoothed loss)
 *   elevated_t ⇔ s_t > m_t + rise·|m_t|     (rise = 0.5: half as bad again as the best seen)
 *
 * Diverged when elevated for `sustain` consecutive points (default 20), or from some point to the end
 * of the run for at least 5 points. Only points after warm-up count.
 */
export interface DivergenceFinding {
  step: number;
  value: number;
  min: number;
}

export class DivergenceDetector {
  private smoothed = Number.NaN;
  private min = Number.POSITIVE_INFINITY;
  private streak = 0;
  /** Where the current streak started (meaningful while streak > 0). */
  private start: DivergenceFinding = { step: Number.NaN, value: Number.NaN, min: Number.NaN };
  private found: DivergenceFinding | null = null;

  constructor(
    private readonly alpha = 0.1,
    private readonly rise = 0.5,
    private readonly sustain = 20,
  ) {}

  /**
   * Add the points `values[i]` at `steps[i]` for i in [from, to), in step order; NaN and ±Infinity are
   * not points. The state lives in locals during the loop: a double stored in an object field on each
   * point is boxed on the heap until the code is optimised, which in a CLI run is most of the time.
   */
  addColumn(steps: Float64Array, values: Float64Array, from: number, to: number): void {
    if (this.found) return;
    const { alpha, rise, sustain } = this;
    let smoothed = this.smoothed;
    let min = this.min;
    let streak = this.streak;
    for (let i = from; i < to; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue;
      smoothed = Number.isNaN(smoothed) ? value : alpha * value + (1 - alpha) * smoothed;
      if (smoothed < min) min = smoothed;
      if (smoothed > min + rise * Math.abs(min)) {
        if (streak === 0) this.start = { step: steps[i]!, value, min };
        streak += 1;
        if (streak >= sustain) {
          this.found = this.start;
          break;
        }
      } else streak = 0;
    }
    this.smoothed = smoothed;
    this.min = min;
    this.streak = streak;
  }

  result(): DivergenceFinding | null {
    if (this.found) return this.found;
    return this.streak >= 5 ? this.start : null;
  }
}
