/**
 * The verdict on one run against its comparable history. See docs/gate.md for the method; in short:
 * per metric, a one-sided prediction-interval test of the run against the accepted baseline level, with
 * run-to-run noise from the history (never from steps), a minimum effect, and one false-alarm budget per
 * run split over metric families. Non-finite loss and divergence fail whatever the history.
 */
import { mean, sampleStandardDeviation } from 'simple-statistics';
import {
  fingerprintKey,
  type GateResult,
  type HistoryRecord,
  type MetricRecord,
  type MetricSummary,
  type MetricVerdict,
  type RunSummary,
} from '../model.js';
import { metricKey } from '../naming.js';
import { brokenLoss } from './broken-loss.js';
import type { CurveWindow } from './curve-window.js';
import { comparisonBasis, notReached, withWindow } from './like-for-like.js';
import { metricValue } from '../store/history-overview.js';
import { buildBaseline, type Baseline, type HistoryPoint } from './baseline.js';
import { runCompleteness, type Completeness } from './completeness.js';
import { completenessVerdict } from './completeness-verdict.js';
import { constantHistoryVerdict } from './constant-history.js';
import { acceptAsBaseline, runsSinceMark } from './new-baseline.js';
import { DEFAULT_GATE_CONFIG, type GateConfig } from './config.js';
import { metricFamily } from './family.js';
import { formatChange, formatSpread, formatValue, spreadLabel } from './format.js';
import { criticalT } from './stats/critical-t.js';
import { errorBudget } from './stats/error-budget.js';
import { predictionT } from './stats/prediction-t.js';
import { tQuantile, tUpperTail } from './stats/student-t.js';

/** A metric with a usable baseline, waiting for its share of the false-alarm budget. */
interface Pending {
  index: number;
  family: string;
  metric: MetricSummary;
  current: number;
  baseline: Baseline;
  /** sd·√(1 + 1/runs): the prediction's standard error, the unit of `worse` and `minT`. */
  scale: number;
  /** Prediction t of the change in the "worse" direction. */
  worse: number;
  /** The minimum effect in the same units. */
  minT: number;
  /** P(noise alone exceeds the minimum effect). */
  floor: number;
  history: number[];
}

/** What the gate knows about the run beyond its summary. */
export interface JudgeContext {
  /** This run is marked as a new baseline: its regressions are accepted. */
  newBaseline?: boolean;
  /** Why there are no comparable runs (noComparableReason), shown instead of "no comparable runs yet". */
  noComparable?: string;
}

export function judgeRun(
  summary: RunSummary,
  history: readonly HistoryRecord[],
  config: GateConfig = DEFAULT_GATE_CONFIG,
  context: JudgeContext = {},
): GateResult {
  // Since a new baseline, only the runs after the mark say how far a run gets.
  const sinceMark = runsSinceMark(history);
  const completeness = runCompleteness(summary, sinceMark ?? history, config.completeFraction);
  let verdicts: MetricVerdict[] = [];
  const pending: Pending[] = [];
  const present = new Set<string>();
  const alwaysFail = new Set<string>();
  const windows = new Map<string, CurveWindow>();

  for (const m of summary.metrics) {
    const key = metricKey(m.name);
    present.add(key);
    if (!m.class.gate || m.class.direction === 'none' || m.class.kind === 'ignore') continue;
    const broken = brokenLoss(m, key, history, config);
    if (broken) alwaysFail.add(m.name);
    const judged = judgeMetric(m, key, history, completeness, config, {
      sinceMark: sinceMark?.length ?? null,
      noComparable: context.noComparable,
      windows,
      broken,
    });
    if ('verdict' in judged) {
      verdicts.push(judged);
      continue;
    }
    // Its place in the order, decided once the budget is split.
    pending.push({ ...judged, index: verdicts.length });
    verdicts.push({
      ...verdictBase(m),
      verdict: 'pass',
      current: judged.current,
      baseline: null,
      change: null,
      reason: '',
    });
  }
  spendBudget(pending, verdicts, config.alpha);
  verdicts = verdicts.map((v) => withWindow(v, windows.get(v.name)));
  const judged = verdicts.filter(wasJudged).length;
  const gatedVerdicts = [...verdicts];

  if (!completeness.complete)
    verdicts.push(completenessVerdict(completeness, Math.min(history.length, sinceMark?.length ?? Infinity), config));
  verdicts.push(...missingVerdicts(history, present, completeness));
  if (context.newBaseline) verdicts = acceptAsBaseline(verdicts, alwaysFail);

  const regression = verdicts.some((v) => v.verdict === 'regression');
  const verdict = regression ? 'regression' : judged > 0 ? 'pass' : 'not-judged';
  return {
    experiment: summary.experiment,
    name: summary.name,
    fingerprint: fingerprintKey(summary.fingerprint),
    regression,
    verdict,
    judged,
    ...(verdict === 'not-judged'
      ? {
          notJudged: notJudgedReason(gatedVerdicts, {
            noComparable: history.length ? undefined : context.noComparable,
            runs: sinceMark ? sinceMark.length : history.length,
            since: sinceMark !== null,
            minRuns: config.minRuns,
          }),
        }
      : {}),
    run: {
      complete: completeness.complete,
      steps: completeness.steps,
      expectedSteps: completeness.expectedSteps,
      truncated: completeness.truncated,
    },
    metrics: verdicts,
    ...(context.noComparable && history.length === 0 ? { noComparable: context.noComparable } : {}),
  };
}

