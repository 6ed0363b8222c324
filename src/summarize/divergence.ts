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
  private streakStart: DivergenceFinding | null = null;
  private found: DivergenceFinding | null = null;

  constructor(
    private readonly alpha = 0.1,
    private readonly rise = 0.5,
    private readonly sustain = 20,
  ) {}

  add(step: number, value: number): void {
    if (this.found) return;
    this.smoothed = Number.isNaN(this.smoothed) ? value : this.alpha * value + (1 - this.alpha) * this.smoothed;
    if (this.smoothed < this.min) this.min = this.smoothed;
    if (this.smoothed > this.min + this.rise * Math.abs(this.min)) {
      if (this.streak === 0) this.streakStart = { step, value, min: this.min };
      this.streak += 1;
      if (this.streak >= this.sustain) this.found = this.streakStart;
    } else {
      this.streak = 0;
      this.streakStart = null;
    }
  }

  result(): DivergenceFinding | null {
    if (this.found) return this.found;
    return this.streak >= 5 ? this.streakStart : null;
  }
}
