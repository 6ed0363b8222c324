import { describe, expect, it } from 'vitest';
import { defaultClass } from '../classify/defaults.js';
import { metricKey } from '../naming.js';
import { metricFamily } from './family.js';

const family = (header: string) => metricFamily(metricKey(header), defaultClass(header)).id;

describe('metricFamily', () => {
  it('puts the throughput measures in one family', () => {
    expect(
      new Set(['MFU', 'Tflops', 'step_time', 'tokens_per_second', 'elapsed_time_per_iteration (ms)'].map(family)),
    ).toEqual(new Set(['throughput']));
  });
  it('keeps memory together and each loss apart', () => {
    expect(family('memory.allocated [MiB]')).toBe('memory');
    expect(family('mem_reserved_bytes')).toBe('memory');
    expect(family('train.lm_loss')).toBe('loss:train.lm_loss');
    expect(family('val loss')).toBe('loss:val_loss');
  });
  it('keeps GPU telemetry activity apart from the training loop throughput', () => {
    const util = metricFamily('gpu.utilization', { kind: 'window', direction: 'higher', unit: 'percent' }).id;
    expect(util).toBe('gpu');
    expect(metricFamily('gpu.sm_active', { kind: 'window', direction: 'higher', unit: 'percent' }).id).toBe(util);
    expect(metricFamily('gpu.memory.used', { kind: 'window', direction: 'lower', unit: 'mebibytes' }).id).toBe(
      'memory',
    );
  });
});
