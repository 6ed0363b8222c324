/**
 * Loss points sampled every `every` steps: the first logged step at or after each multiple.
 * When more than `maxPoints` would be kept, the interval doubles and every other point goes, so
 * the count stays bounded and runs of equal length keep aligned steps.
 */
export class LossSampler {
  private points: [number, number][] = [];
  private lastBucket = Number.NaN;

  constructor(
    public every: number,
    private readonly maxPoints: number,
  ) {}

  add(step: number, value: number): void {
    const bucket = Math.floor(step / this.every);
    if (bucket === this.lastBucket) return;
    this.lastBucket = bucket;
    this.points.push([step, value]);
    if (this.points.length > this.maxPoints) this.coarsen();
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
