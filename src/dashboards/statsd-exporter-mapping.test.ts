import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultClass } from '../classify/defaults.js';
import { headerUnit } from '../naming.js';
import { prometheusMetricName, statsdExporterUnit } from '../naming/prometheus.js';
import { sentStatsdName } from '../sinks/statsd/metrics.js';
import { CLASSES } from '../../test/helpers/run-summaries.js';
import { ExporterMapper, escapeMetricName } from '../../test/helpers/statsd-exporter-rules.js';
import {
  bucketsFor,
  exponentialBuckets,
  levelNames,
  MAPPING_HELP,
  MIN_STATSD_EXPORTER_VERSION,
  statsdExporterMapping,
  type MappingMetric,
  type StatsdMapping,
} from './statsd-exporter-mapping.js';

const metrics: MappingMetric[] = [
  { name: 'train.lm_loss', class: CLASSES.loss },
  { name: 'step_time_ms', class: CLASSES.timerMs },
  { name: 'MFU', class: CLASSES.mfuPercent },
  { name: 'memory.max_allocated [MiB]', class: CLASSES.memoryMiB },
  { name: 'Tflops', class: CLASSES.tflops },
  { name: 'learning_rate', class: CLASSES.gauge },
  { name: 'gpu.0.power', class: CLASSES.gauge },
  { name: 'timestamp', class: CLASSES.ignore },
];

function load(text: string): { defaults: Record<string, unknown>; mappings: StatsdMapping[] } {
  return parse(text) as { defaults: Record<string, unknown>; mappings: StatsdMapping[] };
}

/** Headers of the real per-step files and the demo's, as their trainers wrote them. */
function realHeaders(): string[] {
  const csv = (path: string) => readFileSync(path, 'utf8').split(/\r?\n/)[0]!.split(',');
  const hf = JSON.parse(readFileSync('fixtures/real/hf_trainer_state_whisper_5k_steps.json', 'utf8')) as {
    log_history: Record<string, unknown>[];
  };
  const megatron = (path: string) => Object.keys(JSON.parse(readFileSync(path, 'utf8')) as object);
  return [
    ...csv('fixtures/real/algoperf_measurements_global_step_accumulated_criteo1tb.csv'),
    ...csv('fixtures/real/lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv'),
    ...csv('fixtures/real/lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv'),
    ...csv('fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv'),
    ...csv('fixtures/real/keras_csvlogger_fer2013_emotion_training.log'),
    ...csv('fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv'),
    ...new Set(hf.log_history.flatMap((r) => Object.keys(r))),
    ...megatron('fixtures/real/megatron_golden_values_bert_345m_resume_list_layout_unequal_lengths.json'),
  ];
}

/** Column names common in training logs beside the real files' (one per default rule and unit spelling). */
const COMMON_NAMES = [
  'step_time_ms',
  'iteration_time',
  'elapsed_time_per_iteration_ms',
  'batch_time',
  'data_latency_ms',
  'time_per_step',
  'fwd_time_sec',
  'tokens_per_sec',
  'tokens_per_second',
  'samples_per_second',
  'throughput',
  'throughput_tokens_per_sec',
  'tok_s',
  'train_tps',
  'it_s',
  'tflops',
  'throughput_tflops',
  'model_tflops_per_gpu',
  'mfu',
  'train.mfu',
  'hfu_pct',
  'mfu_pct',
  'step_time_avg_s',
  'time_s',
  'mem_allocated_bytes',
  'memory_reserved_mb',
  'gpu_mem_gb',
  'hbm_used',
  'memory_percent',
  'train_runtime',
  'lr',
  'grad_norm',
  'perplexity',
  'val.ppl',
];

