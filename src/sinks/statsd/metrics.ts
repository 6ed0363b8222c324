/**
 * What a run becomes in StatsD, as plain data (pure; the sink sends it, --dry-run prints it):
 *
 *   loss    <prefix>.<key>:<value>|g                     tags + step:<N>   one per sampled step, and the last
 *   timer   <prefix>.<key>:<ms>|ms|@<rate>               tags              window quantiles after warm-up
 *   window  <prefix>.<key>:<value>|h|@<rate>  (|d)       tags + steps:A-B  window quantiles
 *   gauge   <prefix>.<key>:<value>|g                     tags              last value
 *   run     <prefix>.run.steps, <prefix>.run.truncated, <prefix>.gate.regression (when gated)
 *
 * Windows and timers send the window's quantiles (WINDOW_QUANTILES) with a sample rate of
 * quantiles/values, so a server's count stays the true number of steps while the volume stays bounded;
 * a window of five values or fewer sends its values, as logged, at rate 1. The last window ends at the
 * run's last step and is never a lone step or two (summarize joins a short one to the one before it).
 */
import { WINDOW_QUANTILES, type GateResult, type RunSummary, type StepWindow } from '../../model.js';
import { RUN_GAUGES, statsdName } from '../../naming.js';

export type StatsdType = 'g' | 'ms' | 'h' | 'd';

export interface StatsdMetric {
  name: string;
  value: number;
  type: StatsdType;
  /** Below 1 when the value stands for 1/sampleRate values. */
  sampleRate: number;
  tags: Record<string, string>;
}

export interface StatsdShape {
  prefix: string;
  /** datadog: windows are distributions (|d), kept as global percentiles by the Agent. */
  flavor: 'plain' | 'datadog';
  /** Tags for every line of this run: the schema keys, run tags, user tags. */
  tags: Record<string, string>;
}

export function toStatsdMetrics(run: RunSummary, gate: GateResult | null, shape: StatsdShape): StatsdMetric[] {
  const out: StatsdMetric[] = [];
  for (const m of run.metrics) {
    const name = statsdName(shape.prefix, m.name);
    switch (m.class.kind) {
      case 'loss':
        for (const [step, value] of m.loss?.samples ?? [])
          out.push(gauge(name, value, { ...shape.tags, step: String(step) }));
        break;
      case 'timer': {
        const scale = m.class.unit === 'milliseconds' ? 1 : 1000;
        for (const w of m.windows) {
          for (const [value, rate] of windowValues(w))
            out.push({ name, value: value * scale, type: 'ms', sampleRate: rate, tags: shape.tags });
        }
        break;
      }
      case 'window':
        for (const w of m.windows) {
          const tags = { ...shape.tags, steps: `${w.from}-${w.to}` };
          for (const [value, rate] of windowValues(w))
            out.push({ name, value, type: shape.flavor === 'datadog' ? 'd' : 'h', sampleRate: rate, tags });
        }
        break;
      case 'gauge':
        if (m.count > 0) out.push(gauge(name, m.last, shape.tags));
        break;
      case 'ignore':
        break;
    }
  }
  out.push(gauge(statsdName(shape.prefix, RUN_GAUGES.steps), run.steps.last, shape.tags));
  out.push(gauge(statsdName(shape.prefix, RUN_GAUGES.truncated), run.truncated ? 1 : 0, shape.tags));
  if (gate) out.push(gauge(statsdName(shape.prefix, RUN_GAUGES.regression), gate.regression ? 1 : 0, shape.tags));
  return out;
}

function gauge(name: string, value: number, tags: Record<string, string>): StatsdMetric {
  return { name, value, type: 'g', sampleRate: 1, tags };
}

/**
 * [value, sampleRate] pairs standing for a window's values. A window with no more values than quantile
 * levels sends its values themselves at rate 1 (each within the sketch's accuracy), or, in a summary
 * made without them, that many of its quantiles.
 */
function windowValues(w: StepWindow): [number, number][] {
  if (w.count <= 0) return [];
  if (w.values) return w.values.map((v) => [v, 1]);
  if (w.count <= WINDOW_QUANTILES.length) {
    const idx = Array.from({ length: w.count }, (_, i) =>
      Math.round((i * (WINDOW_QUANTILES.length - 1)) / Math.max(1, w.count - 1)),
    );
    return idx.map((i) => [w.quantiles[i]!, 1]);
  }
  const rate = Number((WINDOW_QUANTILES.length / w.count).toPrecision(6));
  return w.quantiles.map((q) => [q, rate]);
}

/** The wire text of one metric before tags, as StatsD servers read it. */
export function formatValue(m: StatsdMetric): string {
  const rate = m.sampleRate < 1 ? `|@${m.sampleRate}` : '';
  return `${m.name}:${formatNumber(m.value)}|${m.type}${rate}`;
}

/** Plain decimal where it is short, exponent otherwise; never a leading `+`. */
export function formatNumber(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(10)));
}

/** Distinct series (name + tag set) the metrics make: what a StatsD server or Datadog counts as contexts. */
export function countSeries(metrics: StatsdMetric[]): number {
  const seen = new Set<string>();
  // Metrics of one window or run share one tags object: serialise each object once.
  const tagText = new Map<Record<string, string>, string>();
  for (const m of metrics) {
    let text = tagText.get(m.tags);
    if (text === undefined) {
      text = Object.entries(m.tags)
        .sort()
        .map(([k, v]) => `${k}:${v}`)
        .join(',');
      tagText.set(m.tags, text);
    }
    seen.add(`${m.name}|${m.type}|${text}`);
  }
  return seen.size;
}
