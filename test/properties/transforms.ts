/**
 * What the properties do to a real run: cut it, make it worse, break it, or draw its noise again. Each
 * works on the table in memory and returns a new one; columns are chosen by the class the tool gave them.
 */
import { mulberry32 } from '../../bench/random.js';
import type { CollectedTable } from '../../src/ingest/index.js';
import type { MetricSummary, RunSummary } from '../../src/model.js';
import { gated } from './real-runs.js';

function copy(t: CollectedTable): CollectedTable {
  return {
    steps: [...t.steps],
    values: Object.fromEntries(Object.entries(t.values).map(([k, v]) => [k, [...v]])),
    nanTokens: Object.fromEntries(Object.entries(t.nanTokens).map(([k, v]) => [k, [...v]])),
    batchSizes: [...t.batchSizes],
  };
}

/** The step at `fraction` of the run's step span. */
export function stepAt(t: CollectedTable, fraction: number): number {
  const first = t.steps[0]!;
  return first + fraction * (t.steps[t.steps.length - 1]! - first);
}

/** The rows up to `fraction` of the step span: a run that ended cleanly there. */
export function cut(t: CollectedTable, fraction: number): CollectedTable {
  const limit = stepAt(t, fraction);
  const n = t.steps.filter((s) => s <= limit).length;
  return {
    steps: t.steps.slice(0, n),
    values: Object.fromEntries(Object.entries(t.values).map(([k, v]) => [k, v.slice(0, n)])),
    nanTokens: Object.fromEntries(Object.entries(t.nanTokens).map(([k, v]) => [k, v.filter((r) => r < n)])),
    batchSizes: [n],
  };
}

/** Apply `f(value, step)` to the columns `pick` chooses, from `fraction` of the step span on. */
export function change(
  t: CollectedTable,
  summary: RunSummary,
  pick: (m: MetricSummary) => boolean,
  f: (value: number, step: number, name: string) => number,
  fraction = 0,
): { table: CollectedTable; changed: string[] } {
  const out = copy(t);
  const from = stepAt(t, fraction);
  const changed = summary.metrics.filter((m) => gated(m) && pick(m)).map((m) => m.name);
  for (const name of changed) {
    const column = out.values[name]!;
    for (let i = 0; i < column.length; i++) if (t.steps[i]! >= from) column[i] = f(column[i]!, t.steps[i]!, name);
  }
  return { table: out, changed };
}

/**
 * A quality metric made worse by `by` of its size (sizeOf of its final-window level: that level, or for one
 * of both signs the width of its middle half), in its own direction: an accuracy falls, an error rate rises.
 */
export function worseQuality(t: CollectedTable, summary: RunSummary, by: number, fraction = 0.5) {
  const sizes = new Map<string, number>();
  for (const m of summary.metrics.filter((m) => gated(m) && m.class.kind === 'quality')) {
    // Its level where it is judged: the median of its final window (an accuracy climbs through the run).
    const level = m.loss?.finalWindow.median ?? 0;
    sizes.set(m.name, (m.class.direction === 'higher' ? -1 : 1) * by * sizeOf(t.values[m.name]!, level));
  }
  return change(
    t,
    summary,
    (m) => m.class.kind === 'quality',
    (x, _step, name) => x + sizes.get(name)!,
    fraction,
  );
}

/** A rise of `by` of the loss's own size (x + by·|x|): worse for a positive and a negative loss alike. */
export const rise = (by: number) => (x: number) => x + by * Math.abs(x);

/**
 * A loss's size, which an injected divergence is twice of: its level where it is logged from, or, for a
 * loss of both signs about zero (a policy-gradient surrogate), the width of its middle half: a rise
 * scaled by a level of about zero would be no rise at all.
 */
export function sizeOf(values: ArrayLike<number>, level: number): number {
  const finite = Array.from(values)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (finite.length < 4 || finite[0]! >= 0) return Math.abs(level);
  const middle = finite[Math.floor((3 * finite.length) / 4)]! - finite[Math.floor(finite.length / 4)]!;
  return Math.max(Math.abs(level), middle);
}

/**
 * From `fraction` of the span each loss climbs linearly until, at the last step, it stands 2·S above L,
 * its level there, S its size (sizeOf: |L|, so 3× L for a positive loss). L and the level at the end, E,
 * are medians of the points within a twentieth of the span around those steps; the rise added by the end
 * is 2·S + max(0, L − E), so a loss still falling steeply is lifted to 3× L too, not to 2× L plus what it
 * fell.
 */
