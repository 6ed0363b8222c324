/**
 * Loss points sampled every `every` steps: the first logged step at or after each multiple.
 * When more than `maxPoints` would be kept, the interval doubles and every other point goes, so
 * the count stays bounded and runs of equal length keep aligned steps.
 */
import { firstAtOrAbove } from './first-at-or-above.js';

export class LossSampler {
  private points: [number, number][] = [];
  private lastBucket = Number.NaN;

  constructor(
    public every: number,
    private readonly maxPoints: number,
  ) {}

  /**
   * Add a batch: `values[i]` logged at `steps[i]` (increasing), NaN or ±Infinity where nothing usable was
   * logged. Only the first finite value of each interval is kept, so the search jumps from one interval to
   * the next instead of visiting every step.
   */
  addColumn(steps: Float64Array, values: Float64Array): void {
    let i = 0;
    while (i < steps.length) {
      const value = values[i]!;
      if (value - value !== 0) {
        i++;
        continue;
      }
      const step = steps[i]!;
      const bucket = Math.floor(step / this.every);
      if (bucket !== this.lastBucket) {
        this.lastBucket = bucket;
        this.points.push([step, value]);
        if (this.points.length > this.maxPoints) this.coarsen();
      }
      i = firstAtOrAbove(steps, i + 1, (this.lastBucket + 1) * this.every);
    }
  }

  private coarsen(): void {
    this.every *= 2;
    let last = Number.NaN;
    this.points = this.points.filter(([step]) => {
      const bucket = Math.floor(step / this.every);
      if (bucket === last) return false;
      last = bucket;
      return true;
    });
    this.lastBucket = Math.floor(this.points[this.points.length - 1]![0] / this.every);
  }

  result(): [number, number][] {
    return this.points;
  }
}
