/**
 * summarize: one pass over a run's batches → a RunSummary of plain numbers (per metric steady state,
 * bounded step windows, sampled loss, NaN/inf and divergence). Memory is bounded by the number of
 * metrics, not by the number of steps.
 */
import { classify, statesTimeUnit, type ClassRule } from '../classify/index.js';
import { InputError, type MetricClass, type MetricSummary, type RunInput, type RunSummary } from '../model.js';
import { metricKey } from '../naming.js';
import { MetricAccumulator } from './metric-accumulator.js';
import { RowSpan } from './row-span.js';
import type { SummarySettings } from './settings.js';

export async function summarizeRun(
  input: RunInput,
  config: { rules: ClassRule[]; summary: SummarySettings },
): Promise<RunSummary> {
  const { table } = input;
  const classes = table.columns.map((name) => classify(name, config));
  checkMetricKeys(table.columns, table.source, classes, table.warnings);
  const accumulators = table.columns.map((name, c) =>
    classes[c]!.kind === 'ignore' ? null : new MetricAccumulator(name, classes[c]!, config.summary),
  );
  const rows = new RowSpan();

  for await (const batch of table.batches) {
    if (batch.steps.length === 0) continue;
    rows.add(batch);
    for (let c = 0; c < accumulators.length; c++) {
      const acc = accumulators[c];
      if (!acc) continue;
      acc.addColumn(batch.steps, batch.values[c]!);
      // A step logged with a NaN loss is a broken loss, alone on its row or not, last row or not: a format's
      // own padding (golden values) is taken off by its reader, which says so.
      const tokens = acc.cls.kind === 'loss' ? batch.nanTokens?.[c] : undefined;
      if (tokens) for (const i of tokens) acc.addNaN(batch.steps[i]!);
    }
  }

  const live = accumulators.filter((a): a is MetricAccumulator => a !== null);
  const warnings = [...table.warnings, ...unmatchedGatedRules(config.rules, table.columns)];
  const padding = rows.paddingWarning();
  if (padding) warnings.push(padding);
  const metrics = live.map((a) => a.finish(rows.last));
  warnings.push(...live.flatMap((a) => a.notes));
  warnings.push(...metrics.flatMap((m) => implausibleSeconds(m, config.rules)));
  const short = metrics.filter((m) => m.steady?.warmupIncluded).map((m) => m.name);
  if (short.length)
    warnings.push(
      `${short.join(', ')}: fewer steps than warmup_steps (${config.summary.warmupSteps}) after ${short.length === 1 ? 'its' : 'their'} first value; steady state taken over every value, warm-up included`,
    );
  return {
    name: input.name,
    experiment: input.experiment,
    source: table.source,
    tags: input.tags,
    fingerprint: input.fingerprint,
    steps: {
      count: rows.count,
      first: rows.first,
      last: rows.last,
      ...(table.expectedSteps === undefined ? {} : { expected: table.expectedSteps }),
    },
    truncated: table.truncated.value,
    ...(input.durationSeconds === undefined ? {} : { durationSeconds: input.durationSeconds }),
    ...(input.timeRange === undefined ? {} : { timeRange: input.timeRange }),
    warnings,
    metrics,
    ...(input.ranks ? { ranks: input.ranks() } : {}),
  };
}

/** A timer's steady level above which seconds are implausible for one training step (more than 100 s). */
const MAX_PLAUSIBLE_SECONDS = 100;

/**
 * A timer whose name and header state no unit is read as seconds; a steady level of 1,020 is then a
 * step of 17 minutes, which a millisecond timer written without its unit (`step_time`) also looks like.
 * Said, with the likely unit and the config line that sets it; the class is left as the name gave it.
 */
function implausibleSeconds(m: MetricSummary, rules: readonly ClassRule[]): string[] {
  const level = m.steady?.median;
  if (m.class.kind !== 'timer' || m.class.unit !== 'seconds' || level === undefined || !(level > MAX_PLAUSIBLE_SECONDS))
    return [];
  if (statesTimeUnit(m.name) || rules.some((r) => r.override.unit !== undefined && r.matches(m.name))) return [];
  const likely = level >= 1e5 ? 'microseconds' : 'milliseconds';
  const minutes = level / 60;
  return [
    `${JSON.stringify(m.name)} is a timer with no unit in its name, read as seconds, but its steady level is ${formatLevel(level)} (${minutes >= 60 ? `${formatLevel(minutes / 60)} h` : `${formatLevel(minutes)} min`} a step): probably ${likely}; if so, say it in the config (metrics: {${JSON.stringify(m.name)}: {unit: ${likely}}}), and name it with its unit where it is logged`,
  ];
}

function formatLevel(x: number): string {
  return x >= 100 ? String(Math.round(x)) : x.toPrecision(3);
}

/**
 * A metric the config gates that no column of this run matches: a renamed column must not quietly stop
 * being judged.
 */
function unmatchedGatedRules(rules: readonly ClassRule[], columns: readonly string[]): string[] {
  const gates = (r: ClassRule) =>
    r.override.gate === true ||
    (r.override.gate !== false && r.override.kind !== undefined && !['gauge', 'ignore'].includes(r.override.kind));
  return rules
    .filter((r) => gates(r) && !columns.some((c) => r.matches(c)))
    .map(
      (r) =>
        `config: metrics ${JSON.stringify(r.pattern)} gates a metric, but no column of this run matches it (renamed or no longer logged?): nothing is judged by it`,
    );
}

/**
 * Every sink names a metric by its key, so two headers with one key (`lm loss`, `lm_loss`) would
 * overwrite each other downstream: refuse them. A header with no key at all (`%`) is left out.
 */
function checkMetricKeys(columns: string[], source: string, classes: MetricClass[], warnings: string[]): void {
  const seen = new Map<string, string>();
  const line = /\.json$/i.test(source) ? null : 1;
  columns.forEach((name, c) => {
    const key = metricKey(name);
    if (!key) {
      classes[c] = { ...classes[c]!, kind: 'ignore', gate: false };
      warnings.push(`column "${name}" has no letters or digits to name a metric by; left out`);
      return;
    }
    const other = seen.get(key);
    if (other !== undefined)
      throw new InputError(
        source,
        line,
        `columns "${other}" and "${name}" would both be sent as the metric "${key}"; rename one`,
      );
    seen.set(key, name);
  });
}
