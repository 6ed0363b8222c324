/**
 * summarize: one pass over a run's batches → a RunSummary of plain numbers (per metric steady state,
 * bounded step windows, sampled loss, NaN/inf and divergence). Memory is bounded by the number of
 * metrics, not by the number of steps.
 */
import { classify, type ClassRule } from '../classify/index.js';
import { InputError, type MetricClass, type RunInput, type RunSummary } from '../model.js';
import { metricKey } from '../naming.js';
import { MetricAccumulator } from './metric-accumulator.js';
import { withRisingReturns } from './rising-returns.js';
import { RowSpan } from './row-span.js';
import { implausibleSeconds, stepSecondsByTokens } from './timer-unit.js';
import { unmatchedGatedRules } from './unmatched-rules.js';
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
  const returns = withRisingReturns(live.map((a) => a.finish(rows.last)));
  const metrics = returns.metrics;
  warnings.push(...live.flatMap((a) => a.notes), ...returns.notes);
  const bySeconds = stepSecondsByTokens(metrics);
  warnings.push(...metrics.flatMap((m) => implausibleSeconds(m, config.rules, bySeconds)));
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
    ...(table.crash?.at ? { crash: table.crash.at } : {}),
    ...(input.durationSeconds === undefined ? {} : { durationSeconds: input.durationSeconds }),
    ...(input.timeRange === undefined ? {} : { timeRange: input.timeRange }),
    warnings,
    metrics,
    ...(input.ranks ? { ranks: input.ranks() } : {}),
  };
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
