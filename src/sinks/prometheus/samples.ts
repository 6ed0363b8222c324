/**
 * Run-level results as Prometheus gauge families, one push group per experiment. Pure: the
 * Pushgateway sink turns the groups into a prom-client Registry and pushes them.
 *
 * Per metric (names from naming/prometheus.ts, values in base units):
 *   loss, timer, window  `<name>{quantile="0.1"|"0.5"|"0.9"}`  steady-state p10, median, p90
 *   loss                 `<name>_final`                           median over the final window (last 25 % of its steps)
 *   gauge                `<name>`                                 last value
 * Per run: `<prefix>_run_steps` (last step, as the StatsD route's `run.steps`), `_run_duration_seconds`, `_run_truncated`;
 * with a gate: `<prefix>_gate_regression`, `_run_complete`, `_gate_verdict{metric,verdict}` (a state set:
 * 1 for the verdict reached, 0 for the others) and `_gate_change_ratio{metric}`.
 */
import type { GateResult, MetricSummary, RunSummary, Verdict } from '../../model.js';
import { looksLikeUniqueId, metricKey, metricNameTooLong, runTagSet, tagValue } from '../../naming.js';
import { prometheusLabelName, prometheusMetricName, runFamilyNames, snakeName } from '../../naming/prometheus.js';
import type { GitHubContext } from '../../options.js';
import { plainRecord } from '../../own-keys.js';

export interface PrometheusSample {
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusFamily {
  name: string;
  help: string;
  /** Every label any sample of the family carries (a sample without one gets ''). */
  labelNames: string[];
  samples: PrometheusSample[];
}

/** One Pushgateway group: `PUT /metrics/job/<job>/experiment/<experiment>` replaces all of it. */
export interface PushGroup {
  job: string;
  /** Grouping labels beside the job, values as stored (encoding for the URL is the sink's business). */
  grouping: Record<string, string>;
  families: PrometheusFamily[];
}

/** A gauge computed beside the run's metrics (GPU telemetry, cost): name as for StatsD, unit as the classifier names units. */
export interface ExtraGauge {
  name: string;
  value: number;
  unit: string;
  /** Extra labels, e.g. `gpu: '0'` for a per-device gauge. */
  tags: Record<string, string>;
}

export interface PrometheusSamplesOptions {
  /** Metric name prefix, as for StatsD (`training_metrics`). */
  prefix: string;
  /** Pushgateway job label; default the prefix. */
  job?: string;
  /** User tags (the `tags` input), bounded like the StatsD route's. */
  tags: Record<string, string>;
  allowIdTags: boolean;
  github: GitHubContext;
  /** Gauges to push with a run (the GPU report's and the run's cost gauges), given the run and its position. */
  extraGauges?: (summary: RunSummary, index: number) => ExtraGauge[];
}

export interface PrometheusSamples {
  groups: PushGroup[];
  /** Labels dropped or renamed, phrased for a warning. */
  warnings: string[];
  /** Tags left out as unique ids, with why (the stage warns once for all sinks). */
  refused: string[];
}

/** Every verdict the gate can reach, in a fixed order: the state set always has all of them. */
export const VERDICTS: readonly Verdict[] = ['pass', 'regression', 'improvement', 'insufficient-history', 'missing'];

/** Labels the sink sets itself or Prometheus/Pushgateway own; a user tag with such a key is dropped. */
const RESERVED_LABELS = new Set(['job', 'instance', 'experiment', 'run', 'quantile', 'metric', 'verdict', 'le']);

const QUANTILES: [string, (s: NonNullable<MetricSummary['steady']>) => number][] = [
  ['0.1', (s) => s.p10],
  ['0.5', (s) => s.median],
  ['0.9', (s) => s.p90],
];

/** A family builder that keeps the first family of a name and records samples in push order. */
class Families {
  private readonly byName = new Map<string, PrometheusFamily & { owner: string }>();

  /** False when `name` already belongs to another column (the caller warns). */
  claim(name: string, help: string, owner: string): boolean {
    const existing = this.byName.get(name);
    if (existing) return existing.owner === owner;
    this.byName.set(name, { name, help, labelNames: [], samples: [], owner });
    return true;
  }

