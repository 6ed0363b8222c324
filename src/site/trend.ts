/**
 * What a page shows of one experiment and fingerprint, from the gate's own functions: the latest run's
 * verdict against the runs before it and the level and noise band the next run will be judged by
 * (judgeRecord, i.e. judgeRun), the change points `history changes` lists (changePoints), the culprit
 * range the gate would name (findCulprit), and the loss band of the history's curves (lossBandFromCurves).
 * Pull request and quarantined runs are shown but never enter any of these, as in the gate.
 */
import type { ChangePoint } from '../gate/change-points.js';
import { changePoints, runRef } from '../gate/change-points.js';
import type { GateConfig } from '../gate/config.js';
import { findCulprit } from '../gate/culprit.js';
import { judgeRecord } from '../gate/index.js';
import type {
  CulpritRange,
  Direction,
  GateResult,
  HistoryRecord,
  MetricClass,
  MetricVerdict,
  RunRef,
} from '../model.js';
import { metricKey } from '../naming.js';
import type { LossBandPoint } from '../report/index.js';
import { lossBandFromCurves } from '../report/render/loss-band.js';
import { compareUrl } from '../report/render/compare-link.js';
import { keyMetrics, metricValue, pullRequestOf } from '../store/history-overview.js';
import { countsInBaseline } from '../store/history.js';
import type { RunGroup } from './collect.js';

export interface SiteContext {
  gate: GateConfig;
  /** The metric's class by its key (the config's rules included), as check classifies it. */
  classOf: (key: string) => MetricClass;
  /** For compare links: https://github.com or a GitHub Enterprise server. */
  serverUrl: string;
}

export type Series = 'run' | 'pr' | 'quarantined';

export interface TrendPoint {
  /** Position of the run among the page's runs (all series), oldest first. */
  x: number;
  value: number;
  series: Series;
  record: HistoryRecord;
}

export interface TrendChange {
  x: number;
  /** With what its two runs' environments say (`change.environment`, the explanation `history changes` gives). */
  change: ChangePoint;
}

export interface MetricTrend {
  key: string;
  unit: string;
  direction: Direction;
  points: TrendPoint[];
  /** The latest comparable run's verdict on this metric, against the runs before it. */
  latest: MetricVerdict | null;
  /** The level and band the next run is judged by (insufficient-history: the runs' plain spread). */
  next: MetricVerdict | null;
  changes: TrendChange[];
}

export interface CulpritMark {
  range: CulpritRange;
  goodX: number;
  badX: number;
}

export interface LossTrend {
  metric: string;
  run: string;
  samples: [number, number][];
  band: LossBandPoint[];
  /** History runs the band is made of. */
  runs: number;
}

export interface GroupTrend {
  group: RunGroup;
  /** Runs that count in a baseline. */
  comparable: number;
  latest: HistoryRecord | null;
  verdict: GateResult | null;
  metrics: MetricTrend[];
  culprit: CulpritMark | null;
  /** x of each run marked as a new baseline. */
  newBaselines: number[];
  loss: LossTrend | null;
}

/** Runs of history the loss band is drawn from (the latest ones): enough for an envelope, cheap to draw. */
const LOSS_BAND_RUNS = 30;

export function seriesOf(r: HistoryRecord): Series {
  if (r.quarantined) return 'quarantined';
  return pullRequestOf(r) !== null ? 'pr' : 'run';
}

const refKey = (r: RunRef) => `${r.run}\u0000${r.runId}\u0000${r.sha}\u0000${r.recordedAt}`;

export function groupTrend(group: RunGroup, c: SiteContext): GroupTrend {
  const { records } = group;
  const comparable: HistoryRecord[] = [];
  const xOfComparable: number[] = [];
  const xByRef = new Map<string, number>();
  records.forEach((r, x) => {
    xByRef.set(refKey(runRef(r)), x);
    if (countsInBaseline(r)) {
      comparable.push(r);
      xOfComparable.push(x);
    }
  });
  const latest = comparable[comparable.length - 1] ?? null;
  const before = comparable.slice(0, -1);
  const minEffect = (key: string) => c.classOf(key).minEffect;
  const verdict = latest ? judgeRecord(latest, before, c.classOf, c.gate) : null;
  // The next run is judged against every comparable run: the latest one stands in for it.
  const next = latest ? judgeRecord({ ...latest, baseline: false }, comparable, c.classOf, c.gate) : null;
  const points = changePoints(comparable, c.gate, { minMagnitude: minEffect });

  // Every run's metrics, so a page of pull request runs alone still draws them.
  const metrics = keyMetrics(records).map((key): MetricTrend => {
    const trendPoints: TrendPoint[] = [];
    records.forEach((r, x) => {
      const value = metricValue(r.metrics[key]);
      if (value !== null) trendPoints.push({ x, value, series: seriesOf(r), record: r });
    });
    const byName = (g: GateResult | null) => g?.metrics.find((m) => metricKey(m.name) === key) ?? null;
    const first = (comparable.find((r) => r.metrics[key]) ?? records.find((r) => r.metrics[key]))?.metrics[key];
    return {
      key,
      unit: first?.unit ?? '',
      direction: first?.direction ?? 'none',
      points: trendPoints,
      latest: byName(verdict),
      next: byName(next),
      changes: points.filter((p) => p.metric === key).map((p) => ({ x: xOfComparable[p.at]!, change: p })),
    };
  });

  let culprit: CulpritMark | null = null;
  if (latest && verdict) {
    const range = findCulprit(before, verdict, c.gate, {
      current: runRef(latest),
      onDefaultBranch: true,
      minEffect,
      compare: (good, bad) => compareUrl(c.serverUrl, latest.repository ?? '', good, bad),
    });
    const goodX = range ? xByRef.get(refKey(range.good)) : undefined;
    const badX = range ? xByRef.get(refKey(range.bad)) : undefined;
    if (range && goodX !== undefined && badX !== undefined) culprit = { range, goodX, badX };
  }

  // What an alert is about first: the culprit's metric, then the latest run's regressions, then by name.
  const rank = (m: MetricTrend) => (culprit?.range.metric === m.key ? 0 : m.latest?.verdict === 'regression' ? 1 : 2);
  metrics.sort((a, b) => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  return {
    group,
    comparable: comparable.length,
    latest,
    verdict,
    metrics,
    culprit,
    // A mark on a run that no longer counts (quarantined after it was marked) is not one the gate follows.
    newBaselines: records.flatMap((r, x) => (r.baseline && countsInBaseline(r) ? [x] : [])),
    loss: latest ? lossTrend(latest, before) : null,
  };
}

/** The latest run's loss curve over the band of the history's curves at the same steps. */
function lossTrend(latest: HistoryRecord, before: readonly HistoryRecord[]): LossTrend | null {
  const key = Object.keys(latest.metrics)
    .sort()
    .find((k) => latest.metrics[k]!.kind === 'loss' && (latest.metrics[k]!.samples?.length ?? 0) > 1);
  if (!key) return null;
  const curves = before
    .slice(-LOSS_BAND_RUNS)
    .map((r) => r.metrics[key]?.samples)
    .filter((s): s is [number, number][] => (s?.length ?? 0) > 0);
  return {
    metric: key,
    run: latest.run,
    samples: latest.metrics[key]!.samples!,
    band: lossBandFromCurves(curves),
    runs: curves.length,
  };
}