/**
 * A gated metric's verdict rests on the history when it was tested against it (a pass, regression or
 * improvement with a baseline), or when it failed whatever the history (NaN, divergence). A pass without a
 * baseline (not reached, never logged) and too little history judged nothing.
 */
function wasJudged(v: MetricVerdict): boolean {
  if (v.verdict === 'regression') return true;
  return (v.verdict === 'pass' || v.verdict === 'improvement') && v.baseline !== null;
}

/** Why no gated metric was judged, in words: what each one lacked, counted. */
function notJudgedReason(
  verdicts: readonly MetricVerdict[],
  h: { noComparable: string | undefined; runs: number; since: boolean; minRuns: number },
): string {
  if (verdicts.length === 0)
    return 'no metric of this run is gated (no loss, quality, throughput, timer or memory column)';
  if (h.noComparable) return h.noComparable;
  const runs = `${h.runs} comparable run${h.runs === 1 ? '' : 's'}${h.since ? ' since the new baseline' : ''}`;
  const young = verdicts.filter((v) => v.verdict === 'insufficient-history');
  const missing = verdicts.filter((v) => v.verdict === 'missing');
  const other = verdicts.length - young.length - missing.length;
  const parts = [
    young.length
      ? `${young.length} of ${verdicts.length} gated metrics ${young.length === 1 ? 'has' : 'have'} too little history (${runs}; ${h.minRuns} needed)`
      : '',
    missing.length ? `${missing.length} ${missing.length === 1 ? 'has' : 'have'} no value in this run` : '',
    other ? `${other} ${other === 1 ? 'was' : 'were'} not reached or never logged` : '',
  ].filter(Boolean);
  return `no gated metric could be judged: ${parts.join('; ')}`;
}

function verdictBase(m: MetricSummary): Pick<MetricVerdict, 'name' | 'direction' | 'unit'> {
  return { name: m.name, direction: m.class.direction, unit: m.class.unit };
}

