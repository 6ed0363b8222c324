/**
 * One metric's per-step series in one run, kept as batches of consecutive values (MSER-5's batches of 5)
 * in bounded memory: at most `cap` batches; when full, neighbours merge and the batch size doubles, so a
 * run of any length keeps its whole shape at a coarser grain. A batch of 5 is summed up by its median,
 * not its mean: one checkpoint stall in it (a step 3× slower) would otherwise look like a level to cut
 * away, and the gate judges medians too. Merged batches take the mean of their halves' values.
 */
export interface Batches {
  /** Values per batch. */
  size: number;
  values: number[];
  /** Step of each batch's first value. */
  steps: number[];
}

export class StepBatches {
  private size: number;
  private values: number[] = [];
  private steps: number[] = [];
  private pending: number[] = [];
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
    if (this.pending.length === 0) this.first = step;
    this.pending.push(value);
    if (this.pending.length < this.size) return;
    this.values.push(batchValue(this.pending));
    this.steps.push(this.first);
    this.pending = [];
    if (this.values.length >= this.cap) this.coarsen();
  }

  private coarsen(): void {
    const values: number[] = [];
    const steps: number[] = [];
    for (let i = 0; i + 1 < this.values.length; i += 2) {
      // Halves first: the sum of two values near 1e308 overflows.
      values.push(this.values[i]! / 2 + this.values[i + 1]! / 2);
      steps.push(this.steps[i]!);
    }
    this.values = values;
    this.steps = steps;
    this.size *= 2;
    // Values still waiting for a batch keep waiting for the bigger one.
  }

  /** The full batches (a last, partial one is left out). */
  result(): Batches {
    return { size: this.size, values: [...this.values], steps: [...this.steps] };
  }
}

/** The median of a batch's values (an even count: the mean of the middle two). */
function batchValue(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : sorted[mid - 1]! / 2 + sorted[mid]! / 2;
}
