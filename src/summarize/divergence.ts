/**
 * Divergence: a sustained rise of the smoothed loss above its own smoothed running minimum, large against
 * the run's own noise — not one bad batch, not per-batch noise, not a spike that recovers. Over the finite
 * points x_1 … x_t of one loss column after warm-up, in step order:
 *
 *   y_t = ln x_t for a positive loss (its noise scales with its level); for a loss that reaches 0 or
 *         below, y_t = x_t (both readings are kept over the first 1,000 points, so a loss that falls
 *         below 0 early loses nothing on the switch; one that does so later is read as is from there)
 *   noise:   e_t = y_t − (y_{t−1} + y_{t+1})/2           (residual around the local linear trend)
 *            σ   = 1.4826 · median_t |e_t| / √1.5         (robust noise of one point, iid-normal scaled;
 *                                                          relative to the level in log space)
 *   long scale, w = 9:
 *            r_t = median(y_{t−8} … y_t)                  (smoothed loss, once 9 points are in)
 *            m_t = min(r_9 … r_t)                         (its running minimum)
 *            elevated_t ⇔ r_t > m_t + ln(1 + rise) + k_t · 1.2533 σ / √9           (log space)
 *                         r_t > m_t + max(rise · |m_t|, 1.25 · X_t) + k_t · 1.2533 σ / √9
 *                                  (as is; X_t the largest swing: an excursion r − m the loss came back
 *                                  from, or its way down to m from the highest r before it)
 *                                                          (rise = 0.5, k_t = 2 + √(2 ln t): the
 *                                                          minimum of t medians lies about √(2 ln t)
 *                                                          standard errors below their level; 1.2533 σ/√w
 *                                                          is the noise of a median of w points)
 *   short scale, for logs of at most 40 points: m_t the minimum of the medians of 3 points, and the
 *            last point judged alone (w = 1) and with the one before it (their mean, w = 2)
 *
 * A point is elevated only once the loss has fallen: m_t below r at its first window by more than
 * 1.2533 σ/√w (a loss that only ever rose, as an RL value loss does while returns grow, has no best to
 * diverge from).
 *
 * Diverged at the long scale after 10 elevated points in a row, or 5 that last to the end of the run; at
 * the short scale (where 9 points are a quarter of the run or more) when the last point and the mean of
 * the last two are both elevated. The finding names the step where the rise began, in the loss's units.
 *
 * Why each part: a median ignores a single batch far off (real Lightning logs have batches 400 times the
 * loss); the noise is the median residual over the whole run, so single-batch extremes and the quiet
 * stretch where the minimum happened to fall do not set it; the noise term keeps the minimum of many
 * noisy medians, which lies below their usual level by a few times their noise, from counting as the
 * level (in log space, so that a per-batch loss whose spread is as large as its level, whose lower tail
 * is bounded by 0, is weighed fairly); the relative rise keeps a smooth loss that is merely flat from
 * crying wolf. Memory is bounded (per reading, two windows and a fixed histogram) whatever the run's
 * length, and points are fed one at a time, so a file read in batches and a run watched live give the
 * same answer.
 */
import { RollingMedian } from './rolling-median.js';

export interface DivergenceFinding {
  step: number;
  value: number;
  min: number;
}

/** Points in the long scale's rolling median. Odd, so the median is one of them. */
export const DIVERGENCE_WINDOW = 9;
/** Logs of at most this many points are also judged at the short scale. */
const SHORT_LOG = 40;
const RISE = 0.5;
const LOG_RISE = Math.log1p(RISE);
/** As is, a rise must go this share beyond the largest swing the loss has made. */
const BEYOND = 0.25;

/** A positive loss is judged in log space (its noise scales with its level); one that reaches 0 or below, as is. */
type Mode = 'log' | 'linear';

/**
 * One smoothing scale: its rolling median, running minimum and the streak of elevated points. `judged`
 * says what is compared with the minimum: the smoothed loss (the long scale), or the last points
 * themselves (the short scale, where a median of 3 would lag a rise over the last 3 points of a 10-point log).
 */
