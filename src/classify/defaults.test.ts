import { describe, expect, it } from 'vitest';
import { defaultClass } from './defaults.js';

const kindOf = (h: string) => defaultClass(h).kind;

describe('defaultClass', () => {
  it.each([
    ['lm loss', 'loss'],
    ['train_loss', 'loss'],
    ['train.lm_loss', 'loss'],
    ['eval_loss', 'loss'],
    ['loss', 'loss'],
    ['iteration-time', 'timer'],
    ['step_time', 'timer'],
    ['elapsed time per iteration (ms)', 'timer'],
    ['tokens_per_sec', 'window'],
    ['tok_per_s', 'window'],
    ['tok/s', 'window'],
    ['throughput_tokens_per_sec_per_gpu', 'window'],
    ['train_samples_per_second', 'window'],
    ['mfu', 'window'],
    ['MFU', 'window'],
    ['Tflops', 'window'],
    ['mem-max-allocated-bytes', 'window'],
    ['memory.used [MiB]', 'window'],
    ['memory.allocated [MiB]', 'window'],
    ['consumed_tokens', 'gauge'],
    ['num-zeros', 'gauge'],
    ['learning_rate', 'gauge'],
    ['lr', 'gauge'],
    ['grad_norm', 'gauge'],
    ['epoch', 'gauge'],
    ['train_runtime', 'gauge'],
    ['eta_seconds', 'gauge'],
    ['time_remaining', 'gauge'],
    ['total_flos', 'gauge'],
    ['eval_wer', 'gauge'],
    // Counters named as such are gauges, even under a throughput or time name; a total loss is a loss.
    ['throughput/total_training_Gflops', 'gauge'],
    ['throughput/total_tokens', 'gauge'],
    ['accumulated_submission_time', 'gauge'],
    ['total_duration', 'gauge'],
    ['cumulative_tokens', 'gauge'],
    ['memory.total', 'gauge'],
    ['total_loss', 'loss'],
    ['throughput_total_tokens_per_sec', 'window'],
    // Telemetry that names memory without being memory use (amd-smi and nvidia-smi field names).
    ['mem_0_clk', 'gauge'],
    ['mem_voltage', 'gauge'],
    ['temperature.memory', 'gauge'],
    ['ecc.errors.corrected.volatile.device_memory', 'gauge'],
    ['memory.used', 'window'],
  ])('%s is %s', (header, kind) => {
    expect(kindOf(header)).toBe(kind);
  });

  it('gives direction and unit', () => {
    expect(defaultClass('MFU')).toMatchObject({ direction: 'higher', gate: true, unit: 'ratio' });
    expect(defaultClass('iteration-time')).toMatchObject({ direction: 'lower', unit: 'seconds' });
    expect(defaultClass('elapsed time per iteration (ms)')).toMatchObject({ unit: 'milliseconds' });
    expect(defaultClass('memory.used [MiB]')).toMatchObject({ direction: 'lower', unit: 'mebibytes' });
    // MB means MiB whether written as a suffix or in the name, as training code and older nvidia-smi mean it.
    expect(defaultClass('memory.used [MB]')).toMatchObject({ unit: 'mebibytes' });
    expect(defaultClass('max_memory_allocated_mb')).toMatchObject({ unit: 'mebibytes' });
    expect(defaultClass('hbm_peak_gb')).toMatchObject({ unit: 'gibibytes' });
    expect(defaultClass('hbm peak [GB]')).toMatchObject({ unit: 'gibibytes' });
    expect(defaultClass('mem-max-allocated-bytes')).toMatchObject({ unit: 'bytes' });
    expect(defaultClass('utilization.gpu [%]')).toMatchObject({ unit: 'percent' });
    expect(defaultClass('consumed_tokens')).toMatchObject({ direction: 'none', gate: false });
    expect(defaultClass('lm loss')).toMatchObject({ direction: 'lower', gate: true });
  });
});
