import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from './read.js';

describe('readEnvironment', () => {
  it('reads the files whole and a missing capture as telling nothing (the GPU stage reports it)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-env-read-'));
    const freeze = join(dir, 'freeze.txt');
    await writeFile(freeze, 'torch==2.5.0\n');
    const r = await readEnvironment({ files: [freeze], gpuCaptures: [join(dir, 'missing.csv')] });
    expect(r.environment).toEqual({ torch: '2.5.0' });
    await expect(readEnvironment({ files: [join(dir, 'nope.txt')], gpuCaptures: [] })).rejects.toThrow(
      /nope\.txt: file not found/,
    );
  });

  it('takes the driver and CUDA from a real nvidia_gpu_exporter scrape, whose info series is 17 KB in', async () => {
    const r = await readEnvironment({
      files: [],
      gpuCaptures: [],
      gpuScrapes: ['fixtures/real/prometheus_exposition_nvidia_gpu_exporter_h100_load.metrics'],
    });
    expect(r.environment).toEqual({ driver: '590.48.01', cuda: '13.1' });
  });
});