  add(name: string, labels: Record<string, string>, value: number): void {
    const family = this.byName.get(name)!;
    for (const key of Object.keys(labels)) if (!family.labelNames.includes(key)) family.labelNames.push(key);
    family.samples.push({ labels, value });
  }

  list(): PrometheusFamily[] {
    return [...this.byName.values()].map(({ owner: _owner, ...family }) => family);
  }
}

/** The labels every sample of a run carries (grouping labels excluded), the tags refused, and warnings for labels dropped. */
export function runLabels(
  summary: RunSummary,
  runIndex: number,
  options: PrometheusSamplesOptions,
): { labels: Record<string, string>; refused: string[]; warnings: string[] } {
  const { tags, refused } = runTagSet(summary, options.tags, options.github, options.allowIdTags);
  const warnings: string[] = [];
  const labels = plainRecord<string>();
  for (const [key, value] of Object.entries(tags)) {
    if (key === 'experiment') continue; // a grouping label, set on every sample by the Pushgateway
    const name = prometheusLabelName(key);
    if (!name || RESERVED_LABELS.has(name)) {
      warnings.push(
        `pushgateway: run ${summary.name}: tag ${key}:${value} dropped (the label ${name || key} is reserved or invalid)`,
      );
      continue;
    }
    labels[name] = value;
  }
  // A run name that is a unique id would make one series per CI run: number the run instead.
  const runName = tagValue(summary.name);
  if (!options.allowIdTags && looksLikeUniqueId(runName)) {
    labels.run = `run-${runIndex + 1}`;
    warnings.push(
      `pushgateway: run ${summary.name} looks like a unique id (one series per run); labelled run="${labels.run}" (pass allow-id-tags to keep it)`,
    );
  } else {
    labels.run = runName || `run-${runIndex + 1}`;
  }
  return { labels, refused, warnings };
}

function metricSamples(
  families: Families,
  metric: MetricSummary,
  labels: Record<string, string>,
  options: PrometheusSamplesOptions,
  warnings: string[],
): void {
  if (metric.class.kind === 'ignore' || metric.count === 0) return;
  const { name, factor, unit } = prometheusMetricName(options.prefix, metric.name, metric.class.unit);
  if (tooLong(name, warnings)) return;
  const unitText = unit ? ` in ${unit.replace(/_/g, ' ')}` : '';
  const owner = metricKey(metric.name);
  if (metric.class.kind === 'gauge') {
    if (!claim(families, name, `Last value of "${metric.name}"${unitText}.`, owner, warnings)) return;
    families.add(name, labels, metric.last * factor);
    return;
  }
  if (
    metric.steady &&
    claim(families, name, `Steady-state p10, median and p90 of "${metric.name}"${unitText}.`, owner, warnings)
  ) {
    for (const [quantile, pick] of QUANTILES) families.add(name, { ...labels, quantile }, pick(metric.steady) * factor);
  }
  if (metric.loss) {
    const finalName = `${name}_final`;
    if (
      claim(
        families,
        finalName,
        `Median of "${metric.name}" over its final window (the last 25 % of its logged steps).`,
        owner,
        warnings,
      )
    ) {
      families.add(finalName, labels, metric.loss.finalWindow.median * factor);
    }
  }
}

function extraSample(
  families: Families,
  gauge: ExtraGauge,
  labels: Record<string, string>,
  options: PrometheusSamplesOptions,
  warnings: string[],
): void {
  const { name, factor, unit } = prometheusMetricName(options.prefix, gauge.name, gauge.unit);
  if (tooLong(name, warnings)) return;
  if (
    !claim(
      families,
      name,
      `${gauge.name}${unit ? ` in ${unit.replace(/_/g, ' ')}` : ''}.`,
      metricKey(gauge.name),
      warnings,
    )
  )
    return;
  const extra = plainRecord<string>();
  for (const [key, value] of Object.entries(gauge.tags)) {
    const label = prometheusLabelName(key);
    if (label && !RESERVED_LABELS.has(label)) extra[label] = tagValue(String(value));
  }
  families.add(name, { ...labels, ...extra }, gauge.value * factor);
}

/** A name beyond NAME_LIMITS is not pushed; warned about once per batch. */
function tooLong(name: string, warnings: string[]): boolean {
  const why = metricNameTooLong(name);
  if (why === null) return false;
  const text = `pushgateway: ${why}`;
  if (!warnings.includes(text)) warnings.push(text);
  return true;
}

function claim(families: Families, name: string, help: string, owner: string, warnings: string[]): boolean {
  if (families.claim(name, help, owner)) return true;
  warnings.push(`pushgateway: column "${owner}" maps to ${name}, which another column already uses; not pushed`);
  return false;
}

function gateSamples(
  families: Families,
  result: GateResult,
  labels: Record<string, string>,
  names: ReturnType<typeof runFamilyNames>,
): void {
  families.add(names.regression, labels, result.regression ? 1 : 0);
  families.add(names.complete, labels, result.run.complete ? 1 : 0);
  for (const mv of result.metrics) {
    const metric = metricKey(mv.name);
    for (const verdict of VERDICTS)
      families.add(names.verdict, { ...labels, metric, verdict }, mv.verdict === verdict ? 1 : 0);
    if (mv.change !== null) families.add(names.change, { ...labels, metric }, mv.change);
  }
}

/**
 * Map run summaries (and gate results when the gate ran) to Pushgateway groups: one group per
 * experiment, holding every run of that experiment in this batch (a PUT replaces the group, so the
 * Pushgateway always shows the latest batch's outcome and the series count stays bounded).
 */
export function toPrometheusSamples(
  summaries: RunSummary[],
  gate: GateResult[] | null,
  options: PrometheusSamplesOptions,
): PrometheusSamples {
  const warnings: string[] = [];
  const refused = new Set<string>();
  const job = snakeName(options.job ?? options.prefix) || 'training_metrics';
  const names = runFamilyNames(options.prefix);
  const byExperiment = new Map<string, RunSummary[]>();
  for (const s of summaries) {
    const experiment = tagValue(s.experiment);
    byExperiment.set(experiment, [...(byExperiment.get(experiment) ?? []), s]);
  }
  const groups: PushGroup[] = [];
  for (const [experiment, runs] of byExperiment) {
    const families = new Families();
    // Run-level families first, so a column that happens to map onto one of them is the one refused.
    families.claim(names.steps, 'Last step the run reached.', '');
    families.claim(names.duration, 'Wall-clock duration of the run in seconds.', '');
    families.claim(names.truncated, '1 when the metrics file ended inside a row (still being written).', '');
    if (gate) {
      families.claim(names.regression, '1 when the gate found a regression in the run.', '');
      families.claim(names.complete, '1 when the run reached its expected number of steps.', '');
      families.claim(names.verdict, 'Gate verdict per metric: 1 for the verdict reached, 0 for the others.', '');
      families.claim(
        names.change,
        'Relative change of the metric against its baseline centre (-0.05 = 5 % lower).',
        '',
      );
    }
    const seenRuns = new Set<string>();
    runs.forEach((summary, index) => {
      const { labels, refused: runRefused, warnings: tagWarnings } = runLabels(summary, index, options);
      for (const r of runRefused) refused.add(r);
      warnings.push(...tagWarnings);
      if (seenRuns.has(labels.run!)) {
        warnings.push(
          `pushgateway: experiment ${experiment} has two runs labelled run="${labels.run}"; the second is labelled run="${labels.run}-${index + 1}"`,
        );
        labels.run = `${labels.run}-${index + 1}`;
      }
      seenRuns.add(labels.run!);
      families.add(names.steps, labels, summary.steps.last);
      if (summary.durationSeconds !== undefined) families.add(names.duration, labels, summary.durationSeconds);
      families.add(names.truncated, labels, summary.truncated ? 1 : 0);
      for (const metric of summary.metrics) metricSamples(families, metric, labels, options, warnings);
      for (const g of options.extraGauges?.(summary, summaries.indexOf(summary)) ?? [])
        extraSample(families, g, labels, options, warnings);
      const result = gate?.find((g) => g.experiment === summary.experiment && g.name === summary.name);
      if (result) gateSamples(families, result, labels, names);
    });
    groups.push({ job, grouping: { experiment }, families: families.list().filter((f) => f.samples.length > 0) });
  }
  return { groups, warnings, refused: [...refused] };
}