class Scale {
  private readonly median: RollingMedian;
  smoothed = Number.NaN;
  private min = Number.POSITIVE_INFINITY;
  /**
   * The largest excursion r − m the loss has made and come back from (as is only).
   */
  private excursion = 0;
  /** The peak of the excursion under way: it counts once the loss is back below half of it. */
  private peak = 0;
  /** The highest smoothed value so far, and how far the loss came down from it to its minimum. */
  private max = Number.NEGATIVE_INFINITY;
  private swing = 0;
  private streak = 0;
  /** The first smoothed value: a loss that never fell below it does not behave as a training loss. */
  private first = Number.NaN;
  private start = { step: Number.NaN, value: Number.NaN, min: Number.NaN };
  found: DivergenceFinding | null = null;
  /** The point before the latest (the short scale judges the mean of the last two as well). */
  private previous = Number.NaN;
  /** Whether the last two points' mean is elevated (short scale). */
  pairElevated = false;

  constructor(
    readonly window: number,
    private readonly sustain: number,
    private readonly mode: Mode,
    private readonly sigma: () => number,
    private readonly judged: 'smoothed' | 'points' = 'smoothed',
  ) {
    this.median = new RollingMedian(window);
  }

  /** Add one point (in the mode's units); `noise()` gives k·σ when a rise needs weighing against it. */
  push(step: number, y: number, noise: () => number): void {
    const r = this.median.push(y);
    const before = this.previous;
    this.previous = y;
    if (Number.isNaN(r)) return;
    this.smoothed = r;
    if (Number.isNaN(this.first)) this.first = r;
    if (r > this.max) this.max = r;
    if (r < this.min) {
      this.min = r;
      this.swing = this.max - r;
    }
    const above = r - this.min;
    if (above > this.peak) this.peak = above;
    else if (above <= this.peak / 2) {
      this.excursion = Math.max(this.excursion, this.peak);
      this.peak = above;
    }
    const points = this.judged === 'points';
    const x = points ? y : r;
    // The noise is weighed only past the rise alone (most points are not); a loss that never fell (an RL
    // value loss rising as returns grow from its first point) is not diverging from a best it never had.
    const elevated = x > this.min + this.riseOnly() && x > this.limit(points ? 1 : this.window, noise) && this.fell();
    this.pairElevated = points && elevated && (before + y) / 2 > this.limit(2, noise);
    if (!elevated) {
      this.streak = 0;
      return;
    }
    if (this.streak === 0) this.start = { step, value: x, min: this.min };
    this.streak += 1;
    if (this.streak >= this.sustain && !this.found) this.found = this.finding();
  }

  /**
   * The rise alone, before the noise is weighed (cheap: most points stop here). As is, near 0 (a GAN's
   * losses, a loss that falls below 0) |m| is no size at all: there the rise must also exceed, by a
   * quarter, the largest swing the loss has made: an excursion above its minimum that it came back from, or
   * its way down to the minimum.
   */
  private riseOnly(): number {
    return this.mode === 'log'
      ? LOG_RISE
      : Math.max(RISE * Math.abs(this.min), (1 + BEYOND) * Math.max(this.excursion, this.swing));
  }

  /**
   * Whether the loss fell before it rose: its running minimum lies below its first smoothed value by more
   * than one standard error of a median of the scale's window (1.2533 σ/√w). An RL loss that grows from
   * its first point (a value loss as returns grow) never had a best to diverge from.
   */
  private fell(): boolean {
    const drop = this.first - this.min;
    return drop > 0 && drop > (1.2533 * this.sigma()) / Math.sqrt(this.window);
  }

  /** The level above which something that averages `w` points is elevated. */
  private limit(w: number, noise: () => number): number {
    return this.min + this.riseOnly() + (1.2533 * noise()) / Math.sqrt(w);
  }

  private finding(): DivergenceFinding {
    const back = (v: number) => (this.mode === 'log' ? Math.exp(v) : v);
    return { step: this.start.step, value: back(this.start.value), min: back(this.start.min) };
  }

  /** Elevated for at least `n` points up to now. */
  endsElevated(n: number): DivergenceFinding | null {
    return this.streak >= n ? this.finding() : null;
  }

  /** The smoothed value in the loss's own units. */
  smoothedValue(): number {
    return this.mode === 'log' ? Math.exp(this.smoothed) : this.smoothed;
  }
}

/**
 * The median of |residual| from a histogram of log₂ values, a quarter octave a bin: within 19 % of the
 * exact median, in fixed memory.
 */
class ResidualScale {
  private static readonly LOW = -60;
  private static readonly BINS = 4 * 72;
  private readonly counts = new Uint32Array(ResidualScale.BINS);
  private zeros = 0;
  private n = 0;
  private cached = Number.NaN;
  private cachedAt = -1;

