/**
 * statsd_exporter regex mappings that name a column by its StatsD name alone, for a mapping made without
 * the run's files: the default classification (classify/defaults.ts) read off the name, so a window or
 * timer becomes the histogram, in base units, that a dashboard made from the files queries.
 *
 * The exporter's regexes (Go RE2) cannot look ahead, so each class is a few mappings in the defaults' rule
 * order: the name's own unit word at its end (dropped from the name, as naming/prometheus.ts drops it),
 * then the class's word anywhere. What a name cannot say is left to `--csv`: a `[MiB]` header suffix
 * (not part of the StatsD name), a class changed by the values (percent MFU, a counter) or by a config.
 * A test checks the names these give against prometheusMetricName over real files' headers.
 */
import { snakeName, UNIT_WORDS } from '../naming/prometheus.js';
import { LEVEL_QUANTILES, LEVEL_STATS } from '../sinks/statsd/metrics.js';

export interface PatternMapping {
  /** RE2 source matched against the whole StatsD name, `${1}` the name's body. */
  match: string;
  metricType: 'gauge' | 'observer';
  /** Base unit of the Prometheus name (its suffix and histogram buckets), '' for none. */
  unit: string;
  /** The name: `<prefix>_${1}<suffix>`, or a fixed one. */
  name: (pre: string) => string;
}

/** The name's trailing unit word, optional, outside the captured body. */
const UNIT_END = `(?:[._]${UNIT_WORDS})?`;
const SUFFIX: Record<string, string> = {
  ratio: '_ratio',
  flops_per_second: '_flops_per_second',
  per_second: '_per_second',
  bytes: '_bytes',
  seconds: '_seconds',
};

const body = (unit: string) => (pre: string) => `${pre ? `${pre}_` : ''}\${1}${SUFFIX[unit] ?? ''}`;

/** The start of every match: the prefix and its dot, or nothing for an empty prefix. */
function head(prefix: string): string {
  return prefix ? `^${escapeRegex(prefix)}\\.` : '^';
}

/** `text` matched literally in a regex. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Observer (`|h`, `|d`, `|ms`) classes in the defaults' order: MFU, TFLOP/s, throughput, memory, timers. */
function observerPatterns(h: string): PatternMapping[] {
  const o = (match: string, unit: string, name = body(unit)): PatternMapping => ({
    match: `${h}${match}$`,
    metricType: 'observer',
    unit,
    name,
  });
  const memory = '(?:.*[._])?(?:mem|memory|vram|hbm).*?';
  return [
    o(`((?:.*[._])?(?:mfu|hfu)(?:[._].*?)??|.*model_flops_util.*?|.*hfu.*?)${UNIT_END}`, 'ratio'),
    // The plain flavor names FLOP/s in base units (`flops_per_second`, `throughput_flops_per_second`).
    o('flops_per_second', 'flops_per_second', (pre) => `${pre ? `${pre}_` : ''}flops_per_second`),
    o('(.+?)[._]flops_per_second', 'flops_per_second'),
    o('tflops', 'flops_per_second', (pre) => `${pre ? `${pre}_` : ''}flops_per_second`),
    o('(.+?)[._]tflops', 'flops_per_second'),
    o(`(.*(?:tflops|flops_per_s).*?)${UNIT_END}`, 'flops_per_second'),
    o('(.*?(?:tokens|samples|sequences|steps))_per_(?:s|sec|second)', 'per_second'),
    o('(.*?(?:tok|tokens|it))_s', 'per_second'),
    o('(.*(?:throughput|tps).*?)(?:_(?:per_s|per_sec|per_second|s|ps))?', 'per_second'),
    o(`(${memory})[._](?:bytes|kib|mib|gib|mb|gb)`, 'bytes'),
    o(`(${memory})[._](?:percent|pct|ratio)`, 'ratio'),
    o(`(${memory})[._](?:ms|milliseconds)`, 'seconds'),
    o(`(${memory})`, ''),
    o('(.+?)_(?:ms|sec|seconds)', 'seconds'),
    o(
      `(.*(?:step_time|iteration_time|iter_time|time_per_(?:step|iteration|iter)|batch_time|[._](?:time|duration|latency)(?:[._].*?)??|_time)|(?:time|duration|latency)(?:[._].*?)??)${UNIT_END}`,
      'seconds',
    ),
  ];
}

/** Gauge (`|g`) names whose words give a unit, as classify/defaults.ts reads units off a name. */
function gaugePatterns(h: string): PatternMapping[] {
  const g = (match: string, unit: string): PatternMapping => ({
    match: `${h}${match}$`,
    metricType: 'gauge',
    unit,
    name: body(unit),
  });
  return [
    g('(.+?)(?:_ms|[._]milliseconds)', 'seconds'),
    g('(.+?)[._]bytes', 'bytes'),
    g('(.+?)_(?:mib|mb|gib|gb)', 'bytes'),
    g('(.+?)_(?:pct|percent)', 'ratio'),
    g(`(.*(?:runtime|wall_time|total_time|time_elapsed).*?|.*elapsed_time)${UNIT_END}`, 'seconds'),
  ];
}

export interface LevelPattern {
  match: string;
  name: (pre: string) => string;
  labels: Record<string, string>;
}

/** A level gauge's StatsD suffix as a regex (`steady\\.median`) and the labels its Prometheus name gets. */
const LEVEL_SUFFIXES = LEVEL_QUANTILES.map(
  ([stat, quantile]) => [escapeRegex(LEVEL_STATS[stat]), { quantile }] as const,
);
const FINAL_SUFFIX = escapeRegex(LEVEL_STATS.final);

/**
 * The level gauges of columns not listed (`<key>.steady.median`, …; a loss's `<key>.final`): named as the
 * column's observer pattern names it, plus `_steady` or `_final`, else the cleaned name plus the same.
 */
export function levelPatterns(prefix: string): LevelPattern[] {
  const h = head(prefix);
  const out: LevelPattern[] = [];
  const bodies = [
    ...observerPatterns(h).map((p) => ({ match: p.match.replace(/\$$/, ''), name: p.name })),
    { match: `${h}(.+?)`, name: body('') },
  ];
  for (const b of bodies) {
    for (const [suffix, labels] of LEVEL_SUFFIXES)
      out.push({ match: `${b.match}\\.${suffix}$`, name: (pre) => `${b.name(pre)}_steady`, labels });
  }
  out.push({ match: `${h}(.+?)\\.${FINAL_SUFFIX}$`, name: (pre) => `${body('')(pre)}_final`, labels: {} });
  return out;
}

/** Every pattern mapping for StatsD prefix `prefix`, observers first. */
export function patternMappings(prefix: string): PatternMapping[] {
  return [...observerPatterns(head(prefix)), ...gaugePatterns(head(prefix))];
}

/** The catch-all after every other mapping: the name cleaned (the exporter turns `.` into `_`), nothing else. */
export function catchAllMatch(prefix: string): { match: string; name: string } {
  return { match: `${head(prefix)}(.+)$`, name: body('')(snakeName(prefix)) };
}
