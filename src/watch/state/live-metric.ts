/**
 * One column of one watched file, as it comes: its last value, its non-finite count, and for a loss the
 * gate's own divergence detector (fed after warm-up, as summarize feeds it), for a throughput or MFU the
 * collapse detector. Memory is the detectors' windows, whatever the run's length.
 */
import { CellKind } from '../../ingest/csv/cell.js';
import { isUtilisation } from '../../classify/from-values.js';
import type { MetricClass } from '../../model.js';
import { prometheusMetricName } from '../../naming/prometheus.js';
import { DivergenceDetector } from '../../summarize/divergence.js';
import { CollapseDetector } from './collapse.js';

/** What a rule found in a value: the state turns it into a Finding. */
export type MetricEvent =
  | { reason: 'nan'; value: number }
  | { reason: 'divergence'; smoothed: number; min: number; since: number }
  | { reason: 'collapse'; smoothed: number; level: number };

export interface MetricRules {
  warmupSteps: number;
  /** A fraction of the level below which a throughput or MFU has collapsed; null: not judged. */
  collapseBelow: number | null;
  /** The baseline history's level of this column, when there is one. */
  baselineLevel: number | null;
}

export class LiveMetric {
  last = Number.NaN;
  lastStep = Number.NaN;
  /** Non-finite values: an explicit nan token, or ±Infinity. */
  nonFinite = 0;
  /** Name and factor of the column in Prometheus base units (`MFU` in percent → `mfu_ratio`, ×0.01). */
  promKey: { name: string; factor: number };
  private divergence: DivergenceDetector | null;
  private collapse: CollapseDetector | null;
  private steadyFrom = Number.NaN;
  private readonly point = { steps: new Float64Array(1), values: new Float64Array(1) };

  constructor(
    readonly name: string,
    readonly cls: MetricClass,
    private readonly rules: MetricRules,
  ) {
    const unit = cls.kind === 'timer' && cls.unit === '' ? 'seconds' : cls.unit;
    this.promKey = prometheusMetricName('', name, unit);
    this.divergence = null;
    this.collapse = null;
    this.reset();
  }

  get isLoss(): boolean {
    return this.cls.kind === 'loss';
  }

  /** A throughput or MFU: a window metric where higher is better. */
  get isRate(): boolean {
    return this.cls.kind === 'window' && this.cls.direction === 'higher';
  }

  /** The smoothed loss (the divergence rule's rolling median), NaN before its window fills. */
  get smoothed(): number {
    return this.divergence?.smoothed ?? this.collapse?.smoothed ?? Number.NaN;
  }

  get diverged(): boolean {
    return this.divergence?.sustained() != null;
  }

  /** A restart rewrote the steps: the detectors start over with the new attempt. */
  reset(): void {
    this.divergence = this.isLoss ? new DivergenceDetector() : null;
    const { collapseBelow, baselineLevel } = this.rules;
    this.collapse = this.isRate && collapseBelow !== null ? new CollapseDetector(collapseBelow, baselineLevel) : null;
    this.steadyFrom = Number.NaN;
  }

  /**
   * One cell at `step`; the event a rule found in it, or null. `gap`: the row has neither a step of its
   * own nor another finite value, so a NaN token there is no logged step. A step logged with a NaN loss is
   * a broken loss, alone on its row or not, as the gate counts it.
   */
  add(step: number, value: number, kind: CellKind, gap: boolean): MetricEvent | null {
    if (kind === CellKind.Missing || kind === CellKind.Text || (kind === CellKind.NanToken && gap)) return null;
    if (kind === CellKind.NanToken || !Number.isFinite(value)) {
      this.nonFinite += 1;
      this.last = value;
      this.lastStep = step;
      return this.isLoss ? { reason: 'nan', value } : null;
    }
    this.last = value;
    this.lastStep = step;
    if (Number.isNaN(this.steadyFrom)) this.firstValue(step, value);
    if (!(step >= this.steadyFrom)) return null;
    if (this.divergence) return this.addLoss(step, value);
    if (this.collapse) {
      const found = this.collapse.add(value);
      if (found) return { reason: 'collapse', smoothed: found.smoothed, level: found.level };
    }
    return null;
  }

  /**
   * Warm-up starts at the first finite value. A utilisation whose first value is above 1.5 is in percent
   * (no ratio gets there), as the summary's second look at a class decides (classify/from-values.ts).
   */
  private firstValue(step: number, value: number): void {
    this.steadyFrom = step + this.rules.warmupSteps;
    if (value > 1.5 && this.cls.unit !== 'percent' && isUtilisation(this.name, this.cls))
      this.promKey = prometheusMetricName('', this.name, 'percent');
  }

  private addLoss(step: number, value: number): MetricEvent | null {
    const d = this.divergence!;
    const before = d.sustained();
    this.point.steps[0] = step;
    this.point.values[0] = value;
    d.addColumn(this.point.steps, this.point.values, 0, 1);
    const found = d.sustained();
    if (!found || before) return null;
    return { reason: 'divergence', smoothed: d.smoothed, min: found.min, since: found.step };
  }
}
