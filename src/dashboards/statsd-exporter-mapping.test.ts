import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLASSES } from '../../test/helpers/run-summaries.js';
import {
  bucketsFor,
  exponentialBuckets,
  statsdExporterMapping,
  type MappingMetric,
  type StatsdMapping,
} from './statsd-exporter-mapping.js';

// The checks statsd_exporter itself makes when it loads a mapping (pkg/mapper/mapper.go).
const statsdMetricRE = '[a-zA-Z_](-?[a-zA-Z0-9_])*';
const metricLineRE = new RegExp(`^(\\*\\.|${statsdMetricRE}\\.)+(\\*|${statsdMetricRE})$`);
const metricNameRE = /^([a-zA-Z_]|(\$\{?\d+\}?))([a-zA-Z0-9_]|(\$\{?\d+\}?))*$/;
const labelNameRE = /^[a-zA-Z_][a-zA-Z0-9_]+$/;

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

describe('statsdExporterMapping', () => {
  const doc = load(statsdExporterMapping(metrics, { prefix: 'training_metrics' }));
  const byMatch = (m: string) => doc.mappings.find((x) => x.match === m);

  it('passes the checks statsd_exporter makes when it loads the file', () => {
    for (const m of doc.mappings) {
      if (m.match_type !== 'regex') expect(m.match).toMatch(metricLineRE);
      else expect(() => new RegExp(m.match)).not.toThrow();
      expect(m.name).toMatch(metricNameRE);
      for (const key of Object.keys(m.labels ?? {})) expect(key).toMatch(labelNameRE);
      if (m.histogram_options) {
        expect(m.observer_type).toBe('histogram');
        const b = m.histogram_options.buckets;
        expect([...b].sort((x, y) => x - y)).toEqual(b);
        expect(new Set(b).size).toBe(b.length);
      }
    }
  });

  it('maps the loss gauge with its step label blanked', () => {
    expect(byMatch('training_metrics.train.lm_loss')).toEqual({
      match: 'training_metrics.train.lm_loss',
      name: 'training_metrics_train_lm_loss',
      help: '"train.lm_loss"',
      match_metric_type: 'gauge',
      labels: { step: '' },
    });
  });

  it('maps timers to second histograms without a scale (statsd_exporter divides |ms by 1000)', () => {
    const m = byMatch('training_metrics.step_time_ms')!;
    expect(m).toMatchObject({
      name: 'training_metrics_step_time_seconds',
      match_metric_type: 'observer',
      observer_type: 'histogram',
    });
    expect(m.scale).toBeUndefined();
    expect(m.histogram_options!.buckets[0]).toBe(0.005);
  });

  it('maps windows to histograms in base units, scaled, with the steps label blanked', () => {
    expect(byMatch('training_metrics.mfu')).toMatchObject({
      name: 'training_metrics_mfu_ratio',
      scale: 0.01,
      observer_type: 'histogram',
      labels: { steps: '' },
    });
    expect(byMatch('training_metrics.mfu')!.histogram_options!.buckets.at(-1)).toBe(1);
    expect(byMatch('training_metrics.memory.max_allocated')).toMatchObject({
      name: 'training_metrics_memory_max_allocated_bytes',
      scale: 1048576,
    });
    expect(byMatch('training_metrics.tflops')).toMatchObject({
      name: 'training_metrics_flops_per_second',
      scale: 1e12,
    });
    expect(byMatch('training_metrics.learning_rate')).toMatchObject({
      name: 'training_metrics_learning_rate',
      match_metric_type: 'gauge',
    });
    expect(byMatch('training_metrics.learning_rate')!.scale).toBeUndefined();
  });

  it('matches a key the glob syntax refuses (a component starting with a digit) with an anchored regex', () => {
    const m = doc.mappings.find((x) => x.name === 'training_metrics_gpu_0_power')!;
    expect(m).toMatchObject({ match_type: 'regex', match: '^training_metrics\\.gpu\\.0\\.power$' });
    expect(new RegExp(m.match).test('training_metrics.gpu.0.power')).toBe(true);
    expect(new RegExp(m.match).test('training_metrics.gpu.0Xpower')).toBe(false);
  });

  it('maps the run, GPU and cost gauges the engine sends to the Pushgateway names', () => {
    expect(byMatch('training_metrics.gpu.util.mean')).toMatchObject({
      name: 'training_metrics_gpu_util_mean_ratio',
      scale: 0.01,
      match_metric_type: 'gauge',
    });
    expect(byMatch('training_metrics.gpu.run.memory.peak')).toMatchObject({
      name: 'training_metrics_gpu_run_memory_peak_bytes',
      scale: 1048576,
    });
    expect(byMatch('training_metrics.cost.gpu_hours')).toMatchObject({
      name: 'training_metrics_cost_gpu_seconds',
      scale: 3600,
    });
    expect(byMatch('training_metrics.cost.total')).toMatchObject({ name: 'training_metrics_cost' });
    expect(byMatch('training_metrics.run.steps')).toMatchObject({ name: 'training_metrics_run_steps' });
    expect(byMatch('training_metrics.gate.regression')).toMatchObject({ name: 'training_metrics_gate_regression' });
  });

  it('skips ignored columns and ends with glob fallbacks that keep the same names', () => {
    expect(doc.mappings.some((m) => m.match.includes('timestamp'))).toBe(false);
    expect(byMatch('training_metrics.*.*')).toMatchObject({
      name: 'training_metrics_${1}_${2}',
      match_metric_type: 'gauge',
    });
    const fallbacks = doc.mappings.filter((m) => m.match.includes('*'));
    expect(fallbacks).toHaveLength(8);
    expect(doc.mappings.indexOf(fallbacks[0]!)).toBe(doc.mappings.length - 8);
  });

  it('still works with no metric list (fallbacks only) and refuses a prefix no glob can match', () => {
    const bare = load(statsdExporterMapping([], { prefix: 'tm', fallbackDepth: 2 })).mappings.map((m) => m.match);
    expect(bare.slice(-4)).toEqual(['tm.*', 'tm.*', 'tm.*.*', 'tm.*.*']);
    expect(bare.filter((m) => !m.includes('*')).every((m) => /^tm\.(run|gate|gpu|cost)\./.test(m))).toBe(true);
    expect(() => statsdExporterMapping([], { prefix: '9lives' })).toThrow(/cannot be matched/);
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