  add(r: number): void {
    this.n += 1;
    if (r === 0) {
      this.zeros += 1;
      return;
    }
    const bin = Math.floor((Math.log2(r) - ResidualScale.LOW) * 4);
    this.counts[Math.min(ResidualScale.BINS - 1, Math.max(0, bin))]! += 1;
  }

  /** σ of one point (relative to the level); 0 with no residual yet. */
  sigma(): number {
    if (this.cachedAt === this.n) return this.cached;
    let value = 0;
    const half = this.n / 2;
    if (this.n > 0 && this.zeros < half) {
      let seen = this.zeros;
      for (let b = 0; b < ResidualScale.BINS; b++) {
        seen += this.counts[b]!;
        if (seen >= half) {
          value = 2 ** ((b + 0.5) / 4 + ResidualScale.LOW);
          break;
        }
      }
    }
    this.cached = (1.4826 * value) / Math.sqrt(1.5);
    this.cachedAt = this.n;
    return this.cached;
  }
}

/** The detector's state for one reading of the points: log space, or as is. */
class State {
  readonly long: Scale;
  readonly short: Scale;
  readonly residuals = new ResidualScale();
  prev2 = Number.NaN;
  prev1 = Number.NaN;
  points = 0;
  readonly sigma = () => this.residuals.sigma();
  /**
   * k·σ, k = 2 + √(2 ln n): the lowest of n noisy medians lies about √(2 ln n) of their standard errors
   * below their level, so a run's best is further below its level the longer it runs; 2 more make a rise
   * beyond that the claim.
   */
  readonly allowance = () => this.residuals.sigma() * (2 + Math.sqrt(2 * Math.log(Math.max(2, this.points))));

  constructor(readonly mode: Mode) {
    this.long = new Scale(DIVERGENCE_WINDOW, 10, mode, this.sigma);
    this.short = new Scale(3, Number.POSITIVE_INFINITY, mode, this.sigma, 'points');
  }

  add(step: number, value: number): void {
    const y = this.mode === 'log' ? Math.log(value) : value;
    const [a, b] = [this.prev2, this.prev1];
    if (!Number.isNaN(a)) {
      this.residuals.add(Math.abs(b - (a + y) / 2));
    }
    this.prev2 = b;
    this.prev1 = y;
    this.points += 1;
    this.long.push(step, y, this.allowance);
    if (this.points <= SHORT_LOG) this.short.push(step, y, this.allowance);
  }
}

/**
 * Points a positive loss keeps its as-is reading for: a loss that reaches 0 or below later than this is
 * read as is from there (the cost of a second reading is not paid all run long).
 */
const LINEAR_KEPT = 1000;

export class DivergenceDetector {
  /** Both readings from the first point on: log space while every point is positive, and as is. */
  private log: State | null = new State('log');
  private linear: State | null = new State('linear');

  private get state(): State {
    return this.log ?? this.linear!;
  }

  /** The smoothed loss (the long scale's rolling median; NaN until its window fills): watch mode shows it live. */
  get smoothed(): number {
    return this.state.long.smoothedValue();
  }

  /** Add the points `values[i]` at `steps[i]` for i in [from, to), in step order; NaN and ±Infinity are skipped. */
  addColumn(steps: Float64Array, values: Float64Array, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const value = values[i]!;
      if (value - value !== 0) continue;
      if (value <= 0 && this.log) {
        this.log = null;
        this.linear ??= new State('linear');
      }
      this.log?.add(steps[i]!, value);
      this.linear?.add(steps[i]!, value);
      if (this.log && this.linear && this.log.points > LINEAR_KEPT) this.linear = null;
    }
  }

  /**
   * The robust noise of one point at `level`, in the loss's own units: σ · |level| where the loss is read
   * in log space (σ is relative there), σ where it is read as is; NaN before three points.
   */
  noiseAt(level: number): number {
    const s = this.state;
    if (s.points < 3) return Number.NaN;
    return s.mode === 'log' ? s.sigma() * Math.abs(level) : s.sigma();
  }

  /**
   * The sustained rise only (elevated for 10 points in a row at the long scale): what a live run is
   * stopped for, since "elevated up to the end" is known only once the run has ended.
   */
  sustained(): DivergenceFinding | null {
    return this.state.long.found;
  }

  result(): DivergenceFinding | null {
    const s = this.state;
    const short = s.points <= SHORT_LOG && s.short.pairElevated ? s.short.endsElevated(1) : null;
    return s.long.found ?? s.long.endsElevated(5) ?? short;
  }
}
