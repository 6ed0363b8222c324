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
import { doubles, scratch, summaryModule, type ModuleColumn } from './wasm-summary.js';

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
   * Add the points of a loaded column, `values[i]` at `steps[i]` for i in [from, to), in step order; NaN
   * and ±Infinity are not points. The loop runs in the summary module (assembly/column.ts), with this
   * detector's state handed in and out.
   */
  addColumn(column: ModuleColumn, from: number, to: number): void {
    if (this.found) return;
    const wasm = summaryModule();
    const at = scratch(7);
    const state = doubles(at, 7);
    state[0] = this.smoothed;
    state[1] = this.min;
    state[2] = this.streak;
    state[3] = this.start.step;
    state[4] = this.start.value;
    state[5] = this.start.min;
    wasm.divergence(column.valuesAt, column.stepsAt, from, to, this.alpha, this.rise, this.sustain, at);
    const out = doubles(at, 7);
    this.smoothed = out[0]!;
    this.min = out[1]!;
    this.streak = out[2]!;
    this.start = { step: out[3]!, value: out[4]!, min: out[5]! };
    if (out[6] === 1) this.found = this.start;
  }

  result(): DivergenceFinding | null {
    if (this.found) return this.found;
    return this.streak >= 5 ? this.start : null;
  }
}