/** A gated metric's verdict when it needs no budget (broken, missing, too little history), else what the budget needs. */
function judgeMetric(
  m: MetricSummary,
  key: string,
  history: readonly HistoryRecord[],
  completeness: Completeness,
  config: GateConfig,
  where: {
    sinceMark: number | null;
    noComparable?: string;
    windows: Map<string, CurveWindow>;
    /** Why the loss is broken (broken-loss.ts), found once by the caller. */
    broken: string | null;
  },
): MetricVerdict | Omit<Pending, 'index'> {
  const better = m.class.direction === 'higher' ? 1 : -1;
  const family = metricFamily(key, m.class);
  const base = verdictBase(m);

  const { broken } = where;
  const basis = comparisonBasis(m, key, history, completeness);
  const points = historyPoints(history, key, basis.recordValue, basis.window !== null);
  const values = points.map((p) => p.value).filter(Number.isFinite);
  const current = basis.current;
  if (basis.window) where.windows.set(m.name, basis.window);

  if (broken) {
    return {
      ...base,
      verdict: 'regression',
      current: Number.isFinite(current) ? current : null,
      baseline: null,
      change: null,
      reason: `${m.name}: ${broken}`,
    };
  }
  // A pass that judged nothing (no baseline): said why, and counted as not judged.
  const unjudged = (why: string): MetricVerdict => ({
    ...base,
    verdict: 'pass',
    current: null,
    baseline: null,
    change: null,
    reason: `${m.name}: ${why}`,
  });
  if (basis.unmatched) return unjudged(basis.unmatched);
  if (!Number.isFinite(current)) {
    const later = notReached(history, key, completeness);
    if (later) return unjudged(later);
    // A column the runs log but never fill (an eval that never ran): nothing was there to lose.
    if (history.length && history.every((r) => metricValue(r.metrics[key]) === null))
      return unjudged('no finite value in this run, nor in any comparable run');
    return {
      ...base,
      verdict: 'missing',
      current: null,
      baseline: null,
      change: null,
      reason: `${m.name}: no finite value in this run`,
    };
  }
  if (where.sinceMark !== null && where.sinceMark < config.minRuns) {
    const since = points
      .slice(points.length - where.sinceMark)
      .map((p) => p.value)
      .filter(Number.isFinite);
    const n = where.sinceMark;
    const why = `${n} run${n === 1 ? '' : 's'} since the new baseline; not judged below ${config.minRuns}`;
    return insufficientHistory(m, current, since, config, { why });
  }
  const baseline =
    values.length >= config.minRuns
      ? buildBaseline(points, {
          better,
          minEffect: m.class.minEffect,
          shiftAlpha: config.shiftAlpha,
          outlierMads: config.outlierMads,
          priorRuns: config.priorRuns,
          priorCv: config.priorCv[family.kind],
          noiseFloor: config.noiseFloor,
        })
      : null;
  // The same value in every run: no spread to test against, whatever the runs' own noise (copies). Every
  // run, not only the level's: a level of three equal runs after a shift has the other runs' spread.
  if (baseline && (baseline.sd === 0 || values.every((v) => v === values[0])))
    return constantHistoryVerdict(m, current, baseline.centre, baseline.runs);
  if (!baseline || !(baseline.sd > 0) || !(baseline.df > 0))
    return insufficientHistory(m, current, values, config, { none: where.noComparable });
  const scale = baseline.sd * Math.sqrt(1 + 1 / baseline.runs);
  const worse = -better * predictionT(current, baseline.centre, baseline.sd, baseline.runs);
  const minT = (m.class.minEffect * Math.abs(baseline.centre)) / scale;
  return {
    family: family.id,
    metric: m,
    current,
    baseline,
    scale,
    worse,
    minT,
    floor: tUpperTail(minT, baseline.df),
    history: values,
  };
}

/**
 * Too few runs for a threshold (or since a new baseline): the run is shown against the history's plain
 * centre. `none` says why there are no comparable runs; `why` replaces the reason it is not judged.
 */
function insufficientHistory(
  m: MetricSummary,
  current: number,
  values: number[],
  config: GateConfig,
  words: { none?: string; why?: string } = {},
): MetricVerdict {
  const centre = values.length ? mean(values) : null;
  const change = centre ? (current - centre) / Math.abs(centre) : null;
  // Too few runs for a threshold: the spread is their plain scatter (one SD), 0 for a single run.
  const sd = values.length > 1 ? sampleStandardDeviation(values) : 0;
  const vs =
    centre === null
      ? (words.none ?? 'no comparable runs yet')
      : `${formatValue(current)} vs ${formatValue(centre)} ${formatSpread(centre, sd, spreadLabel('insufficient-history'))} over ${values.length} run${values.length === 1 ? '' : 's'}${change === null ? '' : `: ${formatChange(change)}`}`;
  const why =
    words.why ??
    (values.length >= config.minRuns
      ? 'not judged: the history has no finite spread to judge against'
      : `not judged below ${config.minRuns} runs`);
  return {
    ...verdictBase(m),
    verdict: 'insufficient-history',
    current,
    baseline:
      centre === null
        ? null
        : {
            centre,
            band: sd,
            runs: values.length,
            history: values,
          },
    change,
    reason: `${m.name} ${centre === null ? `${formatValue(current)}: ` : ''}${vs} (${why})`,
  };
}

