import { readFileSync } from 'node:fs';
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

  it("reads the labels of a GPU exporter's scrape: dcgm-exporter's driver, nvidia_gpu_exporter's driver and CUDA", () => {
    // The series as dcgm-exporter's README prints them (3.x and later put the driver on every series).
    const dcgm = [
      '# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency (in MHz).',
      '# TYPE DCGM_FI_DEV_SM_CLOCK gauge',
      'DCGM_FI_DEV_SM_CLOCK{gpu="0",UUID="GPU-604ac76c-d9cf-fef3-62e9-d92044ab6e52",device="nvidia0",modelName="NVIDIA H100 80GB HBM3",Hostname="node-1",DCGM_FI_DRIVER_VERSION="550.54.15"} 1980',
      'DCGM_FI_DEV_SM_CLOCK{gpu="1",UUID="GPU-704ac76c-d9cf-fef3-62e9-d92044ab6e52",device="nvidia1",modelName="NVIDIA H100 80GB HBM3",Hostname="node-1",DCGM_FI_DRIVER_VERSION="550.54.15"} 1980',
    ].join('\n');
    expect(driverInfo(dcgm)).toEqual({ driver: '550.54.15' });
    const scrape = readFileSync('fixtures/real/prometheus_exposition_nvidia_gpu_exporter_h100_load.metrics', 'utf8');
    expect(driverInfo(scrape)).toEqual({ driver: '590.48.01', cuda: '13.1' });
  });

  it('says nothing about a capture without the column', () => {
    expect(driverInfo('timestamp, index, utilization.gpu [%]\n2024/03/05 10:00:00.000, 0, 97\n')).toEqual({});
  });
});
