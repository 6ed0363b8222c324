/**
 * Loss points sampled every `every` steps: the first logged step at or after each multiple, and the
 * metric's last finite point, so every consumer sees where the run ended (a 1,999-step run ends at
 * 1,999, not 1,950; a 29-step run sends step 28 after step 0). When more than `maxPoints` would be kept,
 * the interval doubles and every other grid point goes, so the count stays bounded (the last point
 * included) and runs of equal length keep aligned steps.
 */
import { firstAtOrAbove } from './first-at-or-above.js';

export class LossSampler {
  private points: [number, number][] = [];
  private lastBucket = Number.NaN;
  /** The last finite point seen: sent after the grid points when it is not one of them. */
  private last: [number, number] | null = null;

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
    for (let k = steps.length - 1; k >= 0; k--) {
      const value = values[k]!;
      if (value - value === 0) {
        this.last = [steps[k]!, value];
        break;
      }
    }
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
        // One place is left for the last point.
        if (this.points.length > Math.max(1, this.maxPoints - 1)) this.coarsen();
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

  /** The grid points, then the last point when it is not the last of them. */
  result(): [number, number][] {
    const last = this.last;
    const grid = this.points[this.points.length - 1];
    if (!last || (grid && grid[0] === last[0])) return this.points;
    return [...this.points, last];
  }
}
