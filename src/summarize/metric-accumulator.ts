/**
 * Everything the pipeline needs to know about one metric, built in one pass over its values in step
 * order with memory bounded by the sketches, windows and samples — never by the run's length.
 *
 * Warm-up counts from the metric's own first finite value: a resumed run whose first rows are empty for
 * this metric does not spend its warm-up on them. A metric with no value after its warm-up (a run
 * shorter than `warmup_steps`) keeps its steady state, taken over every value, and says so.
 */
import { classFromValues, isUtilisation } from '../classify/from-values.js';
import { judgedAtEnd, type MetricClass, type MetricSummary, type SteadyState } from '../model.js';
import { DivergenceDetector } from './divergence.js';
import { FinalWindow } from './final-window.js';
import { firstAtOrAbove } from './first-at-or-above.js';
import { LossSampler } from './loss-sampler.js';
import type { SummarySettings } from './settings.js';
import { Sketch, quantilesOf } from './sketch.js';
import { steadyFromQuantiles } from './steady-state.js';
import { StepCurveBuilder } from './step-curve.js';
import { StepWindows } from './step-windows.js';
import { rescaleSummary } from './rescale.js';
import { ValueShape } from './value-shape.js';

export class MetricAccumulator {
  private count = 0;
  private nan = 0;
  private inf = 0;
  private firstNonFiniteStep: number | null = null;
  private first = Number.NaN;
  private firstStep = Number.NaN;
  private last = Number.NaN;
  private lastStep = Number.NaN;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  private steadySum = 0;
  /** Sum of the warm-up values: the mean of a run with no steady state. */
  private warmSum = 0;
  /** First steady step: the metric's first finite step + warm-up; NaN until that value is seen. */
  private steadyFrom = Number.NaN;
  private readonly warmupSteps: number;
  private readonly steady: Sketch | null;
  /** Loss and quality only: their warm-up values, for a run too short to have a steady state. */
  private readonly warm: Sketch | null;
  private readonly windows: StepWindows | null;
  private readonly sampler: LossSampler | null;
  private readonly divergence: DivergenceDetector | null;
  /** Loss and quality only: the same rule over the warm-up's points, for a run with nothing after its warm-up. */
  private readonly divergenceAll: DivergenceDetector | null;
  private readonly final: FinalWindow | null;
  private readonly curve: StepCurveBuilder | null;
  /** Rates, timers and utilisations: what their values say about their class (src/classify/from-values.ts). */
  private readonly shape: ValueShape | null;
  /** Lines for the run's warnings (a class the values changed). */
  readonly notes: string[] = [];

  constructor(
    readonly name: string,
    readonly cls: MetricClass,
    config: Pick<SummarySettings, 'lossEvery' | 'lossMaxPoints' | 'maxWindows' | 'warmupSteps'>,
  ) {
    const kind = cls.kind;
    this.warmupSteps = config.warmupSteps;
    this.windows = kind === 'window' || kind === 'timer' ? new StepWindows(config.lossEvery, config.maxWindows) : null;
    // Window and timer metrics get their steady state from their windows; loss and quality metrics keep
    // their own sketch, sampled points and final window. The divergence detector also measures the
    // per-point noise, which a quality metric needs too; only a loss is ever called diverged.
    const sampled = judgedAtEnd(kind);
    this.steady = sampled ? new Sketch() : null;
    this.warm = sampled ? new Sketch() : null;
    this.sampler = sampled ? new LossSampler(config.lossEvery, config.lossMaxPoints) : null;
    this.divergence = sampled ? new DivergenceDetector() : null;
    this.divergenceAll = sampled ? new DivergenceDetector() : null;
    this.final = sampled ? new FinalWindow() : null;
    this.curve = sampled || kind === 'window' || kind === 'timer' ? new StepCurveBuilder() : null;
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
    if (Number.isNaN(this.steadyFrom)) this.startWarmup(steps, values);
    this.addStatistics(steps, values);
    if (this.sampler) this.addLoss(steps, values);
    this.windows?.addColumn(steps, values, this.steadyFrom);
    this.curve?.addColumn(steps, values);
    this.shape?.addColumn(values);
  }

  /** Warm-up starts at the first finite value; a batch without one leaves it unset (NaN compares false). */
  private startWarmup(steps: Float64Array, values: Float64Array): void {
    for (let i = 0; i < steps.length; i++) {
      const value = values[i]!;
      if (value - value === 0) {
        this.steadyFrom = steps[i]! + this.warmupSteps;
        return;
      }
    }
  }

  /**
   * Count, first, last, min, max and the steady-state sum; infinities counted apart. The fields are read
   * into locals for the loop and written back after it, so no double is stored in the object per value.
   */
  private addStatistics(steps: Float64Array, values: Float64Array): void {
    const n = steps.length;
    const steadyFrom = this.steadyFrom;
    let { count, first, firstStep, last, lastStep, min, max, steadySum, warmSum } = this;
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
      lastStep = steps[i]!;
      if (count === 0) {
        first = value;
        firstStep = lastStep;
      }
      count += 1;
      last = value;
      if (value < min) min = value;
      if (value > max) max = value;
      if (lastStep >= steadyFrom) steadySum += value;
      else warmSum += value;
    }
    this.count = count;
    this.first = first;
    this.firstStep = firstStep;
    this.warmSum = warmSum;
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