describe('statsdExporterMapping', () => {
  const text = statsdExporterMapping(metrics, { prefix: 'training_metrics' });
  const doc = load(text);
  const byMatch = (m: string) => doc.mappings.find((x) => x.match === m);

  it('loads as statsd_exporter loads a mapping (names, labels, glob syntax, regexes), with no scale anywhere', () => {
    const mapper = new ExporterMapper(text);
    expect(mapper.mappings.length).toBe(doc.mappings.length);
    expect(text).not.toMatch(/\bscale:/);
    for (const m of doc.mappings) {
      if (m.histogram_options) {
        expect(m.observer_type).toBe('histogram');
        const b = m.histogram_options.buckets;
        expect([...b].sort((x, y) => x - y)).toEqual(b);
        expect(new Set(b).size).toBe(b.length);
      }
    }
    expect(text).toContain(`statsd_exporter ${MIN_STATSD_EXPORTER_VERSION} or later`);
  });

  it('has no pair of glob matches the exporter warns about ("super set will never be matched")', () => {
    const columns = realHeaders().map((name) => ({ name, class: defaultClass(name) }));
    for (const yaml of [
      text,
      statsdExporterMapping([], { prefix: 'training_metrics' }),
      statsdExporterMapping(columns, { prefix: 'tm' }),
    ]) {
      expect(new ExporterMapper(yaml).supersetWarnings()).toEqual([]);
    }
    // The rule itself: the two same-match fallbacks an earlier mapping had (one per metric type) are caught.
    const earlier = [
      'mappings:',
      '  - { match: tm.*, match_metric_type: gauge, name: "tm_${1}" }',
      '  - { match: tm.*, match_metric_type: observer, name: "tm_${1}" }',
      '  - { match: tm.a.b, name: tm_a_b }',
      '  - { match: tm.*.*, name: "tm_${1}_${2}" }',
    ].join('\n');
    expect(new ExporterMapper(earlier).supersetWarnings()).toEqual([['tm.*', 'tm.*']]);
  });

  it('maps the loss gauge with its step label blanked', () => {
    expect(byMatch('training_metrics.train.lm_loss')).toEqual({
      match: 'training_metrics.train.lm_loss',
      name: 'training_metrics_train_lm_loss',
      help: MAPPING_HELP,
      match_metric_type: 'gauge',
      labels: { step: '' },
    });
  });

  it('maps timers to second histograms (statsd_exporter divides |ms by 1000)', () => {
    const m = byMatch('training_metrics.step_time_ms')!;
    expect(m).toMatchObject({
      name: 'training_metrics_step_time_seconds',
      match_metric_type: 'observer',
      observer_type: 'histogram',
    });
    expect(m.histogram_options!.buckets[0]).toBe(0.005);
  });

  it('maps windows to histograms named in base units, the values arriving converted, with the steps label blanked', () => {
    expect(byMatch('training_metrics.mfu_ratio')).toMatchObject({
      name: 'training_metrics_mfu_ratio',
      observer_type: 'histogram',
      labels: { steps: '' },
    });
    expect(byMatch('training_metrics.mfu_ratio')!.histogram_options!.buckets.at(-1)).toBe(1);
    expect(byMatch('training_metrics.memory.max_allocated_bytes')).toMatchObject({
      name: 'training_metrics_memory_max_allocated_bytes',
      histogram_options: { buckets: bucketsFor('bytes') },
    });
    expect(byMatch('training_metrics.flops_per_second')).toMatchObject({
      name: 'training_metrics_flops_per_second',
      histogram_options: { buckets: bucketsFor('flops_per_second') },
    });
    expect(byMatch('training_metrics.learning_rate')).toMatchObject({
      name: 'training_metrics_learning_rate',
      match_metric_type: 'gauge',
    });
  });

  it('matches a component starting with a digit by glob, as statsd_exporter accepts from v0.21.0', () => {
    expect(byMatch('training_metrics.gpu.0.power')).toMatchObject({ name: 'training_metrics_gpu_0_power' });
    expect(byMatch('training_metrics.gpu.0.power')!.match_type).toBeUndefined();
    // Without a prefix a leading digit cannot start a glob: an anchored regex instead.
    const bare = load(statsdExporterMapping([{ name: '0.loss', class: CLASSES.loss }], { prefix: '' }));
    const m = bare.mappings.find((x) => x.name === '_0_loss')!;
    expect(m).toMatchObject({ match_type: 'regex', match: '^0\\.loss$' });
  });

  it('maps the run, GPU and cost gauges the engine sends to the Pushgateway names', () => {
    expect(byMatch('training_metrics.gpu.util.mean_ratio')).toMatchObject({
      name: 'training_metrics_gpu_util_mean_ratio',
      match_metric_type: 'gauge',
    });
    expect(byMatch('training_metrics.gpu.run.memory.peak_bytes')).toMatchObject({
      name: 'training_metrics_gpu_run_memory_peak_bytes',
    });
    expect(byMatch('training_metrics.cost.gpu_seconds')).toMatchObject({ name: 'training_metrics_cost_gpu_seconds' });
    expect(byMatch('training_metrics.cost.total')).toMatchObject({ name: 'training_metrics_cost' });
    expect(byMatch('training_metrics.run.steps')).toMatchObject({ name: 'training_metrics_run_steps' });
    expect(byMatch('training_metrics.gate.regression')).toMatchObject({ name: 'training_metrics_gate_regression' });
  });

  it('skips ignored columns and ends with one catch-all that cleans any other name', () => {
    expect(doc.mappings.some((m) => m.match.includes('timestamp'))).toBe(false);
    expect(doc.mappings.at(-1)).toEqual({
      match: '^training_metrics\\.(.+)$',
      match_type: 'regex',
      name: 'training_metrics_${1}',
      help: MAPPING_HELP,
      labels: { step: '', steps: '' },
    });
    const mapper = new ExporterMapper(text);
    const other = mapper.lookup('training_metrics.some.thing', 'gauge')!;
    expect([escapeMetricName(other.name), other.labels]).toEqual([
      'training_metrics_some_thing',
      { step: '', steps: '' },
    ]);
    expect(() => statsdExporterMapping([], { prefix: '9lives' })).toThrow(/cannot be matched/);
  });
});

