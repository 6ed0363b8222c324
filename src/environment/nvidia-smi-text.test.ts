import { describe, expect, it } from 'vitest';
import { driverInfo } from './nvidia-smi-text.js';

describe('driverInfo', () => {
  it("reads nvidia-smi's table header", () => {
    const text = [
      'Tue Mar  5 10:00:00 2024',
      '+-----------------------------------------------------------------------------------------+',
      '| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |',
      '|-----------------------------------------+------------------------+----------------------+',
    ].join('\n');
    expect(driverInfo(text)).toEqual({ driver: '550.54.15', cuda: '12.4' });
  });

  it('reads nvidia-smi -q, leaving out N/A', () => {
    const text =
      'Driver Version                            : 560.35.03\nCUDA Version                              : 12.6\n';
    expect(driverInfo(text)).toEqual({ driver: '560.35.03', cuda: '12.6' });
    expect(driverInfo('Driver Version : N/A\n')).toEqual({});
  });

  it('reads a driver_version column of a capture CSV; nodes that disagree are joined', () => {
    const csv =
      'timestamp, index, driver_version, utilization.gpu [%]\n2024/03/05 10:00:00.000, 0, 550.54.15, 97\n2024/03/05 10:00:00.000, 1, 550.90.07, 96\n';
    expect(driverInfo(csv)).toEqual({ driver: '550.54.15,550.90.07' });
  });

  it('says nothing about a capture without the column', () => {
    expect(driverInfo('timestamp, index, utilization.gpu [%]\n2024/03/05 10:00:00.000, 0, 97\n')).toEqual({});
  });
});
