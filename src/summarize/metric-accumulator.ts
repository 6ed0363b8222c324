/**
 * Everything the pipeline needs to know about one metric, built in one pass over its values in step
 * order with memory bounded by the sketches, windows and samples — never by the run's length.
 */
import { median } from 'simple-statistics';
import { classFromValues, isUtilisation } from '../classify/from-values.js';
import type { MetricClass, MetricSummary, SteadyState } from '../model.js';
import { DivergenceDetector } from './divergence.js';
import { firstAtOrAbove } from './first-at-or-above.js';
import { LossSampler } from './loss-sampler.js';
import type { SummarySettings } from './settings.js';
import { Sketch, quantilesOf } from './sketch.js';
import { steadyFromQuantiles } from './steady-state.js';
import { StepWindows } from './step-windows.js';
import { rescaleSummary } from './rescale.js';
import { ValueShape } from './value-shape.js';

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
  /** Rates, timers and utilisations: what their values say about their class (src/classify/from-values.ts). */
  private readonly shape: ValueShape | null;
  /** Lines for the run's warnings (a class the values changed). */
  readonly notes: string[] = [];

  constructor(
    readonly name: string,
    readonly cls: MetricClass,
    private readonly steadyFrom: number,
    config: Pick<SummarySettings, 'lossEvery' | 'lossMaxPoints' | 'maxWindows'>,
  ) {
    const kind = cls.kind;
    this.windows = kind === 'window' || kind === 'timer' ? new StepWindows(config.lossEvery, config.maxWindows) : null;
    // Window and timer metrics get their steady state from their windows; loss keeps its own sketch.
    this.steady = kind === 'loss' ? new Sketch() : null;
    this.sampler = kind === 'loss' ? new LossSampler(config.lossEvery, config.lossMaxPoints) : null;
    this.divergence = kind === 'loss' ? new DivergenceDetector() : null;
    this.shape = kind === 'window' || kind === 'timer' || isUtilisation(name, cls) ? new ValueShape() : null;
  }

  /**
   * Add a batch's column: `values[i]` logged at `steps[i]`, NaN where the row has no value.
   *
   * Column at a time, in loops that each see one kind of work: a double handed to a call that is not
   * inlined is boxed on the heap, and a loop that sees loss columns first and window columns later is
   * compiled, thrown away and compiled again. Both cost more than the arithmetic in a short CLI run.
   */
  addColumn(steps: Float64Array, values: Float64Array): void {
    this.addStatistics(steps, values);
    if (this.sampler) this.addLoss(steps, values);
    // Timers skip warm-up steps entirely; throughput windows keep them (the ramp is worth seeing).
    this.windows?.addColumn(steps, values, this.steadyFrom, this.cls.kind === 'timer');
    this.shape?.addColumn(values);
  }

  /**
   * Count, first, last, min, max and the steady-state sum; infinities counted apart. The fields are read
   * into locals for the loop and written back after it, so no double is stored in the object per value.
   */
  private addStatistics(steps: Float64Array, values: Float64Array): void {
    const n = steps.length;
    const steadyFrom = this.steadyFrom;
    let { count, first, last, lastStep, min, max, steadySum } = this;
    let infinite = 0;
    let firstInfinite = Number.NaN;
    for (let i = 0; i < n; i++) {
      const value = values[i]!;
      if (value - value !== 0) {
        // NaN is a missing value; ±Infinity a broken one, counted apart.
        if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) {
          if (infinite === 0) firstInfinite = steps[i]!;
          infinite += 1;
        }
        continue;
      }
      if (count === 0) first = value;
      count += 1;
      last = value;
      lastStep = steps[i]!;
      if (value < min) min = value;
      if (value > max) max = value;
      if (lastStep >= steadyFrom) steadySum += value;
    }
    this.count = count;
    this.first = first;
    this.last = last;
    this.lastStep = lastStep;
    this.min = min;
    this.max = max;
    this.steadySum = steadySum;
    if (infinite > 0) {
      this.inf += infinite;
      this.firstNonFiniteStep ??= firstInfinite;
    }
  }

  /** Loss only: its steady sketch, divergence, sampled points and the last FINAL_POINTS values. */
  private addLoss(steps: Float64Array, values: Float64Array): void {
    // Steps increase, so the steady part of the batch is one run of it.
    const steadyAt = firstAtOrAbove(steps, 0, this.steadyFrom);
    this.steady!.acceptMany(values, steadyAt, steps.length);
    this.divergence!.addColumn(steps, values, steadyAt, steps.length);
    this.sampler!.addColumn(steps, values);
    // Only the batch's last FINAL_POINTS finite values can stay in the ring.
    let from = steps.length;
    for (let kept = 0; from > 0 && kept < FINAL_POINTS; ) {
      const value = values[--from]!;
      if (value - value === 0) kept++;
    }
    for (let i = from; i < steps.length; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue; // missing, or infinite (counted by addStatistics)
      if (this.tail.length < FINAL_POINTS) {
        this.tail.push(value);
        this.tailSteps.push(steps[i]!);
      } else {
        this.tail[this.tailAt] = value;
        this.tailSteps[this.tailAt] = steps[i]!;
      }
      this.tailAt = (this.tailAt + 1) % FINAL_POINTS;
    }
  }

  /** An explicit NaN where the row had other values: the metric itself broke. */
  addNaN(step: number): void {
    this.nan += 1;
    this.firstNonFiniteStep ??= step;
  }

  /** The summary; the accumulator is done with afterwards. */
  finish(): MetricSummary {
    const sketch = this.windows ? this.windows.steady() : this.steady;
    const steady = sketch && sketch.count > 0 ? steadyState(sketch, this.steadySum, this.steadyFrom) : null;
    const summary: MetricSummary = {
      name: this.name,
      class: this.cls,
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
    return this.shape ? this.fromValues(summary) : summary;
  }

  /** The summary under the class its values confirm: a counter as a gauge, percent as a ratio. */
  private fromValues(summary: MetricSummary): MetricSummary {
    const verdict = classFromValues(this.name, this.cls, this.shape!);
    if (verdict.note) this.notes.push(verdict.note);
    const out = verdict.scale === 1 ? summary : rescaleSummary(summary, verdict.scale);
    if (verdict.cls.kind !== 'gauge' || this.cls.kind === 'gauge') return { ...out, class: verdict.cls };
    // A counter is sent as its last value, like any gauge: no steady state, no windows.
    return { ...out, class: verdict.cls, steady: null, windows: [] };
  }
}

/** Steady-state numbers from the sketch. */
function steadyState(sketch: Sketch, sum: number, fromStep: number): SteadyState {
  return steadyFromQuantiles((p) => quantilesOf(sketch, [p])[0]!, sum / sketch.count, sketch.count, fromStep);
}
