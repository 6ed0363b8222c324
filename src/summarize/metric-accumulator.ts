/**
 * Everything the pipeline needs to know about one metric, built in one pass over its values in step
 * order with memory bounded by the sketches, windows and samples — never by the run's length.
 */
import { median } from 'simple-statistics';
import type { MetricClass, MetricSummary, SteadyState } from '../model.js';
import { DivergenceDetector } from './divergence.js';
import { doubles, loadColumn, scratch, summaryModule, type ModuleColumn, type StepsInModule } from './wasm-summary.js';
import { firstAtOrAbove } from './first-at-or-above.js';
import { LossSampler } from './loss-sampler.js';
import type { SummarySettings } from './settings.js';
import { Sketch, quantilesOf } from './sketch.js';
import { steadyFromQuantiles } from './steady-state.js';
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
    config: Pick<SummarySettings, 'lossEvery' | 'lossMaxPoints' | 'maxWindows'>,
  ) {
    const kind = cls.kind;
    this.windows = kind === 'window' || kind === 'timer' ? new StepWindows(config.lossEvery, config.maxWindows) : null;
    // Window and timer metrics get their steady state from their windows; loss keeps its own sketch.
    this.steady = kind === 'loss' ? new Sketch() : null;
    this.sampler = kind === 'loss' ? new LossSampler(config.lossEvery, config.lossMaxPoints) : null;
    this.divergence = kind === 'loss' ? new DivergenceDetector() : null;
  }

  /**
   * Add a batch's column: `values[i]` logged at `steps[i]`, NaN where the row has no value. The batch's
   * steps are loaded into the summary module once for all its columns (`loadSteps`).
   *
   * The loops over every value — statistics, sketches, divergence — run in the summary module
   * (assembly/summary.ts); what is left here visits a few values per window or sample.
   */
  addColumn(steps: StepsInModule, values: Float64Array): void {
    const column = loadColumn(steps, values);
    this.addStatistics(column);
    if (this.sampler) this.addLoss(column);
    // Timers skip warm-up steps entirely; throughput windows keep them (the ramp is worth seeing).
    this.windows?.addColumn(column, this.steadyFrom, this.cls.kind === 'timer');
  }

  /** Count, first, last, min, max and the steady-state sum; infinities counted apart. */
  private addStatistics(column: ModuleColumn): void {
    const at = scratch(9);
    const state = doubles(at, 9);
    state[0] = this.count;
    state[1] = this.first;
    state[2] = this.last;
    state[3] = this.lastStep;
    state[4] = this.min;
    state[5] = this.max;
    state[6] = this.steadySum;
    state[7] = 0;
    state[8] = Number.NaN;
    summaryModule().statistics(column.valuesAt, column.stepsAt, column.values.length, this.steadyFrom, at);
    const out = doubles(at, 9);
    this.count = out[0]!;
    this.first = out[1]!;
    this.last = out[2]!;
    this.lastStep = out[3]!;
    this.min = out[4]!;
    this.max = out[5]!;
    this.steadySum = out[6]!;
    if (out[7]! > 0) {
      this.inf += out[7]!;
      this.firstNonFiniteStep ??= out[8]!;
    }
  }

  /** Loss only: its steady sketch, divergence, sampled points and the last FINAL_POINTS values. */
  private addLoss(column: ModuleColumn): void {
    const { steps, values } = column;
    // Steps increase, so the steady part of the batch is one run of it.
    const steadyAt = firstAtOrAbove(steps, 0, this.steadyFrom);
    this.steady!.acceptColumn(column, steadyAt, steps.length);
    this.divergence!.addColumn(column, steadyAt, steps.length);
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
    // Sketch counts live in WebAssembly memory, which the garbage collector does not see grow: a batch of
    // many runs would hold every run's until a collection happened to finalise them. Return it now.
    sketch?.dispose();
    this.steady?.dispose();
    this.windows?.dispose();
    return summary;
  }
}

/** A ratio (MFU) logged as 42.1 rather than 0.421 is a percentage: no utilisation ratio exceeds 1. */
function percentIfAboveOne(cls: MetricClass, steady: SteadyState | null): MetricClass {
  return cls.unit === 'ratio' && steady !== null && steady.median > 1.5 ? { ...cls, unit: 'percent' } : cls;
}

/** Steady-state numbers from the sketch. */
function steadyState(sketch: Sketch, sum: number, fromStep: number): SteadyState {
  return steadyFromQuantiles((p) => quantilesOf(sketch, [p])[0]!, sum / sketch.count, sketch.count, fromStep);
}
