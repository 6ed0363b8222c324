import { describe, expect, it } from 'vitest';
import { columnName } from './column-name.js';

describe('columnName', () => {
  it('gives nvidia-smi names and the names wrappers write one normal form, the unit kept apart', () => {
    const same = (a: string, b: string) => expect(columnName(a).key).toBe(columnName(b).key);
    same('utilization_gpu_percent', 'utilization.gpu [%]');
    same('gpu_utilization', 'utilization.gpu');
    same('gpuUtil', 'utilization.gpu');
    same('memory_used_MiB', 'memory.used [MiB]');
    same('memoryUsedMiB', 'memory.used');
    same('mem-used', 'memory.used');
    same('power_W', 'power.draw [W]');
    same('temperature_C', 'temperature.gpu');
    same('temp', 'temperature.gpu');
    same('gpu_index', 'index');
    same('clocks.current.sm', 'clocks.sm [MHz]');
    same('timestamp_ms', 'timestamp');
    same('power_mW', 'power.draw');
    expect(columnName('utilization_gpu_percent').unit).toBe('%');
    expect(columnName('memory_used_MiB').unit).toBe('MiB');
    expect(columnName('memory.used [MiB]').unit).toBe('MiB');
    expect(columnName('power_W').unit).toBe('W');
    expect(columnName('temperature_C').unit).toBe('C');
    expect(columnName('time_ms').unit).toBe('ms');
    expect(columnName('power_mW').unit).toBe('mW');
  });

  it('keeps apart what differs: memory utilisation, memory temperature, the gpu device column', () => {
    const differ = (a: string, b: string) => expect(columnName(a).key).not.toBe(columnName(b).key);
    differ('utilization.memory', 'utilization.gpu');
    differ('temperature.memory', 'temperature.gpu');
    differ('memory.total', 'memory.used');
    differ('power.limit', 'power.draw');
    expect(columnName('gpu').key).toBe('gpu');
    // A one-word name is never read as a unit.
    expect(columnName('c')).toEqual({ key: 'c', unit: '' });
  });
});