  /** Loss and quality only: the steady (and warm-up) sketch, divergence, sampled points and the final window. */
  private addLoss(steps: Float64Array, values: Float64Array): void {
    // Steps increase, so the steady part of the batch is one run of it (none while steadyFrom is NaN).
    const steadyAt = Number.isNaN(this.steadyFrom) ? steps.length : firstAtOrAbove(steps, 0, this.steadyFrom);
    this.warm!.acceptMany(values, 0, steadyAt);
    this.steady!.acceptMany(values, steadyAt, steps.length);
    this.divergence!.addColumn(steps, values, steadyAt, steps.length);
    // Only the warm-up: with no steady value at the end, it has seen every point.
    this.divergenceAll!.addColumn(steps, values, 0, steadyAt);
    this.sampler!.addColumn(steps, values);
    this.final!.addColumn(steps, values);
  }

  /** An explicit NaN where the row had other values: the metric itself broke. */
  addNaN(step: number): void {
    this.nan += 1;
    this.firstNonFiniteStep ??= step;
  }

  /**
   * The summary; the accumulator is done with afterwards. `runLastStep` is the run's last step: the
   * last step window ends there.
   */
  finish(runLastStep: number): MetricSummary {
    const { steady, warmupIncluded } = this.steadyState();
    const summary: MetricSummary = {
      name: this.name,
      class: this.cls,
      count: this.count,
      nan: this.nan,
      inf: this.inf,
      firstNonFiniteStep: this.firstNonFiniteStep,
      first: this.first,
      ...(this.count ? { firstStep: this.firstStep } : {}),
      last: this.last,
      lastStep: this.lastStep,
      min: this.count ? this.min : Number.NaN,
      max: this.count ? this.max : Number.NaN,
      steady,
      // Timers leave warm-up out of their windows, unless it is all there is.
      windows: this.windows?.result(this.cls.kind !== 'timer' || warmupIncluded, runLastStep) ?? [],
    };
    const curve = this.curve?.result();
    if (curve) summary.curve = curve;
    const final = this.final?.result();
    if (this.sampler && final) {
      const detector = warmupIncluded ? this.divergenceAll! : this.divergence!;
      // A quality metric is logged a few times a run, climbing: its noise from its final window's own points
      // (none known below three: the climb of the points before it is no noise).
      const noise = this.cls.kind === 'quality' ? this.final!.localNoise() : detector.noiseAt(final.median);
      summary.loss = {
        samples: this.sampler.result(),
        every: this.sampler.every,
        finalWindow: final,
        runningMin: this.min,
        divergence: this.cls.kind === 'loss' ? detector.result() : null,
        ...(Number.isFinite(noise) ? { noise } : {}),
      };
    }
    return this.shape ? this.fromValues(summary) : summary;
  }

  /** After warm-up; over every value (marked) when nothing came after it. Null for gauges and empty metrics. */
  private steadyState(): { steady: SteadyState | null; warmupIncluded: boolean } {
    const main = this.windows ? this.windows.steady() : this.steady;
    if (main && main.count > 0)
      return { steady: steadyState(main, this.steadySum, this.steadyFrom), warmupIncluded: false };
    let all: Sketch | null = null;
    if (this.windows) all = this.windows.steady(true);
    else if (this.warm && this.warm.count > 0) all = this.warm;
    if (!all) return { steady: null, warmupIncluded: false };
    const steady = steadyState(all, this.warmSum + this.steadySum, this.firstStep);
    return { steady: { ...steady, warmupIncluded: true }, warmupIncluded: true };
  }

  /** The summary under the class its values confirm: a counter as a gauge, percent as a ratio. */
  private fromValues(summary: MetricSummary): MetricSummary {
    const verdict = classFromValues(this.name, this.cls, this.shape!);
    if (verdict.note) this.notes.push(verdict.note);
    const out = verdict.scale === 1 ? summary : rescaleSummary(summary, verdict.scale);
    if (verdict.cls.kind !== 'gauge' || this.cls.kind === 'gauge') return { ...out, class: verdict.cls };
    // A counter is sent as its last value, like any gauge: no steady state, no windows.
    const { curve: _curve, ...gauge } = out;
    return { ...gauge, class: verdict.cls, steady: null, windows: [] };
  }
}

/** Steady-state numbers from the sketch. */
function steadyState(sketch: Sketch, sum: number, fromStep: number): SteadyState {
  return steadyFromQuantiles((p) => quantilesOf(sketch, [p])[0]!, sum / sketch.count, sketch.count, fromStep);
}
