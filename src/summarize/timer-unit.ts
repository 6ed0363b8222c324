/**
 * A timer whose unit the file does not say is read as seconds. Where that reading is implausible for a
 * training step, the run's warnings say so, with the likely unit and the config line that sets it.
 */
import { statesTimeUnit, type ClassRule } from '../classify/index.js';
import type { MetricSummary } from '../model.js';
import { metricKey } from '../naming.js';

/** A timer's steady level above which seconds are implausible for one training step (more than 100 s). */
const MAX_PLAUSIBLE_SECONDS = 100;

/**
 * The seconds a step takes by the run's own token counts: tokens per step (a running count of tokens
 * over the steps it spans) over tokens per second; null without both, or where they say nothing.
 */
export function stepSecondsByTokens(metrics: readonly MetricSummary[]): number | null {
  const key = (m: MetricSummary) => metricKey(m.name);
  const rate = metrics.find(
    (m) => m.class.kind === 'window' && /(^|[._])(tokens_per_s(ec(ond)?)?|tok_s|tok_per_s|tps)$/.test(key(m)),
  )?.steady?.median;
  const count = metrics.find(
    (m) =>
      /(^|[._])(consumed|total|num)_tokens$|(^|[._])tokens_(seen|consumed|processed)$/.test(key(m)) &&
      m.firstStep !== undefined &&
      m.lastStep > m.firstStep,
  );
  if (!rate || !(rate > 0) || !count) return null;
  const perStep = (count.last - count.first) / (count.lastStep - count.firstStep!);
  return perStep > 0 ? perStep / rate : null;
}

/**
 * A timer whose name and header state no unit is read as seconds; a steady level of 1,020 is then a
 * step of 17 minutes, which a millisecond timer written without its unit (`step_time`) also looks like.
 * Where the run's token counts tell how long a step takes, they decide; else a level above 100 s is said,
 * with the likely unit and the config line that sets it. The class is left as the name gave it.
 */
export function implausibleSeconds(m: MetricSummary, rules: readonly ClassRule[], bySeconds: number | null): string[] {
  const level = m.steady?.median;
  if (m.class.kind !== 'timer' || m.class.unit !== 'seconds' || level === undefined || !(level > 0)) return [];
  if (statesTimeUnit(m.name) || rules.some((r) => r.override.unit !== undefined && r.matches(m.name))) return [];
  const near = (a: number, b: number) => a / b > 0.5 && a / b < 2;
  if (bySeconds !== null && near(level, bySeconds)) return [];
  const byTokens = bySeconds !== null && near(level / 1000, bySeconds);
  if (!byTokens && !(level > MAX_PLAUSIBLE_SECONDS)) return [];
  const likely = level >= 1e5 && !byTokens ? 'microseconds' : 'milliseconds';
  const minutes = level / 60;
  const why = byTokens ? `; its tokens per second say a step takes ${formatLevel(bySeconds!)} s` : '';
  return [
    `${JSON.stringify(m.name)} is a timer with no unit in its name, read as seconds, but its steady level is ${formatLevel(level)} (${minutes >= 60 ? `${formatLevel(minutes / 60)} h` : `${formatLevel(minutes)} min`} a step${why}): probably ${likely}; if so, say it in the config (metrics: {${JSON.stringify(m.name)}: {unit: ${likely}}}), and name it with its unit where it is logged`,
  ];
}

function formatLevel(x: number): string {
  return x >= 100 ? String(Math.round(x)) : x.toPrecision(3);
}
