/**
 * One tag's scalar points as TensorBoard shows them, in growable typed arrays (24 bytes a point). Points
 * of one step from several files (a resumed job) are merged by step, the one with the later wall time
 * winning; a `SessionLog.START` event with a step (a writer opened with `purge_step`) drops the points
 * at that step and after, as TensorBoard's purge of orphaned data does.
 */
export class TagSeries {
  private steps = new Float64Array(64);
  private values = new Float64Array(64);
  private walls = new Float64Array(64);
  length = 0;
  /** Points dropped by a purge, and points replaced at their step by a later, different value. */
  purged = 0;
  replaced = 0;

  add(step: number, value: number, wall: number): void {
    if (this.length === this.steps.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.steps = grow(this.steps);
      this.values = grow(this.values);
      this.walls = grow(this.walls);
    }
    this.steps[this.length] = step;
    this.values[this.length] = value;
    this.walls[this.length++] = wall;
  }

  /** Drop the points at `step` and after. */
  purgeFrom(step: number): void {
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      if (this.steps[i]! >= step) continue;
      this.steps[n] = this.steps[i]!;
      this.values[n] = this.values[i]!;
      this.walls[n++] = this.walls[i]!;
    }
    this.purged += this.length - n;
    this.length = n;
  }

  /** The points in step order, one per step: the latest written (by wall time, then file order) wins. */
  resolved(): { steps: Float64Array; values: Float64Array } {
    const order = Array.from({ length: this.length }, (_, i) => i);
    const sorted = order.every((i) => i === 0 || this.steps[i]! > this.steps[i - 1]!);
    if (!sorted) order.sort((a, b) => this.steps[a]! - this.steps[b]! || this.walls[a]! - this.walls[b]! || a - b);
    const steps = new Float64Array(this.length);
    const values = new Float64Array(this.length);
    let n = 0;
    for (const i of order) {
      if (n && steps[n - 1] === this.steps[i]) {
        if (!Object.is(values[n - 1], this.values[i])) this.replaced++;
        values[n - 1] = this.values[i]!;
        continue;
      }
      steps[n] = this.steps[i]!;
      values[n++] = this.values[i]!;
    }
    return { steps: steps.subarray(0, n), values: values.subarray(0, n) };
  }
}
