/**
 * Everything the pipeline needs to know about one metric, built in one pass over its values in step
 * order with memory bounded by the sketches, windows and samples — never by the run's length.
 */
import { median } from 'simple-statistics';
import type { MetricClass, MetricSummary, SteadyState } from '../model.js';
import type { Config } from '../classify/config.js';
import { DivergenceDetector } from './divergence.js';
import { LossSampler } from './loss-sampler.js';
import { newSketch, quantilesOf, type Sketch } from './sketch.js';
import { StepWindows } from './step-windows.js';

/** Logged points whose median is the loss "over the final window". */
const FINAL_POINTS = 100;

export class MetricAccumulator {
  private count = 0;
  private nan = 0;
  private inf = 0;
  private firstNonFiniteStep: number | null = null;
  private first = Number.NaN;
  private last = Number.NaN;
  private lastStep = Number.NaN;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  private steadySum = 0;
  private readonly steady: Sketch | null;
  private readonly windows: StepWindows | null;
  private readonly sampler: LossSampler | null;
  private readonly divergence: DivergenceDetector | null;
  /** The last FINAL_POINTS loss values and their steps, as a ring. */
  private readonly tail: number[] = [];
  private readonly tailSteps: number[] = [];
  private tailAt = 0;

  constructor(
    readonly name: string,
    readonly cls: MetricClass,
    private readonly steadyFrom: number,
    config: Pick<Config, 'lossEvery' | 'lossMaxPoints' | 'maxWindows'>,
  ) {
    const kind = cls.kind;
    this.windows = kind === 'window' || kind === 'timer' ? new StepWindows(config.lossEvery, config.maxWindows) : null;
    // Window and timer metrics get their steady state from their windows; loss keeps its own sketch.
    this.steady = kind === 'loss' ? newSketch() : null;
    this.sampler = kind === 'loss' ? new LossSampler(config.lossEvery, config.lossMaxPoints) : null;
    this.divergence = kind === 'loss' ? new DivergenceDetector() : null;
  }

  add(step: number, value: number): void {
    if (this.count === 0) this.first = value;
    this.count += 1;
    this.last = value;
    this.lastStep = step;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    const warm = step < this.steadyFrom;
    if (!warm) this.steadySum += value;
    if (this.windows) {
      // Timers skip warm-up steps entirely; throughput windows keep them (the ramp is worth seeing).
      if (!warm || this.cls.kind !== 'timer') this.windows.add(step, value, warm);
    } else if (this.steady && !warm) {
      this.steady.accept(value);
    }
    if (this.sampler) {
      if (!warm) this.divergence!.add(step, value);
      this.sampler.add(step, value);
      if (this.tail.length < FINAL_POINTS) {
        this.tail.push(value);
        this.tailSteps.push(step);
      } else {
        this.tail[this.tailAt] = value;
        this.tailSteps[this.tailAt] = step;
      }
      this.tailAt = (this.tailAt + 1) % FINAL_POINTS;
    }
  }

  /** An explicit NaN where the row had other values: the metric itself broke. */
  addNaN(step: number): void {
    this.nan += 1;
    this.firstNonFiniteStep ??= step;
  }

  addInfinite(step: number): void {
    this.inf += 1;
    this.firstNonFiniteStep ??= step;
  }

  finish(): MetricSummary {
    const sketch = this.windows ? this.windows.steady() : this.steady;
    const steady = sketch && sketch.count > 0 ? steadyState(sketch, this.steadySum, this.steadyFrom) : null;
    const summary: MetricSummary = {
      name: this.name,
      class: percentIfAboveOne(this.cls, steady),
      count: this.count,
      nan: this.nan,
      inf: this.inf,
      firstNonFiniteStep: this.firstNonFiniteStep,
      first: this.first,
      last: this.last,
      lastStep: this.lastStep,
      min: this.count ? this.min : Number.NaN,
      max: this.count ? this.max : Number.NaN,
      steady,
      windows: this.windows?.result() ?? [],
    };
    if (this.sampler && this.count > 0) {
      const samples = this.sampler.result();
      summary.loss = {
        samples,
        every: this.sampler.every,
        final: median(this.tail),
        // The oldest value in the ring: where the final window starts.
        finalFrom: this.tail.length < FINAL_POINTS ? this.tailSteps[0]! : this.tailSteps[this.tailAt]!,
        runningMin: this.min,
        divergence: this.divergence!.result(),
      };
    }
    return summary;
  }
}

/** A ratio (MFU) logged as 42.1 rather than 0.421 is a percentage: no utilisation ratio exceeds 1. */
function percentIfAboveOne(cls: MetricClass, steady: SteadyState | null): MetricClass {
  return cls.unit === 'ratio' && steady !== null && steady.median > 1.5 ? { ...cls, unit: 'percent' } : cls;
}

/** Steady-state numbers from the sketch: spread is the robust standard deviation IQR / 1.349. */
function steadyState(sketch: Sketch, sum: number, fromStep: number): SteadyState {
  const [p10, p25, p50, p75, p90] = quantilesOf(sketch, [0.1, 0.25, 0.5, 0.75, 0.9]) as [number, number, number, number, number];
  return { median: p50, p10, p90, mean: sum / sketch.count, spread: (p75 - p25) / 1.349, n: sketch.count, fromStep };
}
