/**
 * One metric's per-step series in one run, kept as means of consecutive values (MSER-5's batches) in
 * bounded memory: at most `cap` batches; when full, neighbours merge and the batch size doubles, so a
 * run of any length keeps its whole shape at a coarser grain.
 */
export interface Batches {
  /** Values per batch. */
  size: number;
  means: number[];
  /** Step of each batch's first value. */
  steps: number[];
}

export class BatchMeans {
  private size: number;
  private means: number[] = [];
  private steps: number[] = [];
  private sum = 0;
  private count = 0;
  private first = Number.NaN;

  constructor(
    size = 5,
    private readonly cap = 4096,
  ) {
    this.size = size;
  }

  /** A finite value logged at `step` (steps increasing); anything else is skipped. */
  add(step: number, value: number): void {
    if (!Number.isFinite(value)) return;
    if (this.count === 0) this.first = step;
    this.sum += value;
    this.count += 1;
    if (this.count < this.size) return;
    this.means.push(this.sum / this.count);
    this.steps.push(this.first);
    this.sum = 0;
    this.count = 0;
    if (this.means.length >= this.cap) this.coarsen();
  }

  private coarsen(): void {
    const means: number[] = [];
    const steps: number[] = [];
    for (let i = 0; i + 1 < this.means.length; i += 2) {
      means.push((this.means[i]! + this.means[i + 1]!) / 2);
      steps.push(this.steps[i]!);
    }
    this.means = means;
    this.steps = steps;
    this.size *= 2;
  }

  /** The full batches (a last, partial one is left out). */
  result(): Batches {
    return { size: this.size, means: [...this.means], steps: [...this.steps] };
  }
}