describe('statsdExporterMapping without the run files (by name pattern)', () => {
  const mapper = new ExporterMapper(statsdExporterMapping([], { prefix: 'training_metrics' }));

  /** What the exporter makes of a column's lines: [Prometheus name, histogram or summary or gauge]. */
  function mapped(header: string): [string, string] | null {
    const cls = defaultClass(header);
    if (cls.kind === 'ignore') return null;
    const type = cls.kind === 'loss' || cls.kind === 'gauge' ? 'gauge' : 'observer';
    const found = mapper.lookup(sentStatsdName('training_metrics', header, cls, 'plain'), type);
    if (!found) return ['(unmapped)', type];
    const shape = type === 'gauge' ? 'gauge' : (found.mapping.observer_type ?? 'summary');
    return [escapeMetricName(found.name), shape];
  }

  /** What the exporter makes of a column's level gauges: `name{quantile}` of each, and a loss's final. */
  function mappedLevels(header: string): string[] {
    const cls = defaultClass(header);
    const base = sentStatsdName('training_metrics', header, { kind: 'gauge', unit: cls.unit }, 'plain');
    const stats = ['steady.median', 'steady.p10', 'steady.p90', ...(cls.kind === 'loss' ? ['final'] : [])];
    return stats.map((stat) => {
      const found = mapper.lookup(`${base}.${stat}`, 'gauge');
      return found ? `${escapeMetricName(found.name)}${JSON.stringify(found.labels)}` : '(unmapped)';
    });
  }

  function expectedLevels(header: string): string[] {
    const cls = defaultClass(header);
    const { steady, final } = levelNames('training_metrics', { name: header, class: cls });
    const out = ['0.5', '0.1', '0.9'].map((q) => `${steady}${JSON.stringify({ quantile: q })}`);
    return cls.kind === 'loss' ? [...out, `${final}{}`] : out;
  }

  /** What a dashboard made from the files queries for the column. */
  function expected(header: string): [string, string] {
    const cls = defaultClass(header);
    const n = prometheusMetricName('training_metrics', header, statsdExporterUnit(cls));
    if (cls.kind === 'loss' || cls.kind === 'gauge') return [n.name, 'gauge'];
    return [n.name, bucketsFor(n.unit) ? 'histogram' : 'summary'];
  }

  it('names every real file column (and common spellings) as the dashboards query them', () => {
    const headers = [...new Set([...realHeaders(), ...COMMON_NAMES])].filter(
      (h) => h.trim() && !headerUnit(h) && defaultClass(h).kind !== 'ignore',
    );
    expect(headers.length).toBeGreaterThan(50);
    const wrong = headers.filter((h) => JSON.stringify(mapped(h)) !== JSON.stringify(expected(h)));
    expect(wrong.map((h) => `${h}: ${JSON.stringify(mapped(h))} ≠ ${JSON.stringify(expected(h))}`)).toEqual([]);
    // The level gauges of every loss, timer and window column: `<name>_steady{quantile}` and `<name>_final`.
    const leveled = headers.filter((h) => defaultClass(h).kind !== 'gauge');
    expect(leveled.length).toBeGreaterThan(30);
    const wrongLevels = leveled.filter((h) => JSON.stringify(mappedLevels(h)) !== JSON.stringify(expectedLevels(h)));
    expect(wrongLevels.map((h) => `${h}: ${mappedLevels(h).join(' ')} ≠ ${expectedLevels(h).join(' ')}`)).toEqual([]);
    // Histograms where the files' dashboard has them: windows and timers with a unit.
    expect(mapped('iteration-time')).toEqual(['training_metrics_iteration_time_seconds', 'histogram']);
    expect(mapped('mem-max-allocated-bytes')).toEqual(['training_metrics_mem_max_allocated_bytes', 'histogram']);
    expect(mapped('tokens_per_sec')).toEqual(['training_metrics_tokens_per_second', 'histogram']);
    expect(mapped('train_runtime')).toEqual(['training_metrics_train_runtime_seconds', 'gauge']);
  });

  it('works under a dotted prefix and under none', () => {
    const dotted = new ExporterMapper(statsdExporterMapping([], { prefix: 'my.team' }));
    expect(escapeMetricName(dotted.lookup('my.team.step_time_ms', 'observer')!.name)).toBe('my_team_step_time_seconds');
    expect(dotted.lookup('other.step_time_ms', 'observer')).toBeNull();
    const bare = new ExporterMapper(statsdExporterMapping([], { prefix: '' }));
    expect(escapeMetricName(bare.lookup('train.mfu', 'observer')!.name)).toBe('train_mfu_ratio');
    expect(escapeMetricName(bare.lookup('tflops', 'observer')!.name)).toBe('flops_per_second');
  });

  it('names a unit written only in a header suffix: the sink sends it in the name', () => {
    expect(mapped('memory.allocated [MiB]')).toEqual(['training_metrics_memory_allocated_bytes', 'histogram']);
    expect(expected('memory.allocated [MiB]')).toEqual(['training_metrics_memory_allocated_bytes', 'histogram']);
    expect(statsdExporterMapping([], { prefix: 'tm' })).toMatch(/# .*--csv FILE/);
  });
});

describe('buckets', () => {
  it('are about 25 % apart and cover the ranges of real jobs', () => {
    expect(exponentialBuckets(1, 2, 4)).toEqual([1, 2, 4, 8]);
    const seconds = bucketsFor('seconds')!;
    expect(seconds[0]).toBeLessThan(0.01);
    expect(seconds.at(-1)).toBeGreaterThan(30 * 60);
    expect(bucketsFor('bytes')!.at(-1)).toBeGreaterThan(192 * 2 ** 30); // an MI300X's HBM
    expect(bucketsFor('')).toBeNull();
  });
});

describe('a mapping that cannot break a scrape', () => {
  it('gives every rule one help text, so columns that share a Prometheus name share it too', () => {
    const text = statsdExporterMapping(
      [
        { name: 'step_time_ms', class: CLASSES.timerMs },
        { name: 'step_time', class: CLASSES.timerSeconds },
        { name: 'memory.allocated_bytes', class: CLASSES.memoryBytes },
        { name: 'memory.allocated [MiB]', class: CLASSES.memoryMiB },
      ],
      { prefix: 'tm' },
    );
    const rules = (parse(text) as { mappings: StatsdMapping[] }).mappings;
    expect(new Set(rules.map((r) => r.help))).toEqual(new Set([MAPPING_HELP]));
    const names = rules.map((r) => r.name);
    expect(names.filter((n) => n === 'tm_step_time_seconds')).toHaveLength(2);
    expect(names.filter((n) => n === 'tm_memory_allocated_bytes')).toHaveLength(2);
  });

  it('tells apart two columns that would give one name two types, and says so', () => {
    const warnings: string[] = [];
    const text = statsdExporterMapping(
      [
        { name: 'step_time', class: CLASSES.timerSeconds },
        { name: 'step_time_ms', class: { ...CLASSES.gauge, unit: 'milliseconds' } },
      ],
      { prefix: 'tm', warn: (w) => warnings.push(w) },
    );
    const rules = (parse(text) as { mappings: StatsdMapping[] }).mappings;
    const byColumn = (m: string) => rules.find((r) => r.match === m)!;
    expect(byColumn('tm.step_time')).toMatchObject({ name: 'tm_step_time_seconds', observer_type: 'histogram' });
    expect(byColumn('tm.step_time_seconds')).toMatchObject({
      name: 'tm_step_time_seconds_gauge',
      match_metric_type: 'gauge',
    });
    expect(warnings).toEqual([
      'columns "step_time" (histogram) and "step_time_ms" (gauge) both map to tm_step_time_seconds: the second is named tm_step_time_seconds_gauge',
    ]);
  });
});
