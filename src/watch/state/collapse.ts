/**
 * Collapse: a throughput or MFU that falls far below its level and stays there (a straggler node, a GPU
 * throttled, dataloader starvation), as opposed to a slow batch. Smoothed by the same rolling median the
 * divergence rule uses (one slow batch in nine moves nothing), compared with a reference level:
 *
 *   r_t = median(x_{t−W+1} … x_t)                 (W = 9)
 *   level = the baseline history's level when given, else the median of the run's own r so far
 *   collapsed ⇔ r_t < fraction · level for `sustain` consecutive points (default 3)
 *
 * The run's own level needs `minPoints` smoothed points (default 20) before anything is judged.
 */
import { RollingMedian } from '../../summarize/rolling-median.js';
import { Sketch } from '../../summarize/sketch.js';
import { DIVERGENCE_WINDOW } from '../../summarize/divergence.js';

export interface CollapseFinding {
  smoothed: number;
  level: number;
}

export class CollapseDetector {
  private readonly median = new RollingMedian(DIVERGENCE_WINDOW);
  private readonly own = new Sketch();
  private streak = 0;
  smoothed = Number.NaN;

  constructor(
    private readonly fraction: number,
    /** The baseline history's level, when there is one. */
    private readonly baseline: number | null = null,
    private readonly sustain = 3,
    private readonly minPoints = 20,
  ) {}

  /** Add a finite point; the finding once the collapse has lasted `sustain` points, else null. */
  add(value: number): CollapseFinding | null {
    const smoothed = this.median.push(value);
    if (Number.isNaN(smoothed)) return null;
    this.smoothed = smoothed;
    const level = this.level();
    this.own.accept(smoothed);
    if (Number.isNaN(level)) return null;
    if (smoothed < this.fraction * level) this.streak += 1;
    else this.streak = 0;
    return this.streak >= this.sustain ? { smoothed, level } : null;
  }

  /** What the run is compared with: the baseline's level, or its own median once it has enough points. */
  level(): number {
    if (this.baseline !== null) return this.baseline;
    return this.own.count >= this.minPoints ? this.own.quantile(0.5) : Number.NaN;
  }
}
