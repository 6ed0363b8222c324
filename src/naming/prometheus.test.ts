import { describe, expect, it } from 'vitest';
import { prometheusLabelName, prometheusMetricName, runFamilyNames } from './prometheus.js';

const push = (header: string, unit: string) => prometheusMetricName('training_metrics', header, unit);

describe('prometheusMetricName (base units)', () => {
  it('turns MFU in percent into a ratio', () => {
    expect(push('MFU', 'percent')).toEqual({ name: 'training_metrics_mfu_ratio', factor: 0.01, unit: 'ratio' });
  });
  it('turns a step time in milliseconds into seconds without doubling the unit word', () => {
    expect(push('step_time_ms', 'milliseconds')).toEqual({
      name: 'training_metrics_step_time_seconds',
      factor: 0.001,
      unit: 'seconds',
    });
    expect(push('iteration-time', 'seconds').name).toBe('training_metrics_iteration_time_seconds');
  });
  it('turns MiB into bytes and keeps bytes', () => {
    expect(push('memory.max_allocated [MiB]', 'mebibytes')).toEqual({
      name: 'training_metrics_memory_max_allocated_bytes',
      factor: 1048576,
      unit: 'bytes',
    });
    expect(push('mem-allocated-bytes', 'bytes')).toEqual({
      name: 'training_metrics_mem_allocated_bytes',
      factor: 1,
      unit: 'bytes',
    });
  });
  it('turns TFLOP/s into FLOP/s, and a name that is only a unit word into the unit', () => {
    expect(push('Tflops', 'tflops')).toEqual({
      name: 'training_metrics_flops_per_second',
      factor: 1e12,
      unit: 'flops_per_second',
    });
    expect(push('throughput_tokens_per_sec', 'tokens_per_second').name).toBe(
      'training_metrics_throughput_tokens_per_second',
    );
  });
  it('names rates per second and converts the other units the classifier knows', () => {
    expect(push('throughput_tokens_per_sec', 'per_second').name).toBe('training_metrics_throughput_tokens_per_second');
    expect(push('samples_per_second', 'per_second').name).toBe('training_metrics_samples_per_second');
    expect(push('memory.used [GiB]', 'gibibytes')).toEqual({
      name: 'training_metrics_memory_used_bytes',
      factor: 2 ** 30,
      unit: 'bytes',
    });
    expect(push('gpu.power [W]', 'watts').name).toBe('training_metrics_gpu_power_watts');
    expect(push('clocks.sm [MHz]', 'megahertz')).toEqual({
      name: 'training_metrics_clocks_sm_hertz',
      factor: 1e6,
      unit: 'hertz',
    });
  });
  it('names the GPU and cost gauges cleanly, never with _total', () => {
    expect(push('gpu.util.mean', 'percent').name).toBe('training_metrics_gpu_util_mean_ratio');
    expect(push('gpu.memory.peak_fraction', 'ratio').name).toBe('training_metrics_gpu_memory_peak_ratio');
    expect(push('cost.gpu_hours', 'hours')).toEqual({
      name: 'training_metrics_cost_gpu_seconds',
      factor: 3600,
      unit: 'seconds',
    });
    expect(push('cost.total', 'currency').name).toBe('training_metrics_cost');
    expect(push('total', 'count').name).toBe('training_metrics_total');
  });
  it('keeps unitless names as snake_case and never adds _total', () => {
    expect(push('lm loss', '').name).toBe('training_metrics_lm_loss');
    expect(push('train.lm_loss', '').name).toBe('training_metrics_train_lm_loss');
    expect(push('consumed_tokens', 'count').name).toBe('training_metrics_consumed_tokens');
  });
  it('makes a valid name without a prefix', () => {
    expect(prometheusMetricName('', '8bit_loss', '').name).toBe('_8bit_loss');
  });
});

describe('prometheusLabelName', () => {
  it('makes tag keys valid label names', () => {
    expect(prometheusLabelName('branch_type')).toBe('branch_type');
    expect(prometheusLabelName('gpu.type')).toBe('gpu_type');
    expect(prometheusLabelName('k8s/cluster-name')).toBe('k8s_cluster_name');
    expect(prometheusLabelName('__name__')).toBe('name__');
    expect(prometheusLabelName('8gpu')).toBe('_8gpu');
    expect(prometheusLabelName('...')).toBe('');
  });
});

describe('runFamilyNames', () => {
  it('uses the prefix', () => {
    expect(runFamilyNames('tm')).toMatchObject({
      steps: 'tm_run_steps',
      duration: 'tm_run_duration_seconds',
      verdict: 'tm_gate_verdict',
    });
  });
});
