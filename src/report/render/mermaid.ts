/**
 * The loss chart as Mermaid `xychart-beta`, within what GitHub's Mermaid renders: no named series,
 * no legend, no data labels, categorical x positions (evenly spaced), a few dozen points.
 */
import { interpolate } from './downsample.js';
import { mermaidText } from './escape.js';
import { hasBand, type LossOverlay } from './loss-overlay.js';

/** Band edges grey, centre light grey, this run blue (drawn last, on top). */
const PALETTE_WITH_BAND = '#8c959f, #8c959f, #d0d7de, #0969da';
const PALETTE_RUN_ONLY = '#0969da';

/** Points drawn per line; the x axis is categorical, so more points only crowd the labels. */
export const MERMAID_POINTS = 40;

/**
 * A fenced `mermaid` block, or null when there is nothing to draw. Mermaid spreads a line's points
 * evenly along the x axis, so the curves are resampled at `points` evenly spaced steps (linear
 * interpolation) and the axis is numeric: positions and tick labels are then true steps.
 * `tail` (0–1] keeps only that last share of the steps, for a zoomed view of the end of training.
 */
export function lossChartMermaid(overlay: LossOverlay, points = MERMAID_POINTS, tail = 1): string | null {
  if (overlay.steps.length < 2) return null;
  const band = hasBand(overlay);
  const first = overlay.steps[0]!;
  const last = overlay.steps[overlay.steps.length - 1]!;
  const from = tail < 1 ? last - (last - first) * tail : first;
  const n = Math.max(2, Math.min(points, overlay.steps.filter((s) => s >= from).length));
  const grid = Array.from({ length: n }, (_, k) => from + ((last - from) * k) / (n - 1));
  const at = (ys: number[]) => grid.map((x) => interpolate(overlay.steps, ys, x));
  const run = at(overlay.run);
  const lines = band ? [fillGaps(at(overlay.lo)), fillGaps(at(overlay.hi)), fillGaps(at(overlay.centre)), run] : [run];
  const all = lines.flat().filter(Number.isFinite);
  if (all.length === 0) return null;
  const [yMin, yMax] = niceRange(Math.min(...all), Math.max(...all));
  const zoom = tail < 1 ? `, last ${Math.round(tail * 100)} percent of steps` : '';
  const title = mermaidText(`${overlay.metric}: this run${band ? ' vs baseline band' : ''}${zoom}`, 100);
  const palette = band ? PALETTE_WITH_BAND : PALETTE_RUN_ONLY;
  return [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis "step" ${num(Math.round(from))} --> ${num(Math.round(last))}`,
    `  y-axis "loss" ${num(yMin)} --> ${num(yMax)}`,
    ...lines.map((ys) => `  line [${ys.map(num).join(', ')}]`),
    '```',
  ].join('\n');
}

/** A plain decimal Mermaid parses (no exponent, no unicode minus), 5 significant digits. */
function num(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const s = String(Number(v.toPrecision(5)));
  return s.includes('e')
    ? Number(v.toPrecision(5))
        .toFixed(12)
        .replace(/\.?0+$/, '')
    : s;
}

/** Mermaid has no gaps in a line: carry the nearest known value into steps the band does not reach. */
function fillGaps(ys: number[]): number[] {
  const first = ys.findIndex(Number.isFinite);
  if (first < 0) return ys.map(() => 0);
  const out = [...ys];
  for (let i = 0; i < first; i++) out[i] = ys[first]!;
  for (let i = first + 1; i < out.length; i++) if (!Number.isFinite(out[i])) out[i] = out[i - 1]!;
  return out;
}

/** The value range padded by 5 % on each side, so the lines do not sit on the frame. */
export function niceRange(min: number, max: number): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  const pad = max > min ? (max - min) * 0.05 : Math.abs(max) * 0.05 || 1;
  return [min - pad, max + pad];
}
