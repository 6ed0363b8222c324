import { describe, expect, it } from 'vitest';
import { collectEnvironment } from './collect.js';

describe('collectEnvironment', () => {
  it('joins runner, capture, image and files; a file overrides what came before it', () => {
    const { environment, warnings } = collectEnvironment({
      runner: { name: 'dgx-07', os: 'Linux', environment: 'self-hosted' },
      containerImage: 'nvcr.io/nvidia/pytorch@sha256:ab',
      captures: ['timestamp, driver_version\n2024/01/01, 550.54.15\n', 'no header here\n'],
      files: [
        { source: 'freeze.txt', text: 'torch==2.4.1\nnvidia-nccl-cu12==2.20.5\n' },
        { source: 'extra.json', text: '{"cuda": "12.4", "torch": "2.4.1+cu124"}' },
      ],
    });
    expect(warnings).toEqual([]);
    expect(environment).toEqual({
      os: 'Linux',
      runner: 'dgx-07',
      driver: '550.54.15',
      image: 'nvcr.io/nvidia/pytorch@sha256:ab',
      'nvidia-nccl-cu12': '2.20.5',
      torch: '2.4.1+cu124',
      cuda: '12.4',
    });
  });

  it('is null when nothing says anything', () => {
    expect(collectEnvironment({ captures: ['timestamp, index\n'] })).toEqual({ environment: null, warnings: [] });
  });

  it('passes a bad file on as its InputError', () => {
    expect(() => collectEnvironment({ files: [{ source: 'f.txt', text: 'torch==1\n???\n' }] })).toThrow(/^f\.txt:2: /);
  });
});
