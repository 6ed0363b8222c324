/**
 * One watched file (one rank) as it is written: its last step, how fast steps come, and a LiveMetric per
 * column. Rows arrive one at a time from the tailer. A step below the last one is a restart from a
 * checkpoint: the later rows win, so the detectors start over from it; a row at the same step adds its
 * cells to that step (sparse loggers write train and validation values of one step on two rows).
 */
import { classify } from '../../classify/index.js';
import type { ClassRule } from '../../classify/index.js';
import type { LiveRowListener } from '../tail/live-rows.js';
import { type Finding, jsonNumber } from './finding.js';
import { LiveMetric, type MetricEvent, type MetricRules } from './live-metric.js';

/** New steps remembered for the rate of steps: enough to smooth it, few enough to follow a change. */
const RATE_STEPS = 32;

export interface RankRules extends Omit<MetricRules, 'baselineLevel'> {
  rules: ClassRule[];
  /** The baseline history's level of a column, for the collapse rule; null where there is none. */
  baselineLevel: (column: string) => number | null;
}

export class LiveRank implements LiveRowListener {
  lastStep = Number.NaN;
  /** When the last new step was seen (ms since the epoch); the start of watching until the first. */
  lastStepAt: number;
  restarts = 0;
  rows = 0;
  readonly metrics = new Map<string, LiveMetric>();
  private columns: LiveMetric[] = [];
  /** Times and steps of the last RATE_STEPS new steps, a ring. */
  private readonly rateTimes = new Float64Array(RATE_STEPS);
  private readonly rateSteps = new Float64Array(RATE_STEPS);
  private rateCount = 0;

  constructor(
    /** The rank's label (its file's rank number or name); empty when only one file is watched. */
    readonly label: string,
    private readonly rules: RankRules,
    /** Where the rules' findings go. */
    private readonly found: (finding: Finding) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.lastStepAt = now();
  }

  layout(columns: readonly string[]): void {
    this.columns = columns.map((name) => this.metric(name));
  }

  row(step: number, values: Float64Array, kinds: Uint8Array): void {
    this.rows++;
    if (!Number.isNaN(step)) {
      if (step < this.lastStep) this.restart();
      if (!(step <= this.lastStep)) this.newStep(step);
    }
    const at = Number.isNaN(step) ? this.lastStep : step;
    let finite = 0;
    for (let c = 0; c < this.columns.length; c++) if (Number.isFinite(values[c]!)) finite++;
    for (let c = 0; c < this.columns.length; c++) {
      const metric = this.columns[c]!;
      const event = metric.add(at, values[c]!, kinds[c]!, finite === 0 && Number.isNaN(step));
      if (event) this.found(this.finding(metric, at, event));
    }
  }

  restarted(): void {
    this.restart();
  }

  /** Steps per second over the recent steps (0 until two steps have been seen). */
  stepsPerSecond(): number {
    const n = Math.min(this.rateCount, RATE_STEPS);
    if (n < 2) return 0;
    const last = (this.rateCount - 1) % RATE_STEPS;
    const first = (this.rateCount - n) % RATE_STEPS;
    const seconds = (this.rateTimes[last]! - this.rateTimes[first]!) / 1000;
    return seconds > 0 ? (this.rateSteps[last]! - this.rateSteps[first]!) / seconds : 0;
  }

  secondsSinceLastStep(): number {
    return (this.now() - this.lastStepAt) / 1000;
  }

  private newStep(step: number): void {
    this.lastStep = step;
    this.lastStepAt = this.now();
    const at = this.rateCount % RATE_STEPS;
    this.rateTimes[at] = this.lastStepAt;
    this.rateSteps[at] = step;
    this.rateCount++;
  }

  private restart(): void {
    this.restarts++;
    this.lastStep = Number.NaN;
    for (const m of this.metrics.values()) m.reset();
    this.rateCount = 0;
  }

  private metric(name: string): LiveMetric {
    let m = this.metrics.get(name);
    if (!m) {
      const { warmupSteps, collapseBelow, rules, baselineLevel } = this.rules;
      m = new LiveMetric(name, classify(name, { rules }), {
        warmupSteps,
        collapseBelow,
        baselineLevel: baselineLevel(name),
      });
      this.metrics.set(name, m);
    }
    return m;
  }

  private finding(metric: LiveMetric, step: number, event: MetricEvent): Finding {
    const where = `${this.label ? `rank ${this.label}: ` : ''}"${metric.name}" at step ${step}`;
    const base = {
      step,
      at: new Date(this.now()).toISOString(),
      metric: metric.name,
      ...(this.label ? { rank: this.label } : {}),
    };
    switch (event.reason) {
      case 'nan':
        return { ...base, reason: 'nan', value: jsonNumber(event.value), detail: `${where} is ${event.value}` };
      case 'divergence':
        return {
          ...base,
          reason: 'divergence',
          value: event.smoothed,
          detail: `${where}: the smoothed loss ${fmt(event.smoothed)} stayed far above its best ${fmt(event.min)} since step ${event.since}`,
        };
      case 'collapse':
        return {
          ...base,
          reason: 'collapse',
          value: event.smoothed,
          detail: `${where}: ${fmt(event.smoothed)} is below the collapse fraction of its level ${fmt(event.level)}`,
        };
    }
  }
}

const fmt = (v: number): string =>
  Math.abs(v) >= 1000 || Math.abs(v) < 0.01 ? v.toPrecision(4) : v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
