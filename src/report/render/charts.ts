/** Which chart shows a metric best, as data: the run's windows against the baseline, else the run history. */
import type { MetricSummary, MetricVerdict } from '../../model.js';
import { WINDOW_QUANTILES } from '../../model.js';
import { evenIndices } from './downsample.js';
import type { LossOverlay } from './loss-overlay.js';
import type { ChartSpec } from './svg.js';

const MEDIAN = WINDOW_QUANTILES.indexOf(0.5);
const P10 = WINDOW_QUANTILES.indexOf(0.1);
const P90 = WINDOW_QUANTILES.indexOf(0.9);

/** Points kept per line in the HTML charts: plenty for a 560-pixel-wide plot. */
const SVG_POINTS = 400;

function baselineParts(v: MetricVerdict, x0: number, x1: number): Pick<ChartSpec, 'bands' | 'rules'> {
  if (!v.baseline) return { bands: [], rules: [] };
  const { centre, band, runs } = v.baseline;
  return {
    bands: [
      {
        label: `baseline ± band, ${runs} runs`,
        className: 'baseline',
        points: [
          [x0, centre - band, centre + band],
          [x1, centre - band, centre + band],
        ],
      },
    ],
    rules: [{ label: 'baseline centre', className: 'centre', y: centre }],
  };
}

/**
 * A gated metric's chart: this run's window medians (with its p10–p90 spread) against the baseline
 * centre ± band when the run has windows; otherwise the baseline history runs and this run.
 */
export function metricChart(v: MetricVerdict, m: MetricSummary | undefined): ChartSpec | null {
  // Warm-up windows would stretch the scale and flatten the band: start where the steady state does.
  const from = m?.steady?.fromStep ?? -Infinity;
  const all = m?.windows ?? [];
  const windows = all.some((w) => w.from >= from) ? all.filter((w) => w.from >= from) : all;
  if (windows.length > 0) {
    const mid = (w: (typeof windows)[number]) => (w.from + w.to) / 2;
    const idx = evenIndices(windows.length, SVG_POINTS);
    const ws = idx.map((i) => windows[i]!);
    const x0 = ws[0]!.from;
    const x1 = ws[ws.length - 1]!.to;
    const base = baselineParts(v, x0, x1);
    return {
      title: v.name,
      xLabel: windows.length < all.length ? `step (from ${windows[0]!.from}, after warm-up)` : 'step',
      unit: v.unit,
      lines: [{ label: 'run median', className: 'run', points: ws.map((w) => [mid(w), w.quantiles[MEDIAN] ?? NaN]) }],
      bands: [
        ...base.bands,
        {
          label: 'run p10–p90',
          className: 'spread',
          points: ws.map((w) => [mid(w), w.quantiles[P10] ?? NaN, w.quantiles[P90] ?? NaN]),
        },
      ],
      rules: base.rules,
    };
  }
  if (v.baseline && v.baseline.history.length > 0) {
    const h = v.baseline.history;
    const points: [number, number][] = h.map((y, i) => [i - h.length, y]);
    const base = baselineParts(v, -h.length, 0);
    return {
      title: v.name,
      xLabel: 'baseline runs (0 = this run)',
      unit: v.unit,
      lines: [
        { label: 'baseline runs', className: 'history', points, dots: true },
        ...(v.current !== null && Number.isFinite(v.current)
          ? [{ label: 'this run', className: 'run', points: [[0, v.current]] as [number, number][], dots: true }]
          : []),
      ],
      bands: base.bands,
      rules: base.rules,
      xTick: (x) => String(Math.round(x)),
    };
  }
  return null;
}

/**
 * The loss curve of this run over the baseline loss band; `tail` (0–1) keeps only that last share of
 * the steps and fits the y scale to it, where the early drop would otherwise hide the band.
 */
export function lossChart(overlay: LossOverlay, tail = 1): ChartSpec {
  const start = Math.min(Math.floor(overlay.steps.length * (1 - tail)), Math.max(0, overlay.steps.length - 2));
  const idx = evenIndices(overlay.steps.length - start, SVG_POINTS).map((i) => i + start);
  const at = (ys: number[]) => idx.map((i) => [overlay.steps[i]!, ys[i]!] as [number, number]);
  const hasBand = overlay.lo.some(Number.isFinite);
  return {
    title: `${overlay.metric}: this run${hasBand ? ' against the baseline band' : ''}${tail < 1 ? `, last ${Math.round(tail * 100)} % of steps` : ''}`,
    xLabel: 'step',
    unit: '',
    lines: [
      { label: 'this run', className: 'run', points: at(overlay.run) },
      ...(hasBand ? [{ label: 'baseline centre', className: 'centre', points: at(overlay.centre) }] : []),
    ],
    bands: hasBand
      ? [
          {
            label: 'baseline band',
            className: 'baseline',
            points: idx.map((i) => [overlay.steps[i]!, overlay.lo[i]!, overlay.hi[i]!]),
          },
        ]
      : [],
  };
}