export function divergence(t: CollectedTable, summary: RunSummary, fraction = 0.7) {
  const from = stepAt(t, fraction);
  const last = t.steps[t.steps.length - 1]!;
  const span = last - t.steps[0]!;
  const levelAt = (name: string, at: number) => {
    const column = t.values[name]!;
    const near = (d: number) =>
      column.filter((v, i) => Number.isFinite(v) && Math.abs(t.steps[i]! - at) <= d).sort((a, b) => a - b);
    let points = near(span / 20);
    for (let d = span / 10; points.length === 0 && d <= 2 * span; d *= 2) points = near(d);
    return points.length ? points[points.length >> 1]! : 0;
  };
  const rises = new Map<string, number>();
  const riseOf = (name: string) => {
    if (!rises.has(name)) {
      const level = levelAt(name, from);
      rises.set(name, 2 * sizeOf(t.values[name]!, level) + Math.max(0, level - levelAt(name, last)));
    }
    return rises.get(name)!;
  };
  return change(
    t,
    summary,
    (m) => m.class.kind === 'loss',
    (x, step, name) => x + riseOf(name) * ((step - from) / (last - from || 1)),
    fraction,
  );
}

/** One explicit NaN for `loss`, at its finite point nearest `fraction` of the span. */
export function nanAt(t: CollectedTable, loss: string, fraction = 0.7): CollectedTable {
  const out = copy(t);
  const target = stepAt(t, fraction);
  const column = out.values[loss]!;
  let best = -1;
  for (let i = 0; i < column.length; i++) {
    if (!Number.isFinite(column[i]!)) continue;
    if (best < 0 || Math.abs(t.steps[i]! - target) < Math.abs(t.steps[best]! - target)) best = i;
  }
  column[best] = Number.NaN;
  out.nanTokens[loss] = [...(out.nanTokens[loss] ?? []), best].sort((a, b) => a - b);
  return out;
}

/** Centred running median of `w` (odd) points, shorter at the ends: the smooth trend noise is drawn around. */
function trend(x: number[], w: number): number[] {
  const h = (w - 1) >> 1;
  return x.map((_, i) => {
    const part = x.slice(Math.max(0, i - h), Math.min(x.length, i + h + 1)).sort((a, b) => a - b);
    return part[part.length >> 1]!;
  });
}

/**
 * The run with the per-step noise of every gated metric drawn again: residuals around a smooth trend
 * (a centred running median; in log space for a positive series, whose noise scales with its level),
 * resampled in moving blocks of ⌈n^⅓⌉ points so that their autocorrelation survives, each block drawn
 * from near where it is put (within a tenth of the run) so that noisier and quieter stretches stay where
 * they were. The trend, the steps and the gaps are the run's own.
 */
export function redrawNoise(t: CollectedTable, summary: RunSummary, seed: number): CollectedTable {
  const out = copy(t);
  const u = mulberry32(seed);
  for (const m of summary.metrics.filter(gated)) {
    const column = out.values[m.name]!;
    const at = column.flatMap((v, i) => (Number.isFinite(v) ? [i] : []));
    const n = at.length;
    if (n < 4) continue;
    const positive = at.every((i) => column[i]! > 0);
    const x = at.map((i) => (positive ? Math.log(column[i]!) : column[i]!));
    const w = Math.max(3, Math.min(51, 2 * Math.floor(n / 20) + 1));
    const level = trend(x, w);
    const residual = x.map((v, i) => v - level[i]!);
    const block = Math.max(1, Math.ceil(n ** (1 / 3)));
    const reach = Math.max(block, Math.ceil(n / 10));
    const drawn: number[] = [];
    while (drawn.length < n) {
      const centre = drawn.length;
      const lo = Math.max(0, centre - reach);
      const hi = Math.min(n - block, centre + reach);
      const start = lo + Math.floor(u() * Math.max(1, hi - lo + 1));
      for (let k = 0; k < block && drawn.length < n; k++) drawn.push(residual[Math.min(n - 1, start + k)]!);
    }
    at.forEach((i, k) => {
      const v = level[k]! + drawn[k]!;
      column[i] = positive ? Math.exp(v) : v;
    });
  }
  return out;
}

/** The table as CSV text: a step column, then the columns in `order`, cells as JavaScript prints them. */
export function toCsv(
  t: CollectedTable,
  options: { order?: string[]; eol?: string; extra?: { name: string; value: (i: number) => string } } = {},
): string {
  const order = options.order ?? Object.keys(t.values);
  const eol = options.eol ?? '\n';
  const tokens = Object.fromEntries(Object.entries(t.nanTokens).map(([k, v]) => [k, new Set(v)]));
  const header = ['step', ...order, ...(options.extra ? [options.extra.name] : [])].join(',');
  const lines = t.steps.map((step, i) =>
    [
      String(step),
      ...order.map((name) => {
        const v = t.values[name]![i]!;
        if (Number.isNaN(v)) return tokens[name]?.has(i) ? 'nan' : '';
        return String(v);
      }),
      ...(options.extra ? [options.extra.value(i)] : []),
    ].join(','),
  );
  return [header, ...lines].join(eol) + eol;
}
