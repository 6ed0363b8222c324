/**
 * Divergence: a sustained rise of the smoothed loss far above its best, as opposed to per-batch noise or
 * a spike that recovers. Over the finite points x_1 … x_t of one loss column, in step order:
 *
 *   r_t = median(x_{t−W+1} … x_t)             (rolling median of the last W = 9 points; none before W)
 *   d_t = β·|x_t − r_t| + (1 − β)·d_{t−1}     (the points' noise around it, β = 0.1)
 *   m_t = min(r_W … r_t)                      (running minimum of the smoothed loss)
 *   n_t = d_u where u is the point that set m_t (the noise where the loss was at its best)
 *   elevated_t ⇔ r_t > m_t + rise·|m_t| + k·n_t
 *                                             (rise = 0.5: half as bad again as the best; k = 3)
 *
 * Diverged when elevated for `sustain` consecutive points (default 10), or from some point to the end of
 * the run for at least 5 points. A median, not a mean: one batch 400 times the loss (real Lightning logs
 * have them) moves a mean for dozens of points but the median not at all; it takes ⌈W/2⌉ bad points in
 * a row to move it. NaN and infinities are counted apart (they fail on their own) and are not points here.
 * Memory is the window: O(W) per loss column, whatever the run's length; points are fed incrementally, so
 * the same detector serves a file read in batches or a run watched live. The noise term keeps a very noisy
 * loss from crying wolf: the minimum of many noisy medians lies below their usual level by a few times the
 * noise, and a rise must clear that as well.
 */
import { RollingMedian } from './rolling-median.js';

export interface DivergenceFinding {
  step: number;
  value: number;
  min: number;
}

/** Points in the rolling median. Odd, so the median is one of them. */
export const DIVERGENCE_WINDOW = 9;

export class DivergenceDetector {
  private readonly median: RollingMedian;
  /** The last smoothed point r_t (NaN until the window is full): watch mode shows it live. */
  smoothed = Number.NaN;
  private min = Number.POSITIVE_INFINITY;
  private noise = 0;
  private noiseAtMin = 0;
  private streak = 0;
  /** Where the current streak started (meaningful while streak > 0). */
  private start: DivergenceFinding = { step: Number.NaN, value: Number.NaN, min: Number.NaN };
  private found: DivergenceFinding | null = null;

  constructor(
    window = DIVERGENCE_WINDOW,
    private readonly rise = 0.5,
    private readonly sustain = 10,
    private readonly beta = 0.1,
    private readonly k = 3,
  ) {
    this.median = new RollingMedian(window);
  }

  /** Add the points `values[i]` at `steps[i]` for i in [from, to), in step order; NaN and ±Infinity are skipped. */
  addColumn(steps: Float64Array, values: Float64Array, from: number, to: number): void {
    for (let i = from; i < to && this.found === null; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue;
      const smoothed = this.median.push(value);
      if (Number.isNaN(smoothed)) continue; // window not full yet
      this.smoothed = smoothed;
      this.noise = this.beta * Math.abs(value - smoothed) + (1 - this.beta) * this.noise;
      if (smoothed < this.min) {
        this.min = smoothed;
        this.noiseAtMin = this.noise;
      }
      if (smoothed > this.min + this.rise * Math.abs(this.min) + this.k * this.noiseAtMin) {
        if (this.streak === 0) this.start = { step: steps[i]!, value: smoothed, min: this.min };
        this.streak += 1;
        if (this.streak >= this.sustain) this.found = this.start;
      } else this.streak = 0;
    }
  }

  /**
   * The sustained rise only (elevated for `sustain` points in a row): what a live run is stopped for,
   * since "elevated up to the end" is known only once the run has ended.
   */
  sustained(): DivergenceFinding | null {
    return this.found;
  }

  result(): DivergenceFinding | null {
    if (this.found) return this.found;
    return this.streak >= 5 ? this.start : null;
  }
}
