/**
 * The SVG charts of a page, drawn by the report's own chart code (report/render/svg.ts): a metric over
 * runs, and the latest loss curve over the history's band. Every run drawn is a mark with its words as a
 * `<title>` (date, commit, value: the hover text) and `data-x` / `data-value` attributes; a series longer
 * than `maxPoints` is thinned to evenly spaced runs (evenIndices), first and last kept.
 */
import { formatChange } from '../gate/format.js';
import { formatEnvironmentExplanation } from '../gate/index.js';
import { evenIndices } from '../report/render/downsample.js';
import { formatValue } from '../report/render/format.js';
import { type ChartSpec, finiteRange, lineChartSvg, type PointMark } from '../report/render/svg.js';
import type { GroupTrend, MetricTrend, Series, TrendPoint } from './trend.js';

export const SERIES_WORDS: Record<Series, string> = {
  run: 'run',
  pr: 'pull request run (not in the baseline)',
  quarantined: 'quarantined run (not in the baseline)',
};

/** The runs a chart draws: every run of each series, or evenly spaced ones when there are more than `max`. */
export function drawnPoints(points: readonly TrendPoint[], max: number): TrendPoint[] {
  const out: TrendPoint[] = [];
  for (const series of ['run', 'pr', 'quarantined'] as const) {
    const of = points.filter((p) => p.series === series);
    for (const i of evenIndices(of.length, max)) out.push(of[i]!);
  }
  return out.sort((a, b) => a.x - b.x);
}

export function pointWords(p: TrendPoint, unit: string): string {
  const r = p.record;
  const pr = p.series === 'pr' && r.pullRequest !== undefined ? ` #${r.pullRequest}` : '';
  return `${r.run} · ${r.recordedAt.slice(0, 16).replace('T', ' ')} · ${r.sha.slice(0, 7) || 'no commit'} · ${formatValue(p.value, unit)}${p.series === 'run' ? '' : ` · ${SERIES_WORDS[p.series]}${pr}`}`;
}

export function changeWords(t: MetricTrend['changes'][number], unit: string): string {
  const c = t.change;
  const env = c.environment ? `; ${formatEnvironmentExplanation(c.environment)}` : '';
  return `${c.marked ? 'new baseline' : 'change point'} ${formatChange(c.change)} (${c.effect}): ${formatValue(c.before.mean, unit)} → ${formatValue(c.after.mean, unit)}, between ${c.lastBefore.run} and ${c.firstAfter.run}${env}`;
}

/** A run's time on the axis: its date, or its date and time where the runs all fall within two days. */
function tickTime(iso: string, spanMs: number): string {
  return spanMs < 2 * 86_400_000 ? iso.slice(5, 16).replace('T', ' ') : iso.slice(0, 10);
}

export function metricChart(trend: GroupTrend, m: MetricTrend, maxPoints: number): string {
  const records = trend.group.records;
  // Latest minus earliest (a history backfilled out of order included); NaN when no run has a time.
  const [first, last] = finiteRange(records.map((r) => Date.parse(r.recordedAt)));
  const spanMs = last >= first ? last - first : Number.NaN;
  const drawn = drawnPoints(m.points, maxPoints);
  const marks: PointMark[] = drawn.map((p) => ({
    x: p.x,
    y: p.value,
    className: p.series,
    label: pointWords(p, m.unit),
    attrs: { x: String(p.x), value: String(p.value) },
  }));
  const spec: ChartSpec = {
    title: `${m.key}${m.direction === 'none' ? '' : ` (${m.direction} is better)`}`,
    xLabel: 'runs in commit order (date)',
    unit: m.unit,
    lines: [
      { label: 'runs', className: 'run', points: drawn.filter((p) => p.series === 'run').map((p) => [p.x, p.value]) },
    ],
    bands: [],
    marks,
    xTick: (x) => tickTime(records[x]?.recordedAt ?? '', spanMs),
    // x counts runs: a tick between two runs would name one of them at the other's place.
    xStep: 1,
    xRules: [
      ...trend.newBaselines.map((x) => ({ x, className: 'baseline', label: `new baseline: ${records[x]!.run}` })),
      ...m.changes
        .filter((c) => !c.change.marked)
        .map((c) => ({
          x: c.x - 0.5,
          className: c.change.environment?.changes.length ? 'change environment' : 'change',
          label: changeWords(c, m.unit),
        })),
    ],
    xSpans:
      trend.culprit && trend.culprit.range.metric === m.key
        ? [
            {
              from: trend.culprit.goodX,
              to: trend.culprit.badX,
              className: 'culprit',
              label: `culprit range: last good ${trend.culprit.range.good.run}, first bad ${trend.culprit.range.bad.run}`,
            },
          ]
        : [],
    width: 720,
    height: 280,
  };
  // The band the latest run was judged by, so the chart shows why it passed or failed; before there is
  // a judged run, the one the next run will be judged by.
  const v = m.latest?.baseline ? m.latest : m.next;
  const b = v?.baseline;
  if (b && records.length > 0) {
    const judged = v!.verdict !== 'insufficient-history';
    const whose = v === m.latest ? 'the latest run was' : 'the next run is';
    spec.bands.push({
      label: judged ? `noise band ${whose} judged by` : 'spread of the runs (too few to judge)',
      className: judged ? 'baseline' : 'spread',
      // From the last run marked as a new baseline: the runs before the mark are not in it.
      points: [
        [trend.newBaselines.at(-1) ?? 0, b.centre - b.band, b.centre + b.band],
        [records.length - 1, b.centre - b.band, b.centre + b.band],
      ],
    });
    spec.rules = [{ label: 'level', className: 'centre', y: b.centre }];
  }
  return lineChartSvg(spec);
}

export function lossChart(trend: GroupTrend): string {
  const loss = trend.loss!;
  return lineChartSvg({
    title: `${loss.metric}: ${loss.run} over the band of ${loss.runs} earlier run${loss.runs === 1 ? '' : 's'}`,
    xLabel: 'step',
    unit: '',
    lines: [
      { label: loss.run, className: 'run', points: loss.samples },
      { label: 'median of the history', className: 'centre', points: loss.band.map((p) => [p.step, p.centre]) },
    ],
    bands: [
      {
        label: 'history (lowest to highest)',
        className: 'baseline',
        points: loss.band.map((p) => [p.step, p.lo, p.hi]),
      },
    ],
    width: 720,
    height: 280,
  });
}