/** One false-alarm budget for the run, split over families before looking at the current values. */
function spendBudget(pending: Pending[], verdicts: MetricVerdict[], alpha: number): void {
  const families = [...new Set(pending.map((p) => p.family))];
  const floors = families.map((f) => Math.max(...pending.filter((p) => p.family === f).map((p) => p.floor)));
  const shares = errorBudget(alpha, floors);
  for (const p of pending) {
    const share = shares[families.indexOf(p.family)]!;
    // With share ≥ floor the minimum effect alone keeps false alarms within the share.
    const threshold = criticalT(share, p.floor, p.minT, p.baseline.df);
    verdicts[p.index] = decide(p, threshold, alpha);
  }
}

/** `alpha`, the whole budget, tells a change that is real but below the minimum effect from noise. */
function decide(p: Pending, threshold: number, alpha: number): MetricVerdict {
  const { metric: m, baseline: b, current } = p;
  const centre = Math.abs(b.centre);
  const change = (current - b.centre) / centre;
  const band = threshold * p.scale;
  const verdict = p.worse > threshold ? 'regression' : -p.worse > threshold ? 'improvement' : 'pass';
  const spread = formatSpread(b.centre, band, spreadLabel(verdict));
  const head = `${m.name} ${formatValue(current)} vs ${formatValue(b.centre)} ${spread} over ${b.runs} run${b.runs === 1 ? '' : 's'}: ${formatChange(change)}`;
  let why: string;
  if (verdict === 'regression') why = 'worse beyond the noise band';
  else if (verdict === 'improvement') why = 'better beyond the noise band';
  else if (Math.abs(p.worse) <= p.minT && Math.abs(p.worse) > tQuantile(1 - alpha, b.df))
    why = `real but below the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
  else if (threshold === p.minT) why = `within the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
  else why = 'within the noise band';
  return {
    name: m.name,
    verdict,
    direction: m.class.direction,
    unit: m.class.unit,
    current,
    baseline: { centre: b.centre, band, runs: b.runs, history: p.history },
    change,
    reason: `${head}, ${why}${b.note ? ` (${b.note})` : ''}`,
  };
}

/** The metric's value in each comparable run, oldest first; a baseline mark on a run without it carries over. */
function historyPoints(
  history: readonly HistoryRecord[],
  key: string,
  valueOfRecord: (m: MetricRecord) => number,
  windowed: boolean,
): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  let mark = false;
  for (const r of history) {
    mark ||= r.baseline;
    const m = r.metrics[key];
    if (!m) continue;
    points.push({
      value: valueOfRecord(m),
      marked: mark,
      ...(windowed || m.noise === undefined ? {} : { noise: m.noise }),
      ...(m.regressed ? { regressed: true } : {}),
    });
    mark = false;
  }
  return points;
}

/** Judged metrics the latest comparable run had and this run lacks (unless it stopped before they start). */
function missingVerdicts(history: readonly HistoryRecord[], present: Set<string>, c: Completeness): MetricVerdict[] {
  const last = history[history.length - 1];
  if (!last) return [];
  return Object.entries(last.metrics)
    .filter(([key, m]) => !present.has(key) && m.direction !== 'none' && m.kind !== 'ignore' && m.kind !== 'gauge')
    .filter(([key]) => notReached(history, key, c) === null)
    .map(([key, m]) => ({
      name: key,
      verdict: 'missing' as const,
      direction: m.direction,
      unit: m.unit,
      current: null,
      baseline: null,
      change: null,
      reason: `${key}: in the latest recorded run, absent from this one (not a regression; check the column names)`,
    }));
}
